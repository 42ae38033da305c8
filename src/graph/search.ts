// Finding a node or an allocation by what a person types: the start of a
// name or of an ID, whatever the case, so that "client-3", "web[4]",
// "web.web[4]" and the first characters of a UUID each find what they name.

import type { Scenario } from '../scenario/read.ts';
import { boxID } from './buildGraph.ts';
import { CARD, cardOffset, type Rect } from './layout.ts';
import type { GraphModel } from './model.ts';

/** Found is one node or allocation a query names, with the box it is drawn in. */
export interface Found {
  kind: 'node' | 'alloc';
  /** id is the node's or the allocation's ID. */
  id: string;
  /** label is how the list of matches names it: the name, or the ID when it has none. */
  label: string;
  /** box is the graph ID of the box that draws it (see boxID). */
  box: string;
}

/** SEARCH_LIMIT is the most matches a search returns: enough to step through, bounded for 5,000 allocations. */
export const SEARCH_LIMIT = 50;

// matches tells whether a name or an ID starts with the query; an allocation's name also from its group's part ("web[4]").
function matches(q: string, ...texts: string[]): boolean {
  return texts.some((t) => {
    const low = t.toLowerCase();
    if (low.startsWith(q)) return true;
    const dot = low.indexOf('.');
    return dot >= 0 && low.startsWith(q, dot + 1);
  });
}

/**
 * findInGraph lists the nodes, then the allocations, whose name or ID starts
 * with `query` (trimmed, any case), at most SEARCH_LIMIT; nothing for an
 * empty query. Allocations of nodes the scenario does not list are drawn in
 * a garbage-collected node's box, and found there.
 */
export function findInGraph(scenario: Scenario, query: string): Found[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const found: Found[] = [];
  const known = new Set<string>();
  for (const n of scenario.Nodes) {
    known.add(n.ID);
    if (found.length < SEARCH_LIMIT && matches(q, n.Name, n.ID))
      found.push({ kind: 'node', id: n.ID, label: n.Name || n.ID, box: boxID(n.ID, false) });
  }
  for (const a of scenario.Allocations) {
    if (found.length >= SEARCH_LIMIT) break;
    if (matches(q, a.Name, a.ID))
      found.push({ kind: 'alloc', id: a.ID, label: a.Name || a.ID, box: boxID(a.NodeID, !known.has(a.NodeID)) });
  }
  return found;
}

/** Located is where a found node or allocation is drawn, or the fold to open first so that it is. */
export type Located = { at: Rect } | { unfold: string };

/**
 * locate finds where the model draws what was found: its box, or its card
 * within the box. When it is folded away, it names the fold to open (the
 * summary of folded nodes, or the box's line of unchanged allocations);
 * null when the model does not draw it at all.
 */
export function locate(model: GraphModel, f: Found): Located | null {
  const box = model.boxes.find((b) => b.id === f.box);
  if (box === undefined) return model.summary !== null ? { unfold: model.summary.id } : null;
  if (f.kind === 'node') return { at: { x: box.x, y: box.y, width: box.width, height: box.height } };
  const i = box.view.allocs.findIndex((c) => c.id === f.id);
  if (i < 0) return box.view.folded > 0 ? { unfold: box.id } : null;
  const o = cardOffset(i, model.shape.boxColumns);
  return { at: { x: box.x + o.x, y: box.y + o.y, width: CARD.width, height: CARD.height } };
}
