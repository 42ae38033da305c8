// From a scenario and its result to the graph model: client-node boxes in a
// grid, each with its allocations' cards, boxes of their own for allocations
// whose node no longer exists, the lane of pending placements and the arrows.

import type { Allocation, Node } from '../engine/structs.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import type { Scenario } from '../scenario/read.ts';
import { traceDecisions } from './actions.ts';
import { allocCard, cardSignature, compareCards } from './cards.ts';
import { buildLane, ghostSignature, LANE_ID } from './lane.ts';
import { boxHeight, CARD, cardOffset, ghostOffset, layoutGrid, laneColumns, layoutLane } from './layout.ts';
import type { AllocCard, GraphModel, LaneView, NodeBoxView, Placed, Point, ReplacementEdge } from './model.ts';
import { indexResult } from './resultIndex.ts';

/** boxID is the graph ID of the box of a client node, or of a garbage-collected one. */
export function boxID(nodeID: string, gc: boolean): string {
  return gc ? `gc:${nodeID}` : `node:${nodeID}`;
}

interface BoxDraft {
  id: string;
  node: Node | null;
  nodeID: string;
  cards: AllocCard[];
}

function nodeBoxView(d: BoxDraft): Omit<NodeBoxView, 'signature'> {
  const n = d.node;
  return {
    nodeID: d.nodeID,
    name: n ? n.Name || n.ID : d.nodeID,
    datacenter: n?.Datacenter ?? '',
    condition: n ? n.Status : 'gc',
    draining: n?.Drain ?? false,
    ineligible: n !== null && n.SchedulingEligibility === 'ineligible',
    allocs: d.cards,
  };
}

function boxSignature(v: Omit<NodeBoxView, 'signature'>): string {
  const head = [v.nodeID, v.name, v.datacenter, v.condition, v.draining, v.ineligible].join('\u0001');
  return [head, ...v.allocs.map(cardSignature)].join('\u0002');
}

/**
 * buildGraph draws a scenario and the result of reconciling it. Each
 * allocation's action comes from the trace's decisions when there is a
 * trace, otherwise from the result document. Pass the previous model as
 * `previous`: boxes and the lane whose content did not change keep their
 * previous objects, so that a renderer memoised on identity redraws only
 * what changed.
 */
export function buildGraph(
  scenario: Scenario,
  document: ResultDocument,
  trace: ReconcileTrace | null,
  previous: GraphModel | null = null,
): GraphModel {
  const decisions = traceDecisions(trace);
  const results = indexResult(document);

  const drafts = new Map<string, BoxDraft>();
  for (const n of scenario.Nodes) {
    const id = boxID(n.ID, false);
    if (!drafts.has(id)) drafts.set(id, { id, node: n, nodeID: n.ID, cards: [] });
  }
  const gcDrafts = new Map<string, BoxDraft>();
  const cards = new Map<string, { card: AllocCard; box: string }>();
  for (const a of scenario.Allocations) {
    const draft = drafts.get(boxID(a.NodeID, false)) ?? gcDraft(gcDrafts, a);
    const card = allocCard(a, decisions.get(a.ID), results.get(a.ID));
    draft.cards.push(card);
    cards.set(a.ID, { card, box: draft.id });
  }
  const lane = buildLane(document, cards);

  const previousBoxes = new Map<string, NodeBoxView>();
  for (const b of previous?.boxes ?? []) previousBoxes.set(b.id, b.view);
  const all = [...drafts.values(), ...gcDrafts.values()];
  const views = all.map((d) => {
    d.cards.sort(compareCards);
    const v = nodeBoxView(d);
    const signature = boxSignature(v);
    const old = previousBoxes.get(d.id);
    return old !== undefined && old.signature === signature ? old : { ...v, signature };
  });

  const grid = layoutGrid(views.map((v) => boxHeight(v.allocs.length)));
  const boxes: Placed<NodeBoxView>[] = views.map((view, i) => ({ id: all[i]!.id, ...grid.rects[i]!, view }));

  const columns = laneColumns(lane.ghosts.length, grid.height);
  const laneSignature = [columns, ...lane.ghosts.map(ghostSignature)].join('\u0002');
  const laneView: LaneView =
    previous !== null && previous.lane.view.signature === laneSignature
      ? previous.lane.view
      : { placements: lane.ghosts, columns, signature: laneSignature };

  const laneRect = layoutLane(lane.ghosts.length, columns);

  // The arrows' ends, from where the layout puts each card and ghost.
  const cardAt = new Map<string, Point>();
  for (const b of boxes) {
    b.view.allocs.forEach((c, i) => {
      const o = cardOffset(i);
      cardAt.set(c.id, { x: b.x + o.x, y: b.y + o.y + CARD.height / 2 });
    });
  }
  const ghostAt = new Map<string, Point>();
  lane.ghosts.forEach((g, i) => {
    const o = ghostOffset(i, columns);
    ghostAt.set(g.key, { x: laneRect.x + o.x + CARD.width, y: laneRect.y + o.y + CARD.height / 2 });
  });
  const edges: ReplacementEdge[] = lane.links.map((l) => ({ ...l, from: cardAt.get(l.allocID)!, to: ghostAt.get(l.ghostKey)! }));

  return {
    boxes,
    lane: { id: LANE_ID, ...laneRect, view: laneView },
    edges,
    allocCount: scenario.Allocations.length,
  };
}

// gcDraft returns the garbage-collected box for an allocation whose node is gone, creating it.
function gcDraft(gcDrafts: Map<string, BoxDraft>, a: Allocation): BoxDraft {
  const id = boxID(a.NodeID, true);
  let d = gcDrafts.get(id);
  if (d === undefined) {
    d = { id, node: null, nodeID: a.NodeID, cards: [] };
    gcDrafts.set(id, d);
  }
  return d;
}
