// From a scenario and its result to the graph model: client-node boxes in a
// grid, each with its allocations' cards, boxes of their own for allocations
// whose node no longer exists, the lane of pending placements and the arrows.

import type { Allocation, Node } from '../engine/structs.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import { laterChangesOfAlloc, laterIndex } from '../result/laterReleases.ts';
import type { Scenario } from '../scenario/read.ts';
import { traceDecisions } from './actions.ts';
import { allocCard, sameCard, sortCards } from './cards.ts';
import { buildLane, LANE_ID, sameGhost } from './lane.ts';
import { addLaterGhosts, markCanaryReplacements } from './later.ts';
import { markLaterPlacements } from './laterMarks.ts';
import { type Fold, inStory, NO_FOLD, SUMMARY_ID, told } from './fold.ts';
import { arrange, CARD, cardOffset, defaultShape, ghostOffset, laneHeader, type Shape, sizeHeights } from './layout.ts';
import type {
  AllocCard,
  FoldSummary,
  GhostCard,
  GraphModel,
  LaneView,
  NodeBoxView,
  Positioned,
  Point,
  ReplacementEdge,
} from './model.ts';
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

// nodeHead is how a box presents its node, before its cards.
function nodeHead(d: BoxDraft): Omit<NodeBoxView, 'allocs' | 'folded'> {
  const n = d.node;
  return {
    nodeID: d.nodeID,
    name: n ? n.Name || n.ID : d.nodeID,
    datacenter: n?.Datacenter ?? '',
    condition: n ? n.Status : 'gc',
    draining: n?.Drain ?? false,
    ineligible: n !== null && n.SchedulingEligibility === 'ineligible',
  };
}

// nodeBoxView is a box's view: its node, and its cards, or when `fold`, only those told (see fold.ts).
function nodeBoxView(d: BoxDraft, fold: boolean, keep?: ReadonlySet<string>): NodeBoxView & { allocs: AllocCard[] } {
  const allocs = fold ? d.cards.filter((c) => told(c, keep)) : d.cards;
  return { ...nodeHead(d), allocs, folded: d.cards.length - allocs.length };
}

// reuseItems replaces each item of `next` that draws the same as the
// previous list's item of the same key by that previous object, and returns
// whether every item was replaced (so that the list itself can be kept).
function reuseItems<T>(next: T[], prev: readonly T[], key: (t: T) => string, same: (a: T, b: T) => boolean): boolean {
  let byKey: Map<string, T> | null = null;
  let all = next.length === prev.length;
  for (let i = 0; i < next.length; i++) {
    const n = next[i]!;
    let p = prev[i];
    if (p === undefined || key(p) !== key(n)) {
      all = false;
      byKey ??= new Map(prev.map((x) => [key(x), x]));
      p = byKey.get(key(n));
    }
    if (p !== undefined && same(p, n)) next[i] = p;
    else all = false;
  }
  return all;
}

const cardKey = (c: AllocCard) => c.id;
const ghostKey = (g: GhostCard) => g.key;

// reuseBox returns the previous view when the box draws the same, else the
// new view holding the previous objects of its unchanged cards.
function reuseBox(v: NodeBoxView & { allocs: AllocCard[] }, old: NodeBoxView | undefined): NodeBoxView {
  if (old === undefined) return v;
  const cardsSame = reuseItems(v.allocs, old.allocs, cardKey, sameCard);
  const headSame =
    old.nodeID === v.nodeID &&
    old.name === v.name &&
    old.datacenter === v.datacenter &&
    old.condition === v.condition &&
    old.draining === v.draining &&
    old.ineligible === v.ineligible &&
    old.folded === v.folded;
  return cardsSame && headSame ? old : v;
}

/**
 * buildGraph draws a scenario and the result of reconciling it. Each
 * allocation's action comes from the trace's decisions when there is a
 * trace, otherwise from the result document. Pass the previous model as
 * `previous`: boxes, cards, the lane and ghost cards whose content did not
 * change keep their previous objects, so that a renderer memoised on
 * identity redraws only what changed. `shape` arranges the boxes (see
 * chooseShape); without one they are about square. `fold` folds what
 * nothing happens to (see fold.ts); when nothing happens anywhere, nothing
 * is folded, since the story would be an empty page.
 */
