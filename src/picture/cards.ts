// Allocation cards and ghost cards as SVG, drawn as graph.css draws them:
// a card with its decision's stripe, name index, group, job version in its
// era (current, old, going away, gone), client status and badges, and the
// decision; a ghost card dashed, with its new version and its tag.

import {
  actionFlagged,
  actionLine,
  clip,
  clock,
  ghostTag,
  GROUP_CHARS,
  healthShown,
  laterMark,
  MARKED_GROUP_CHARS,
  waitFor,
} from '../graph/labels.ts';
import { CARD } from '../graph/layout.ts';
import type { AllocCard, Era, GhostCard, MorePlacements } from '../graph/model.ts';
import type { LaterChangeCode } from '../result/laterReleases.ts';
import { healthSymbol } from '../graph/vocabulary.ts';
import { drawLine, drawRun, fillAttrs, type Run, runWidth, strokeAttrs } from './chips.ts';
import { framedRect, type Hatch } from './hatch.ts';
import type { Palette } from './palette.ts';
import { fitText, wrapText } from './textWidth.ts';
import { el } from './xml.ts';

// The card's inner edges, as graph.css pads it: a 5 px stripe, then 6 px; 4 px on the right.
const LEFT = 11;
const RIGHT = 5;
const INNER = CARD.width - LEFT - RIGHT;
const GAP = 4;

/** actionColor is the colour of a decision (the card's stripe and decision line). */
export function actionColor(action: AllocCard['action'], p: Palette): string {
  const by: Record<AllocCard['action'], string> = {
    ignore: p.ignore,
    stop: p.stop,
    lost: p.lost,
    migrate: p.migrate,
    destructive: p.destructive,
    inplace: p.inplace,
    'reschedule-now': p.rescheduleNow,
    'reschedule-later': p.rescheduleLater,
    canary: p.canary,
  };
  return by[action];
}

// statusColor is the colour a client status is written in.
function statusColor(status: string, p: Palette): string {
  const by: Record<string, string> = {
    running: p.stRunning,
    pending: p.stPending,
    complete: p.stComplete,
    failed: p.stFailed,
    lost: p.stLost,
  };
  return by[status] ?? p.text;
}

/** canaryBadge is the "C" badge of a canary allocation. */
export function canaryBadge(p: Palette): Run {
  return { text: 'C', size: 11, bold: true, color: '#1b1f24', chip: { fill: p.canary, pad: 3 } };
}

/** healthBadge is the badge of an allocation's deployment health: ✓ on green, ✗ on red, ? outlined. */
export function healthBadge(healthy: boolean | null, p: Palette): Run {
  const symbol = healthSymbol(healthy);
  if (healthy === null)
    return { text: symbol, size: 11, bold: true, color: p.muted, chip: { stroke: p.muted, pad: 3 } };
  return {
    text: symbol,
    size: 11,
    bold: true,
    color: '#fff',
    chip: { fill: healthy ? p.stRunning : p.stFailed, pad: 3 },
  };
}

/** laterBadge is the mark of a decision a Nomad release after 1.6.5 changed: the first such release, outlined. */
export function laterBadge(later: readonly LaterChangeCode[], p: Palette): Run {
  return { text: laterMark(later), size: 11, bold: true, color: p.focus, chip: { stroke: p.focus, pad: 2 } };
}

// HeadPlace is where a card's head line goes: its left edge, its width and its baseline.
interface HeadPlace {
  x: number;
  width: number;
  y: number;
}

// headLine draws a card's head, its index and group, with its later-release
// mark at the line's right end when it has one; the group is cut to the room left.
function headLine(index: Run, group: string, later: readonly LaterChangeCode[], at: HeadPlace, p: Palette): string {
  const mark = later.length > 0 ? laterBadge(later, p) : null;
  const room = at.width - runWidth(index) - GAP - (mark === null ? 0 : runWidth(mark) + GAP);
  const groupRun: Run = { text: fitText(group, room, 11), size: 11, color: p.muted, strike: index.strike };
  let out = drawLine([index, groupRun], at.x, at.y, GAP);
  if (mark !== null)
    out += el('g', { 'data-testid': 'later-mark' }, drawRun(mark, at.x + at.width - runWidth(mark), at.y - 1));
  return out;
}

// badges are a card's canary and health badges.
function badges(c: AllocCard, p: Palette): Run[] {
  const out: Run[] = [];
  if (c.canary) out.push(canaryBadge(p));
  if (healthShown(c)) out.push(healthBadge(c.healthy, p));
  return out;
}

