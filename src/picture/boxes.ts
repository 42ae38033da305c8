// Client-node boxes and the lane of pending placements as SVG: the frame in
// the node's condition (solid ready, dotted initializing or ineligible,
// dashed and striped draining, dashed gone, thick and hatched down), the
// header, the cards, the count of those folded away.

import { boxMeta, conditionBadges, laneCanaries, laneNote, laneTitle } from '../graph/labels.ts';
import { BOX, cardOffset, ghostOffset, laneHeader, LANE } from '../graph/layout.ts';
import type { LaneView, NodeBoxView, Positioned } from '../graph/model.ts';
import { CONDITIONS } from '../graph/vocabulary.ts';
import { drawCard, drawGhost, drawMore } from './cards.ts';
import { drawLine, drawRun, fillAttrs, flowLines, type Run, strokeAttrs } from './chips.ts';
import { drawFoldLine } from './fold.ts';
import { framedRect, type Hatch } from './hatch.ts';
import type { Palette } from './palette.ts';
import { fitText, wrapText } from './textWidth.ts';
import { el, text } from './xml.ts';

// HATCHES are the boxes' striped backgrounds, as graph.css draws them: a
// draining node's stripes, a down node's red hatching.
const HATCHES = {
  draining: { angle: 135, period: 24, width: 12 },
  down: { angle: 45, period: 16, width: 8 },
} as const satisfies Record<string, Hatch>;

/** Frame is a box's outline (colour, width, dashes) and its background: one colour, or stripes of a colour over another. */
interface Frame {
  color: string;
  width: number;
  dash?: string;
  fill: string;
  stripes?: { hatch: Hatch; color: string };
}

// frame is the box's outline and background by the node's condition, as graph.css draws them.
function frame(v: NodeBoxView, p: Palette): Frame {
  if (v.condition === 'down')
    return { color: p.nodeDown, width: 4, fill: p.surface, stripes: { hatch: HATCHES.down, color: p.nodeDownBg } };
  if (v.condition === 'gc') return { color: p.nodeGc, width: 2, dash: '6,4', fill: p.surface2 };
  if (v.draining)
    return {
      color: p.nodeDrain,
      width: 3,
      dash: '9,5',
      fill: p.surface,
      stripes: { hatch: HATCHES.draining, color: p.surface2 },
    };
  if (v.ineligible) return { color: p.nodeInelig, width: 3, dash: '2,3', fill: p.surface };
  if (v.condition === 'initializing') return { color: p.nodeInit, width: 2, dash: '2,3', fill: p.surface };
  return { color: p.nodeReady, width: 2, fill: p.surface };
}

/** conditionRun is a node condition's badge: its symbol and label, white on the condition's colour. */
export function conditionRun(c: ReturnType<typeof conditionBadges>[number], p: Palette): Run {
  const fill = {
    initializing: p.nodeInit,
    down: p.nodeDown,
    disconnected: p.nodeDisconnected,
    gc: p.nodeGc,
    draining: p.nodeDrain,
    ineligible: p.nodeInelig,
  }[c];
  return {
    text: `${CONDITIONS[c].symbol} ${CONDITIONS[c].label}`,
    size: 11,
    bold: true,
    color: '#fff',
    chip: { fill, pad: 5 },
  };
}

// rectFrame draws a frame inside a rectangle, its stroke within the rectangle (as the page's inset outline).
function rectFrame(b: Positioned<unknown>, f: Frame): string {
  return framedRect({
    rect: { x: b.x + f.width / 2, y: b.y + f.width / 2, width: b.width - f.width, height: b.height - f.width, rx: 6 },
    fill: f.fill,
    stripes: f.stripes,
    stroke: { ...strokeAttrs(f.color), 'stroke-width': f.width, 'stroke-dasharray': f.dash },
  });
}