export function buildGraph(
  scenario: Scenario,
  document: ResultDocument,
  trace: ReconcileTrace | null,
  previous: GraphModel | null = null,
  shape: Shape | null = null,
  fold: Fold = NO_FOLD,
): GraphModel {
  const decisions = traceDecisions(trace);
  const results = indexResult(document);
  const later = laterIndex(scenario, document);

  // Keyed by node ID, not by box ID: a key made per allocation is a new
  // string to hash each time (a third of this loop, at 5,000 allocations).
  const drafts = new Map<string, BoxDraft>();
  for (const n of scenario.Nodes) {
    if (!drafts.has(n.ID)) drafts.set(n.ID, { id: boxID(n.ID, false), node: n, nodeID: n.ID, cards: [] });
  }
  const gcDrafts = new Map<string, BoxDraft>();
  const cards = new Map<string, { card: AllocCard; box: string }>();
  for (const a of scenario.Allocations) {
    const draft = drafts.get(a.NodeID) ?? gcDraft(gcDrafts, a);
    const card = allocCard(
      a,
      decisions.get(a.ID),
      results.get(a.ID),
      scenario.Job.Version,
      laterChangesOfAlloc(later, a.ID),
    );
    draft.cards.push(card);
    cards.set(a.ID, { card, box: draft.id });
  }
  const lane = buildLane(document, cards, scenario.Job.Version);
  addLaterGhosts(lane, cards, scenario.Now, scenario.Job.Version);
  markCanaryReplacements(lane, cards);
  markLaterPlacements(lane, later);
  const laneCards = lane.ghosts.length + lane.more.length;

  const all = [...drafts.values(), ...gcDrafts.values()];
  const story = new Set<string>();
  for (const d of all) {
    sortCards(d.cards);
    if (inStory(nodeHead(d), d.cards, fold.keep)) story.add(d.id);
  }
  const folding = fold.on && (laneCards > 0 || story.size > 0);
  const nodesFolded = folding && !fold.open.has(SUMMARY_ID);
  // Folding, the story's boxes come first, so that opening the summary adds the others after them and moves none.
  const storyFirst = [...all.filter((d) => story.has(d.id)), ...all.filter((d) => !story.has(d.id))];
  const shown = !folding ? all : nodesFolded ? storyFirst.slice(0, story.size) : storyFirst;

  const previousBoxes = new Map<string, NodeBoxView>();
  for (const b of previous?.boxes ?? []) previousBoxes.set(b.id, b.view);
  const views = shown.map((d) =>
    reuseBox(nodeBoxView(d, folding && story.has(d.id) && !fold.open.has(d.id), fold.keep), previousBoxes.get(d.id)),
  );
  const summary =
    nodesFolded && shown.length < all.length ? foldSummary(all, story, previous?.summary?.view ?? null) : null;

  const canaries = lane.ghosts.some((g) => g.canary) || lane.more.some((m) => m.canaries > 0);
  const arranged = shape ?? defaultShape(views.length);
  const cols = arranged.boxColumns;
  const sizes = views.map((v) => ({ cards: v.allocs.length, folded: v.folded > 0 }));
  const placed = arrange(sizeHeights(sizes, cols, summary !== null), laneCards, canaries, arranged);
  const boxes: Positioned<NodeBoxView>[] = views.map((view, i) => ({ id: shown[i]!.id, ...placed.rects[i]!, view }));

  const columns = placed.ghostColumns;
  const oldLane = previous?.lane.view;
  const ghostsSame = oldLane !== undefined && reuseItems(lane.ghosts, oldLane.placements, ghostKey, sameGhost);
  const moreSame = oldLane !== undefined && JSON.stringify(oldLane.more) === JSON.stringify(lane.more);
  const total = lane.ghosts.length + lane.more.reduce((n, m) => n + m.count, 0);
  const laneView: LaneView =
    oldLane !== undefined && ghostsSame && moreSame && oldLane.columns === columns
      ? oldLane
      : { placements: lane.ghosts, more: lane.more, total, columns };

  const laneRect = placed.lane;
  const header = laneHeader(laneCards, columns, canaries);

  // The arrows' ends, from where the layout puts each card and ghost.
  const sources = new Set(lane.links.map((l) => l.allocID));
  const cardAt = new Map<string, Point>();
  for (const b of boxes) {
    const allocs = b.view.allocs;
    for (let i = 0; i < allocs.length; i++) {
      if (!sources.has(allocs[i]!.id)) continue;
      const o = cardOffset(i, cols);
      cardAt.set(allocs[i]!.id, { x: b.x + o.x, y: b.y + o.y + CARD.height / 2 });
    }
  }
  const ghostAt = new Map<string, Point>();
  lane.ghosts.forEach((g, i) => {
    const o = ghostOffset(i, columns, header);
    ghostAt.set(g.key, { x: laneRect.x + o.x + CARD.width, y: laneRect.y + o.y + CARD.height / 2 });
  });
  // A card that is not drawn (its node folded away) has no arrow; only unchanged cards fold, and they have none.
  const edges: ReplacementEdge[] = lane.links
    .filter((l) => cardAt.has(l.allocID))
    .map((l) => ({ ...l, from: cardAt.get(l.allocID)!, to: ghostAt.get(l.ghostKey)! }));

  const storyIDs = laneCards > 0 ? [LANE_ID] : [];
  for (const b of boxes) if (story.has(b.id)) storyIDs.push(b.id);
  return {
    boxes,
    lane: { id: LANE_ID, ...laneRect, view: laneView },
    summary: summary === null ? null : { id: SUMMARY_ID, ...placed.rects[views.length]!, view: summary },
    edges,
    story: storyIDs,
    allocCount: scenario.Allocations.length,
    shape: arranged,
  };
}

// foldSummary counts the nodes outside the story and their allocations, keeping the previous object when the counts are the same.
function foldSummary(all: readonly BoxDraft[], story: ReadonlySet<string>, old: FoldSummary | null): FoldSummary {
  let nodes = 0;
  let allocs = 0;
  for (const d of all) {
    if (story.has(d.id)) continue;
    nodes++;
    allocs += d.cards.length;
  }
  return old !== null && old.nodes === nodes && old.allocs === allocs ? old : { nodes, allocs };
}

// gcDraft returns the garbage-collected box for an allocation whose node is gone (by node ID), creating it.
function gcDraft(gcDrafts: Map<string, BoxDraft>, a: Allocation): BoxDraft {
  let d = gcDrafts.get(a.NodeID);
  if (d === undefined) {
    d = { id: boxID(a.NodeID, true), node: null, nodeID: a.NodeID, cards: [] };
    gcDrafts.set(a.NodeID, d);
  }
  return d;
}
