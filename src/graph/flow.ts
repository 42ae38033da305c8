// The graph model as React Flow nodes, and the arrows drawn over them.
// Objects are reused from the previous conversion wherever nothing changed,
// so that React Flow skips them and memoised node components do not
// re-render.

import { getBezierPath, type NodeBase, Position } from '@xyflow/system';
import type { FoldSummary, GraphModel, LaneView, NodeBoxView, Positioned, ReplacementEdge } from './model.ts';

/**
 * FlowNode is a node as React Flow's React package takes it, typed from its
 * framework-free core (@xyflow/system), so that graph/ imports no React: the
 * core's node and the one field of the React package's that the graph sets.
 */
export type FlowNode<Data extends Record<string, unknown>, Type extends string> = NodeBase<Data, Type> & {
  focusable?: boolean;
};

/** BoxNodeData is the data of a client-node box: its view, whose identity says whether it changed. */
export type BoxNodeData = { view: NodeBoxView };

/** LaneNodeData is the data of the lane of pending placements. */
export type LaneNodeData = { view: LaneView };

/** BoxFlowNode is a client-node box (or a garbage-collected node's box) as a React Flow node. */
export type BoxFlowNode = FlowNode<BoxNodeData, 'clientNode'>;

/** LaneFlowNode is the lane of pending placements as a React Flow node. */
export type LaneFlowNode = FlowNode<LaneNodeData, 'placementLane'>;

/** SummaryNodeData is the data of the box standing for the folded nodes. */
export type SummaryNodeData = { view: FoldSummary };

/** SummaryFlowNode is the box of folded nodes as a React Flow node. */
export type SummaryFlowNode = FlowNode<SummaryNodeData, 'foldSummary'>;

/** GraphFlowNode is any node of the cluster graph. */
export type GraphFlowNode = BoxFlowNode | LaneFlowNode | SummaryFlowNode;

/**
 * FlowGraph is what ClusterGraph draws: the boxes and the lane as React Flow
 * nodes, and the replacement arrows. The arrows are not React Flow edges:
 * React Flow draws each edge as an SVG element of its own, stacked above
 * the nodes, and a hundred of them made every change to the page slower to
 * paint; ClusterGraph draws them all in one SVG, between the layout's points.
 * Either list is the previous one when nothing in it changed.
 */
export interface FlowGraph {
  nodes: GraphFlowNode[];
  arrows: readonly ReplacementEdge[];
}

/** arrowMarkerID is the ID of the SVG marker drawn at the end of an arrow of the given kind. */
export function arrowMarkerID(kind: ReplacementEdge['kind']): string {
  return `cg-arrow-${kind}`;
}

/** arrowPath is the SVG path of one arrow: a Bézier curve leaving the card leftwards and reaching the ghost card from its right (the page and the exported picture draw the same curve). */
export function arrowPath(a: ReplacementEdge): string {
  const [path] = getBezierPath({
    sourceX: a.from.x,
    sourceY: a.from.y,
    sourcePosition: Position.Left,
    targetX: a.to.x,
    targetY: a.to.y,
    targetPosition: Position.Right,
  });
  return path;
}

const FIXED = { draggable: false, selectable: false, connectable: false, focusable: false, deletable: false } as const;

function samePlace(n: GraphFlowNode, p: Positioned<unknown>): boolean {
  return n.position.x === p.x && n.position.y === p.y && n.width === p.width && n.height === p.height;
}

function sameArrow(a: ReplacementEdge, b: ReplacementEdge): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.from.x === b.from.x &&
    a.from.y === b.from.y &&
    a.to.x === b.to.x &&
    a.to.y === b.to.y
  );
}

// geometry gives React Flow the node's size up front, so that it never
// needs to measure a node before placing it. The node is drawn at its place
// with left and top instead of React Flow's own `transform: translate(…)`:
// a transform per node is a paint property node per node, and with 500
// boxes the browser spent 10–20 ms of every frame of a pan sorting them
// into layers (Layerize, in a Chromium trace), where left/top cost about 2.
function geometry(p: Positioned<unknown>) {
  return {
    position: { x: p.x, y: p.y },
    width: p.width,
    height: p.height,
    measured: { width: p.width, height: p.height },
    style: { transform: 'none', left: p.x, top: p.y },
  };
}

/**
 * toFlow converts a graph model to React Flow nodes and the arrows, reusing
 * the node and arrow objects of `previous` whose content and place are the
 * same, and either whole list of `previous` when nothing in it changed (so
 * that React Flow is not even told about the nodes).
 */
export function toFlow(model: GraphModel, previous: FlowGraph | null = null): FlowGraph {
  const prevNodes = new Map<string, GraphFlowNode>();
  for (const n of previous?.nodes ?? []) prevNodes.set(n.id, n);

  const nodes: GraphFlowNode[] = [];
  const lanePrev = prevNodes.get(model.lane.id);
  if (lanePrev?.type === 'placementLane' && lanePrev.data.view === model.lane.view && samePlace(lanePrev, model.lane)) {
    nodes.push(lanePrev);
  } else {
    const data =
      lanePrev?.type === 'placementLane' && lanePrev.data.view === model.lane.view
        ? lanePrev.data
        : { view: model.lane.view };
    nodes.push({ id: model.lane.id, type: 'placementLane', ...geometry(model.lane), data, ...FIXED });
  }
  for (const b of model.boxes) {
    const prev = prevNodes.get(b.id);
    if (prev?.type === 'clientNode' && prev.data.view === b.view && samePlace(prev, b)) {
      nodes.push(prev);
      continue;
    }
    const data = prev?.type === 'clientNode' && prev.data.view === b.view ? prev.data : { view: b.view };
    nodes.push({ id: b.id, type: 'clientNode', ...geometry(b), data, ...FIXED });
  }

  if (model.summary !== null) {
    const s = model.summary;
    const prev = prevNodes.get(s.id);
    if (prev?.type === 'foldSummary' && prev.data.view === s.view && samePlace(prev, s)) nodes.push(prev);
    else nodes.push({ id: s.id, type: 'foldSummary', ...geometry(s), data: { view: s.view }, ...FIXED });
  }

  const oldNodes = previous?.nodes;
  const keepNodes =
    oldNodes !== undefined && oldNodes.length === nodes.length && nodes.every((n, i) => n === oldNodes[i]);
  const oldArrows = new Map<string, ReplacementEdge>();
  for (const a of previous?.arrows ?? []) oldArrows.set(a.id, a);
  const arrows = model.edges.map((e) => {
    const old = oldArrows.get(e.id);
    return old !== undefined && sameArrow(old, e) ? old : e;
  });
  const prevArrows = previous?.arrows;
  const keepArrows =
    prevArrows !== undefined && prevArrows.length === arrows.length && arrows.every((a, i) => a === prevArrows[i]);
  return { nodes: keepNodes ? oldNodes : nodes, arrows: keepArrows ? prevArrows : arrows };
}