/** drawBox draws a client node's box and its cards, `columns` cards side by side, then the line counting those folded away. */
export function drawBox(b: Positioned<NodeBoxView>, columns: number, p: Palette): string {
  const v = b.view;
  let out = rectFrame(b, frame(v, p));
  const gc = v.condition === 'gc';
  const inner = b.width - 2 * BOX.padding;
  const name = gc ? `${CONDITIONS.gc.symbol} ${v.nodeID || '(no node)'}` : v.name;
  const head: Run[] = [
    { text: fitText(name, inner, 13, true), size: 13, bold: true, color: p.text },
    { text: boxMeta(v), size: 11, color: p.muted },
  ];
  const badges = conditionBadges(v);
  let lines = flowLines(
    [...head, ...badges.map((c) => conditionRun(c, p))].map((r) => [r]),
    inner,
    6,
  );
  // The header holds two lines: past them, the badges shrink to their symbols (the legend names them).
  if (lines.length > 2) {
    const symbols = badges.map((c) => ({ ...conditionRun(c, p), text: CONDITIONS[c].symbol }));
    lines = flowLines(
      [...head, ...symbols].map((r) => [r]),
      inner,
      6,
    );
  }
  lines.forEach((line, i) => (out += drawLine(line, b.x + BOX.padding, b.y + 19 + i * 16, 6)));
  out += el('line', {
    x1: b.x + 2,
    y1: b.y + BOX.header - 0.5,
    x2: b.x + b.width - 2,
    y2: b.y + BOX.header - 0.5,
    ...strokeAttrs(p.border),
  });
  if (v.allocs.length === 0 && v.folded === 0) {
    out += text(
      {
        x: b.x + BOX.padding,
        y: b.y + BOX.header + 18,
        'font-size': 12,
        'font-style': 'italic',
        ...fillAttrs(p.muted),
      },
      'no allocations',
    );
  }
  v.allocs.forEach((c, i) => {
    const o = cardOffset(i, columns);
    out += drawCard(c, b.x + o.x, b.y + o.y, p);
  });
  if (v.folded > 0) out += drawFoldLine(b, p);
  return el(
    'g',
    {
      'data-testid': 'client-node',
      'data-node-id': v.nodeID,
      'data-condition': v.condition,
      'data-draining': v.draining ? 'true' : undefined,
    },
    out,
  );
}

/** drawLane draws the lane of pending placements: its header, its ghost cards and aggregates. */
export function drawLane(l: Positioned<LaneView>, p: Palette): string {
  const v = l.view;
  let out = rectFrame(l, { color: p.ghost, width: 2, dash: '6,4', fill: p.ghostBg });
  const cards = v.placements.length + v.more.length;
  const header = laneHeader(cards, v.columns, laneCanaries(v) > 0);
  const inner = l.width - 2 * LANE.padding;
  out += drawRun(
    { text: fitText(laneTitle(v), inner, 13, true), size: 13, bold: true, color: p.text },
    l.x + LANE.padding,
    l.y + 19,
  );
  const note = laneNote(v);
  if (note !== '') {
    wrapText(note, inner, 11, 2).forEach((line, i) => {
      out += text({ x: l.x + LANE.padding, y: l.y + 35 + i * 14, 'font-size': 11, ...fillAttrs(p.muted) }, line);
    });
  }
  out += el('line', {
    x1: l.x + 2,
    y1: l.y + header - 0.5,
    x2: l.x + l.width - 2,
    y2: l.y + header - 0.5,
    ...strokeAttrs(p.border),
  });
  if (v.total === 0) {
    out += text(
      { x: l.x + LANE.padding, y: l.y + header + 18, 'font-size': 12, 'font-style': 'italic', ...fillAttrs(p.muted) },
      'nothing to place',
    );
  }
  v.placements.forEach((g, i) => {
    const o = ghostOffset(i, v.columns, header);
    out += drawGhost(g, l.x + o.x, l.y + o.y, p);
  });
  v.more.forEach((m, j) => {
    const o = ghostOffset(v.placements.length + j, v.columns, header);
    out += drawMore(m, l.x + o.x, l.y + o.y, p);
  });
  return el('g', { 'data-testid': 'placement-lane', 'data-total': v.total }, out);
}
