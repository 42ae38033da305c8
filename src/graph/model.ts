// The graph's view models: what the cluster graph draws, in plain data, so
// that building it is testable without a browser and so that unchanged parts
// keep their identity from one reconciliation to the next.

import type { AllocAction } from '../engine/types.ts';
import type { LaterChangeCode } from '../result/laterReleases.ts';
import type { Shape } from './layout.ts';

/** NodeCondition is how a client-node box presents its node; `gc` is a node that no longer exists. */
export type NodeCondition = 'ready' | 'initializing' | 'down' | 'disconnected' | 'gc';

/**
 * Era is where a card stands in time, so that old, new and going away are
 * told apart at a glance: `new` is a placement still to be made (a ghost
 * card), `current` runs the job version being scheduled and stays, `old`
 * runs an older version and stays for now, `going` is stopped, replaced or
 * moved by this evaluation, and `gone` had stopped before it and is left as
 * it is.
 */
export type Era = 'new' | 'current' | 'old' | 'going' | 'gone';

/** AllocCard is one existing allocation as drawn inside its node's box, with the reconciler's decision. */
export interface AllocCard {
  id: string;
  name: string;
  /** index is the name's index, such as "[3]", or the whole name when it has none. */
  index: string;
  group: string;
  version: number;
  /** era is the card's place in time (see Era): what its version chip and pattern show. */
  era: Era;
  clientStatus: string;
  desiredStatus: string;
  canary: boolean;
  /** healthy is the deployment health: true, false, or null when unknown or not in a deployment. */
  healthy: boolean | null;
  action: AllocAction;
  /** step is the reconciler step that decided (empty when the decision was read from the result document). */
  step: string;
  reason: string;
  /** stopReason is the status description the result stops it with, or "" when it is not stopped. */
  stopReason: string;
  /** followup is when a delayed replacement is evaluated (RFC 3339), or "". */
  followup: string;
  /** replaced is true when an arrow leaves this card towards its replacement. */
  replaced: boolean;
  /** replacesOnPromotion lists the allocations (IDs) a canary takes the place of once the deployment is promoted. */
  replacesOnPromotion: readonly string[];
  /** later lists the changes of Nomad releases after 1.6.5 that concern this decision, oldest first. */
  later: readonly LaterChangeCode[];
  /** clientUpdate is the client status Nomad 1.6's result sends for it whatever the decision: marked unknown, or kept as it reconnects; null for none. */
  clientUpdate: ClientUpdate;
}

/** ClientUpdate is a Nomad 1.6 result's update of an allocation's client status: its DisconnectUpdates (unknown) or ReconnectUpdates. */
export type ClientUpdate = 'unknown' | 'reconnect' | null;

/**
 * NodeBoxView is the content of one client-node box. Its identity survives
 * a rebuild that does not change it, and so does each card's: a renderer
 * memoised on identity redraws only what changed.
 */
export interface NodeBoxView {
  nodeID: string;
  name: string;
  datacenter: string;
  condition: NodeCondition;
  draining: boolean;
  ineligible: boolean;
  /** allocs are the cards drawn: every allocation, or, folded, those something happens to. */
  allocs: readonly AllocCard[];
  /** folded counts the allocations nothing happens to that are folded away (0 when every card is drawn). */
  folded: number;
}

/** FoldSummary is the box that stands for the nodes nothing happens to, folded away: how many, and their allocations. */
export interface FoldSummary {
  nodes: number;
  allocs: number;
}

/**
 * PlacementKind says why a ghost card is in the lane: a new placement, a
 * destructive update's replacement, or a replacement a follow-up
 * evaluation will place later (a delayed reschedule, a client that must
 * first stop its allocation).
 */
export type PlacementKind = 'place' | 'destructive' | 'later';

/** GhostCard is a pending placement: the reconciler names it but does not choose a node. */
export interface GhostCard {
  /** key is unique in the lane and stable across rebuilds; edges end at it. */
  key: string;
  kind: PlacementKind;
  name: string;
  index: string;
  group: string;
  /** version is the job version it will run: the job being scheduled, except a 1.6 downgraded non-canary (its MinJobVersion). */
  version: number;
  canary: boolean;
  reschedule: boolean;
  /** previousAllocID is the allocation it replaces, or "". */
  previousAllocID: string;
  /** linked is true when an arrow ends at this card. */
  linked: boolean;
  /** waitUntil is when a later replacement is evaluated (RFC 3339), else "". */
  waitUntil: string;
  /** waitFor is how long after the scenario's Now that is, in nanoseconds (0 unless later). */
  waitFor: number;
  /** replacesOnPromotion lists the allocations (IDs) a canary placement takes the place of once promoted. */
  replacesOnPromotion: readonly string[];
  /** later lists the changes of Nomad releases after 1.6.5 that concern this placement, oldest first. */
  later: readonly LaterChangeCode[];
}

/** MorePlacements counts a group's new placements that have no card of their own (see LANE_GROUP_CAP). */
export interface MorePlacements {
  /** key is `more:` and the group: what selects the aggregate, as a ghost card's key selects it. */
  key: string;
  group: string;
  /** version is the job version the placements will run. */
  version: number;
  count: number;
  canaries: number;
}

/** LaneView is the content of the lane of pending placements; it and its unchanged ghost cards keep their identity across rebuilds. */
export interface LaneView {
  placements: readonly GhostCard[];
  /** more holds one aggregate card per group with placements beyond its cards. */
  more: readonly MorePlacements[];
  /** total is every pending placement, with a card or counted in `more`. */
  total: number;
  /** columns is how many ghost cards sit side by side. */
  columns: number;
}

/** EdgeKind is why an arrow joins an allocation to a placement. */
export type EdgeKind = 'migrate' | 'destructive' | 'reschedule' | 'lost' | 'later';

/** Point is a position in flow coordinates. */
export interface Point {
  x: number;
  y: number;
}

/**
 * ReplacementEdge is an arrow from an old allocation (a card in a box) to
 * its replacement (a ghost in the lane). Its ends are computed from the
 * layout, so that drawing it needs no measuring of the page.
 */
export interface ReplacementEdge {
  id: string;
  kind: EdgeKind;
  /** source is the box's graph ID; allocID the allocation the arrow leaves. */
  source: string;
  allocID: string;
  /** target is the lane's graph ID; ghostKey the ghost card the arrow reaches. */
  target: string;
  ghostKey: string;
  /** from is the middle of the card's left side; to the middle of the ghost's right side. */
  from: Point;
  to: Point;
}

/** Positioned is a view positioned on the canvas, in flow coordinates. */
export interface Positioned<V> {
  /** id is the graph node ID: `node:<NodeID>`, `gc:<NodeID>` or `lane`. */
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  view: V;
}

/** GraphModel is the whole drawing: the lane and the boxes in columns, the summary of folded nodes, and the arrows. */
export interface GraphModel {
  boxes: Positioned<NodeBoxView>[];
  lane: Positioned<LaneView>;
  /** summary is the box of the nodes folded away, or null when none is. */
  summary: Positioned<FoldSummary> | null;
  edges: ReplacementEdge[];
  /**
   * story is the part of the drawing where something happens: the lane when
   * it has cards, and the boxes of nodes that change or are not plainly
   * ready (IDs); empty when nothing happens anywhere.
   */
  story: readonly string[];
  /** allocCount is the number of allocation cards, for summaries. */
  allocCount: number;
  /** shape is how the boxes are arranged; the CSS lays cards out with its boxColumns. */
  shape: Shape;
}
