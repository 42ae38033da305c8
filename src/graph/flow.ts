// The graph model as React Flow nodes and edges. Objects are reused from
// the previous conversion wherever nothing changed, so that React Flow skips
// them and memoised node components do not re-render.

import type { Edge, Node } from '@xyflow/react';
import type { GraphModel, LaneView, NodeBoxView, Placed, ReplacementEdge } from './model.ts';

/** BoxNodeData is the data of a client-node box: its view, whose identity says whether it changed. */
export type BoxNodeData = { view: NodeBoxView };

/** LaneNodeData is the data of the lane of pending placements. */
export type LaneNodeData = { view: LaneView };

/** BoxFlowNode is a client-node box (or a garbage-collected node's box) as a React Flow node. */
export type BoxFlowNode = Node<BoxNodeData, 'clientNode'>;

/** LaneFlowNode is the lane of pending placements as a React Flow node. */
export type LaneFlowNode = Node<LaneNodeData, 'placementLane'>;

/** GraphFlowNode is any node of the cluster graph. */
export type GraphFlowNode = BoxFlowNode | LaneFlowNode;

/** ReplacementEdgeData is what the replacement edge draws: its kind and both ends, in flow coordinates. */
export type ReplacementEdgeData = Pick<ReplacementEdge, 'kind' | 'from' | 'to'>;

/**
 * ReplacementFlowEdge is an arrow from an allocation to its replacement. Its
 * ends come from the layout (data.from, data.to), not from measured handles:
 * each box has one fixed handle only, so that a changed box never needs to
 * be measured again before its arrows can be drawn.
 */
export type ReplacementFlowEdge = Edge<ReplacementEdgeData, 'replacement'>;

/** FlowGraph is what ClusterGraph hands to React Flow. */
export interface FlowGraph {
  nodes: GraphFlowNode[];
  edges: ReplacementFlowEdge[];
}

/** arrowMarkerID is the ID of the SVG marker drawn at the end of an arrow of the given kind. */
export function arrowMarkerID(kind: ReplacementEdge['kind']): string {
  return `cg-arrow-${kind}`;
}

const FIXED = { draggable: false, selectable: false, connectable: false, focusable: false, deletable: false } as const;

function samePlace(n: Node, p: Placed<unknown>): boolean {
  return n.position.x === p.x && n.position.y === p.y && n.width === p.width && n.height === p.height;
}

function sameEnds(e: ReplacementFlowEdge, r: ReplacementEdge): boolean {
  const d = e.data!;
  return d.kind === r.kind && d.from.x === r.from.x && d.from.y === r.from.y && d.to.x === r.to.x && d.to.y === r.to.y;
}

// geometry gives React Flow the node's size up front: with `measured` set, it
// keeps the handles it measured once instead of measuring a changed node again.
function geometry(p: Placed<unknown>) {
  return {
    position: { x: p.x, y: p.y },
    width: p.width,
    height: p.height,
    measured: { width: p.width, height: p.height },
  };
}

/**
 * toFlow converts a graph model to React Flow nodes and edges, reusing the
 * node and edge objects of `previous` whose content and place are the same.
 */
export function toFlow(model: GraphModel, previous: FlowGraph | null = null): FlowGraph {
  const prevNodes = new Map<string, GraphFlowNode>();
  for (const n of previous?.nodes ?? []) prevNodes.set(n.id, n);

  const nodes: GraphFlowNode[] = [];
  const lanePrev = prevNodes.get(model.lane.id);
  if (lanePrev?.type === 'placementLane' && lanePrev.data.view === model.lane.view && samePlace(lanePrev, model.lane)) {
    nodes.push(lanePrev);
  } else {
    const data = lanePrev?.type === 'placementLane' && lanePrev.data.view === model.lane.view ? lanePrev.data : { view: model.lane.view };
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

  const prevEdges = new Map<string, ReplacementFlowEdge>();
  for (const e of previous?.edges ?? []) prevEdges.set(e.id, e);
  const edges = model.edges.map((e): ReplacementFlowEdge => {
    const prev = prevEdges.get(e.id);
    if (prev && prev.source === e.source && prev.target === e.target && sameEnds(prev, e)) return prev;
    return {
      id: e.id,
      type: 'replacement',
      source: e.source,
      target: e.target,
      className: `cg-edge cg-edge--${e.kind}`,
      markerEnd: arrowMarkerID(e.kind),
      data: { kind: e.kind, from: e.from, to: e.to },
      zIndex: 10,
      selectable: false,
      focusable: false,
      deletable: false,
    };
  });
  return { nodes, edges };
}