// GOING_STRIPES are a going-away card's stripes, as graph.css draws them: 2 px in every 8, across 135°.
const GOING_STRIPES: Hatch = { angle: 135, period: 8, width: 2 };

/**
 * versionRun is a card's job version as a chip in its era, as graph.css
 * draws it, so that it reads in greyscale too: filled (current), hollow
 * (old), struck through (going; in the stop colour when stopped), dotted and
 * grey (gone), dashed with a + (new).
 */
export function versionRun(version: number, era: Era, p: Palette, stopped = false): Run {
  const run = { size: 11, bold: true, text: `v${version}` };
  switch (era) {
    case 'current':
      return { ...run, color: '#fff', chip: { fill: p.eraCurrent, stroke: p.eraCurrent, pad: 3 } };
    case 'old':
      return { ...run, color: p.text, chip: { stroke: p.muted, pad: 3 } };
    case 'going':
      return { ...run, color: p.muted, strike: stopped ? p.stop : p.muted, chip: { stroke: p.muted, pad: 3 } };
    case 'gone':
      return { ...run, color: p.muted, chip: { stroke: p.muted, line: 'dotted', pad: 3 } };
    case 'new':
      return {
        ...run,
        text: `+v${version}`,
        color: p.eraCurrent,
        chip: { fill: p.surface, stroke: p.eraCurrent, line: 'dashed', pad: 3 },
      };
  }
}

/** drawCard draws an allocation card with its top-left corner at (x, y): its era in its background, edge and version chip. */
export function drawCard(c: AllocCard, x: number, y: number, p: Palette): string {
  const color = actionColor(c.action, p);
  const stopped = c.action === 'stop';
  const gone = c.era === 'gone';
  let out = framedRect({
    rect: { x: x + 0.5, y: y + 0.5, width: CARD.width - 1, height: CARD.height - 1, rx: 4 },
    fill: gone ? p.bg : p.surface2,
    stripes: c.era === 'going' ? { hatch: GOING_STRIPES, color: p.goingStripe } : undefined,
    stroke: {
      ...strokeAttrs(p.border),
      'stroke-dasharray': c.action === 'lost' ? '4,3' : gone ? '1,2' : undefined,
    },
  });
  // The stripe: 5 px of the decision's colour down the left side, its outer corners rounded.
  out += el('path', {
    d: `M${x + 5} ${y}H${x + 4}A4 4 0 0 0 ${x} ${y + 4}V${y + CARD.height - 4}A4 4 0 0 0 ${x + 4} ${y + CARD.height}H${x + 5}Z`,
    ...fillAttrs(color),
  });
  const strike = stopped ? p.stop : undefined;

  // The decision: coloured words on up to two lines, or a filled flag (lost, in place).
  const flagged = actionFlagged(c);
  const words = flagged ? actionLine(c).toUpperCase() : actionLine(c);
  const lines = flagged
    ? [fitText(words, INNER - 8, 11, true)]
    : wrapText(words, INNER, 11, 2, !stopped && c.action !== 'ignore');
  const bottom = y + CARD.height - 6;
  const decisionTop = bottom - lines.length * 13 + 2;
  // Written after the head and middle line, so that the file reads in the card's order.
  let decision = '';
  lines.forEach((line, i) => {
    const run: Run = flagged
      ? { text: line, size: 11, bold: true, color: '#fff', chip: { fill: color, pad: 4 } }
      : {
          text: line,
          size: 11,
          bold: !stopped && c.action !== 'ignore',
          color: c.action === 'ignore' ? p.muted : color,
        };
    decision += drawRun(run, x + LEFT, decisionTop + 9 + i * 13);
  });

  // The head: the name's index, then the group, cut to the room left.
  const index: Run = { text: c.index, size: 14, bold: true, color: gone ? p.muted : p.text, strike };
  const group = clip(c.group, c.later.length > 0 ? MARKED_GROUP_CHARS : GROUP_CHARS);
  out += headLine(index, group, c.later, { x: x + LEFT, width: INNER, y: y + 15 }, p);

  // The middle line, halfway between the head and the decision.
  const middle: Run[] = [
    versionRun(c.version, c.era, p, stopped),
    { text: c.clientStatus, size: 11, bold: true, color: gone ? p.muted : statusColor(c.clientStatus, p) },
    ...badges(c, p),
  ];
  out += drawLine(middle, x + LEFT, Math.round((y + 19 + decisionTop) / 2) + 4, GAP);
  return el(
    'g',
    { 'data-testid': 'alloc', 'data-alloc-id': c.id, 'data-action': c.action, 'data-era': c.era },
    out + decision,
  );
}

