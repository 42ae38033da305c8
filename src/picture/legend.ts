// The picture's legend: what each colour, border and symbol in this picture
// means, only for those the picture uses (a slide has no room for the rest),
// with the page legend's words (graph/vocabulary.ts).

import type { AllocAction } from '../engine/types.ts';
import { ERA_ORDER, ERAS } from '../graph/era.ts';
import { conditionBadges, foldLineText, ghostTag, healthShown, LATER_MARK_DESCRIPTION } from '../graph/labels.ts';
import type { ClientUpdate, EdgeKind, Era, GraphModel } from '../graph/model.ts';
import { ACTION_ORDER, ACTIONS, CLIENT_UPDATES, CONDITIONS, EDGES, healthLabel } from '../graph/vocabulary.ts';
import { arrowHead, edgeStyle } from './arrows.ts';
import { conditionRun } from './boxes.ts';
import { actionColor, canaryBadge, healthBadge, laterBadge, tagRun, versionRun } from './cards.ts';
import { drawRun, fillAttrs, type Run, runWidth, strokeAttrs } from './chips.ts';
import type { Palette } from './palette.ts';
import { textWidth } from './textWidth.ts';
import { type Attrs, el } from './xml.ts';

/** LegendItem is one entry: a small drawing (`width` wide, centred on a baseline) and its words. */
interface LegendItem {
  width: number;
  swatch: (x: number, y: number) => string;
  label: string;
}

/** LegendGroup is a heading and its entries. */
interface LegendGroup {
  heading: string;
  items: LegendItem[];
}

// The words of a ghost card's tag in the legend, as the page's legend has them.
const TAG_WORDS: Record<string, string> = {
  create: 'new',
  canary: 'canary',
  update: 'replaces a destructive update',
  migrate: 'replaces a moved one',
  reschedule: 'replaces a failed one',
  later: 'placed by a follow-up evaluation at the time shown',
};

const EDGE_ORDER: readonly EdgeKind[] = ['destructive', 'migrate', 'reschedule', 'lost', 'later'];
const TAG_ORDER = ['create', 'canary', 'update', 'migrate', 'reschedule', 'later'];

// chipItem is an entry whose drawing is a chip (a tag or a badge).
function chipItem(run: Run, label: string): LegendItem {
  return { width: runWidth(run), swatch: (x, y) => drawRun(run, x, y), label };
}

// boxItem is an entry whose drawing is a small box with a 2 px outline painted by `paint`.
function boxItem(paint: Attrs, label: string): LegendItem {
  return {
    width: 16,
    swatch: (x, y) => el('rect', { x: x + 1, y: y - 9, width: 14, height: 10, rx: 2, ...paint, 'stroke-width': 2 }),
    label,
  };
}

// foldItems explains what the model folds: the box of nodes nothing happens to, the line of a box's unchanged allocations.
function foldItems(model: GraphModel, p: Palette): LegendItem[] {
  const items: LegendItem[] = [];
  if (model.summary !== null)
    items.push(
      boxItem(
        { ...fillAttrs(p.surface), ...strokeAttrs(p.border), 'stroke-dasharray': '3,2' },
        'nodes nothing happens to, with their allocations',
      ),
    );
  const line = model.boxes.find((b) => b.view.folded > 0);
  if (line !== undefined) {
    const run: Run = {
      text: foldLineText(line.view.folded),
      size: 11,
      color: p.muted,
      chip: { stroke: p.border, line: 'dashed', pad: 4 },
    };
    items.push(chipItem(run, "a node's allocations nothing happens to"));
  }
  return items;
}

/** legendGroups lists the legend's entries for what the model draws: decisions, node conditions, placements, arrows, what is folded. */
export function legendGroups(model: GraphModel, p: Palette): LegendGroup[] {
  const actions = new Set<AllocAction>();
  const eras = new Set<Era>();
  const conditions = new Set<ReturnType<typeof conditionBadges>[number]>();
  let canary = false;
  const health = new Set<boolean | null>();
  const clientUpdates = new Set<NonNullable<ClientUpdate>>();
  let later = model.lane.view.placements.find((g) => g.later.length > 0)?.later;
  for (const b of model.boxes) {
    for (const c of conditionBadges(b.view)) conditions.add(c);
    for (const a of b.view.allocs) {
      actions.add(a.action);
      eras.add(a.era);
      if (a.canary) canary = true;
      if (healthShown(a)) health.add(a.healthy);
      if (a.later.length > 0) later ??= a.later;
      if (a.clientUpdate !== null) clientUpdates.add(a.clientUpdate);
    }
  }
  const tags = new Set(model.lane.view.placements.map(ghostTag));
  if (model.lane.view.more.length > 0) tags.add('create');
  if (model.lane.view.total > 0) eras.add('new');
  const edges = new Set(model.edges.map((e) => e.kind));

  const groups: LegendGroup[] = [];
  // The version chips in the page legend's samples: v2 the version being scheduled, v1 an older one.
  const times = ERA_ORDER.filter((e) => eras.has(e)).map((e) =>
    chipItem(versionRun(e === 'current' || e === 'new' ? 2 : 1, e, p), ERAS[e].label),
  );
  if (times.length > 0) groups.push({ heading: 'Time: the version chip', items: times });
  const decisions = ACTION_ORDER.filter((a) => actions.has(a)).map((a): LegendItem => ({
    width: 16,
    swatch: (x, y) =>
      el('rect', { x, y: y - 10, width: 16, height: 12, rx: 2, ...fillAttrs(p.surface2), ...strokeAttrs(p.border) }) +
      el('rect', { x, y: y - 10, width: 5, height: 12, ...fillAttrs(actionColor(a, p)) }),
    label: `${ACTIONS[a].symbol} ${ACTIONS[a].label}`,
  }));
  const badges: LegendItem[] = [];
  if (canary) badges.push(chipItem(canaryBadge(p), 'canary'));
  for (const h of [true, false, null]) if (health.has(h)) badges.push(chipItem(healthBadge(h, p), healthLabel(h)));
  if (later !== undefined) badges.push(chipItem(laterBadge(later, p), LATER_MARK_DESCRIPTION));
  for (const u of clientUpdates)
    badges.push(
      chipItem({ text: CLIENT_UPDATES[u].line, size: 11, bold: true, color: p.text }, CLIENT_UPDATES[u].description),
    );
  if (decisions.length + badges.length > 0) groups.push({ heading: 'Allocations', items: [...decisions, ...badges] });

  const nodes: LegendItem[] = [
    boxItem({ fill: 'none', ...strokeAttrs(p.nodeReady) }, CONDITIONS.ready.description),
    ...[...conditions].map((c) => chipItem(conditionRun(c, p), CONDITIONS[c].description)),
  ];
  groups.push({ heading: 'Nodes', items: nodes });

  const placements = TAG_ORDER.filter((t) => tags.has(t)).map((t) => chipItem(tagRun(t, p), TAG_WORDS[t]!));
  if (placements.length > 0) groups.push({ heading: 'Placements (node chosen later)', items: placements });

  const arrows = EDGE_ORDER.filter((k) => edges.has(k)).map((k): LegendItem => {
    const s = edgeStyle(k, p);
    return {
      width: 30,
      swatch: (x, y) =>
        el('line', {
          x1: x + 30,
          y1: y - 4,
          x2: x + 8,
          y2: y - 4,
          ...strokeAttrs(s.color),
          'stroke-width': 2,
          'stroke-dasharray': s.dash,
        }) + arrowHead(x, y - 4, s.color),
      label: EDGES[k].description,
    };
  });
  if (arrows.length > 0) groups.push({ heading: 'Arrows: to the replacement', items: arrows });

  const folded = foldItems(model, p);
  if (folded.length > 0) groups.push({ heading: 'Folded: counted, not drawn', items: folded });
  return groups;
}

// LINE is the height of a legend line; the gaps are between a drawing and its words, and between entries.
const LINE = 22;
const SWATCH_GAP = 6;
const ITEM_GAP = 18;

/** drawLegend draws the groups at (x, y), wrapping entries to `width`; it returns the markup and the height used. */
export function drawLegend(
  groups: readonly LegendGroup[],
  x: number,
  y: number,
  width: number,
  p: Palette,
): { svg: string; height: number } {
  let out = '';
  let line = y + 14;
  for (const g of groups) {
    out += drawRun({ text: g.heading, size: 12, bold: true, color: p.text }, x, line);
    let at = x + textWidth(g.heading, 12, true) + ITEM_GAP;
    for (const item of g.items) {
      const w = item.width + SWATCH_GAP + textWidth(item.label, 12);
      if (at + w > x + width && at > x) {
        line += LINE;
        at = x + 12;
      }
      out += item.swatch(at, line);
      out += drawRun({ text: item.label, size: 12, color: p.text }, at + item.width + SWATCH_GAP, line);
      at += w + ITEM_GAP;
    }
    line += LINE;
  }
  return { svg: el('g', { 'data-testid': 'legend' }, out), height: line - y - LINE + 8 };
}