// tagColor is the colour of a ghost card's tag.
function tagColor(tag: string, p: Palette): string {
  const by: Record<string, string> = {
    later: p.rescheduleLater,
    canary: p.canary,
    update: p.destructive,
    migrate: p.migrate,
    reschedule: p.rescheduleNow,
  };
  return by[tag] ?? p.ghost;
}

// ghostFrame is a ghost card's dashed (or dotted) border, and its fill for a canary.
function ghostFrame(g: GhostCard, x: number, y: number, p: Palette): string {
  const color = g.canary
    ? p.canary
    : g.kind === 'destructive'
      ? p.destructive
      : g.kind === 'later'
        ? p.rescheduleLater
        : p.ghost;
  return el('rect', {
    x: x + 1,
    y: y + 1,
    width: CARD.width - 2,
    height: CARD.height - 2,
    rx: 4,
    ...(g.canary ? fillAttrs(p.canaryBg) : { fill: 'none' }),
    ...strokeAttrs(color),
    'stroke-width': 2,
    'stroke-dasharray': g.kind === 'later' ? '2,3' : '6,4',
  });
}

// ghostTestID is what the page calls a ghost card in its tests: a placement, a replacement, or one placed later.
function ghostTestID(g: GhostCard): string {
  return g.kind === 'place' ? 'placement' : g.kind === 'later' ? 'delayed-replacement' : 'replacement';
}

/** tagRun is a ghost card's tag as a chip: the word, in a dashed frame of its colour. */
export function tagRun(tag: string, p: Palette): Run {
  const color = tagColor(tag, p);
  return {
    text: tag,
    size: 11,
    bold: true,
    color: tag === 'canary' ? p.text : color,
    chip: { stroke: color, line: 'dashed', pad: 4, fill: tag === 'canary' ? p.canaryBg : undefined },
  };
}

/** drawGhost draws a ghost card (a pending placement, or a replacement placed later) at (x, y). */
export function drawGhost(g: GhostCard, x: number, y: number, p: Palette): string {
  let out = ghostFrame(g, x, y, p);
  const index: Run = { text: g.index, size: 14, bold: true, color: p.text };
  out += headLine(index, g.group, g.later, { x: x + 8, width: CARD.width - 16, y: y + 18 }, p);
  // The version it will run, in the new era's chip; then its kind, or (placed later) its wait.
  const version = versionRun(g.version, 'new', p);
  const second: Run[] = [
    version,
    g.kind === 'later' ? { text: waitFor(g), size: 11, bold: true, color: p.rescheduleLater } : tagRun(ghostTag(g), p),
  ];
  out += drawLine(second, x + 8, y + (g.kind === 'later' ? 40 : 60), GAP);
  if (g.kind === 'later')
    out += drawRun({ text: `◷ ${clock(g.waitUntil)}`, size: 11, bold: true, color: p.rescheduleLater }, x + 8, y + 61);
  return el(
    'g',
    { 'data-testid': ghostTestID(g), 'data-name': g.name, 'data-kind': g.kind, 'data-canary': String(g.canary) },
    out,
  );
}

/** drawMore draws the aggregate card that counts a group's placements past the lane's cap, with a double border. */
export function drawMore(m: MorePlacements, x: number, y: number, p: Palette): string {
  const frame = (inset: number) =>
    el('rect', {
      x: x + inset,
      y: y + inset,
      width: CARD.width - 2 * inset,
      height: CARD.height - 2 * inset,
      rx: 4,
      fill: 'none',
      ...strokeAttrs(p.ghost),
      'stroke-width': 1.5,
    });
  let out = frame(0.75) + frame(3.25);
  const count: Run = { text: `+${m.count.toLocaleString('en-US')}`, size: 14, bold: true, color: p.text };
  const group: Run = { text: fitText(m.group, CARD.width - 20 - runWidth(count) - GAP, 11), size: 11, color: p.muted };
  out += drawLine([count, group], x + 10, y + 20, GAP);
  out += drawRun(
    {
      text: 'MORE PLACEMENTS',
      size: 11,
      bold: true,
      color: p.ghost,
      chip: { stroke: p.ghost, line: 'dashed', pad: 4 },
    },
    x + 10,
    y + 58,
  );
  return el('g', { 'data-testid': 'placement-more', 'data-group': m.group, 'data-count': m.count }, out);
}
