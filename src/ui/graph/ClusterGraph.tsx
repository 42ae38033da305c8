// The cluster graph: client nodes as boxes of allocation cards, pending
// placements in a lane of their own, and arrows from replaced allocations to
// their replacements, drawn with React Flow.
//
// Performance notes (1,000 allocations over 100 nodes):
// - one React Flow node per client node, allocations are plain markup inside;
// - buildGraph/toFlow keep the objects of unchanged boxes and cards, and the
//   node types and cards are memoised on them, so a keystroke redraws only
//   changed cards; when no node changed React Flow is not even told;
// - the arrows are not React Flow edges but one SVG (ReplacementArrows):
//   React Flow stacks an SVG element per edge over the nodes, and those
//   layers made every repaint of the page slower (and every hit test, while
//   panning);
// - cards and ghost cards are neither positioned nor translucent (graph.css):
//   either makes each card a paint layer of its own, and a thousand of them
//   made the browser's layerisation after any change take about 15 ms;
// - the highlight lives in a small external store; each box subscribes to its
//   own share of it, so hovering the explanation redraws only affected boxes;
// - clicks are delegated to one listener (onNodeClick, which also makes the
//   otherwise inert, unselectable nodes take pointer events);
// - onlyRenderVisibleElements stays off: React Flow renders every node on
//   first paint anyway until it has measured it (xyflow issues #3883 and
//   #3573: culled nodes also keep useNodesInitialized false), and culling
//   would mount and unmount boxes while panning, which costs more than
//   keeping 100 memoised boxes mounted.

import { Background, Controls, MiniMap, type Node, type NodeTypes, Panel, ReactFlow, ViewportPortal } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type CSSProperties, memo, type MouseEvent, type PointerEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { buildGraph } from '../../graph/buildGraph.ts';
import { type FlowGraph, toFlow } from '../../graph/flow.ts';
import { BOX, CARD, LANE } from '../../graph/layout.ts';
import type { GraphModel, NodeBoxView } from '../../graph/model.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { ArrowMarkers } from './ArrowMarkers.tsx';
import { ClientNodeBox } from './ClientNodeBox.tsx';
import { FollowFocus } from './FollowFocus.tsx';
import { createHighlightStore, HighlightContext } from './highlight.ts';
import { Legend } from './Legend.tsx';
import { PlacementLane } from './PlacementLane.tsx';
import { ReplacementArrows } from './ReplacementArrows.tsx';
import { useColorMode } from './useColorMode.ts';
import './theme.css';
import './graph.css';

// Defined once: React Flow re-creates every node when nodeTypes changes.
const nodeTypes: NodeTypes = { clientNode: ClientNodeBox, placementLane: PlacementLane };

// The CSS reads the layout's numbers, so that the drawn cards sit where the model says.
const geometry = {
  '--cg-card-w': `${CARD.width}px`,
  '--cg-card-h': `${CARD.height}px`,
  '--cg-card-gap': `${CARD.gap}px`,
  '--cg-box-pad': `${BOX.padding}px`,
  '--cg-box-header': `${BOX.header}px`,
  '--cg-lane-header': `${LANE.header}px`,
} as CSSProperties;

const fitViewOptions = { padding: 0.05, maxZoom: 1 };

// CLICK_DISTANCE is how far (in pixels) the pointer may move between press and release for a click.
const CLICK_DISTANCE = 4;

function minimapClass(node: Node): string {
  if (node.type === 'placementLane') return 'cg-mini cg-mini--lane';
  const v = (node.data as { view: NodeBoxView }).view;
  if (v.condition === 'down' || v.condition === 'gc') return `cg-mini cg-mini--${v.condition}`;
  if (v.draining) return 'cg-mini cg-mini--draining';
  if (v.ineligible) return 'cg-mini cg-mini--ineligible';
  return 'cg-mini';
}

/** ClusterGraphProps are what the shell passes to the graph. */
export interface ClusterGraphProps {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  /** stale dims the graph: the editor's text is invalid and this is the last good result. */
  stale: boolean;
  /** highlight holds allocation IDs (and placement names) to emphasise. */
  highlight: ReadonlySet<string>;
  onSelectAlloc: (allocID: string | null) => void;
}

/**
 * ClusterGraph draws the cluster and what the reconciler decided: pan, zoom,
 * fit, a minimap and a legend; clicking (or pressing Enter on) a card calls
 * onSelectAlloc with its allocation ID, clicking the background with null.
 * It is memoised: a parent's re-render with the same result (a store change
 * elsewhere) does not reach React Flow.
 */
export const ClusterGraph = memo(function ClusterGraph({ scenario, document, trace, stale, highlight, onSelectAlloc }: ClusterGraphProps) {
  const previous = useRef<{ model: GraphModel; flow: FlowGraph } | null>(null);
  const flow = useMemo(() => {
    const model = buildGraph(scenario, document, trace, previous.current?.model ?? null);
    const f = toFlow(model, previous.current?.flow ?? null);
    previous.current = { model, flow: f };
    return f;
  }, [scenario, document, trace]);

  const [store] = useState(createHighlightStore);
  useLayoutEffect(() => store.set(highlight), [store, highlight]);

  const select = useRef(onSelectAlloc);
  useEffect(() => {
    select.current = onSelectAlloc;
  }, [onSelectAlloc]);
  // Cards are found from the click's target (one listener for a thousand
  // cards). A drag that pans the view and ends on a card is not a click.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    down.current = { x: e.clientX, y: e.clientY };
  }, []);
  const onNodeClick = useCallback((e: MouseEvent) => {
    const from = down.current;
    if (e.detail !== 0 && from && Math.hypot(e.clientX - from.x, e.clientY - from.y) > CLICK_DISTANCE) return;
    const card = (e.target as Element).closest?.('[data-testid="alloc"]');
    if (card) select.current(card.getAttribute('data-alloc-id'));
  }, []);
  const onPaneClick = useCallback(() => select.current(null), []);
  const root = useRef<HTMLDivElement>(null);
  const onMoveStart = useCallback(() => root.current?.classList.add('cg--moving'), []);
  const onMoveEnd = useCallback(() => root.current?.classList.remove('cg--moving'), []);
  const colorMode = useColorMode();

  return (
    <div ref={root} className={stale ? 'cg cg--stale' : 'cg'} style={geometry} data-testid="cluster-graph" data-stale={stale ? 'true' : 'false'} onPointerDownCapture={onPointerDown}>
      <ArrowMarkers />
      {stale && (
        <div className="cg__stale" role="status">
          Stale: the scenario has errors; this is the last valid result
        </div>
      )}
      <HighlightContext.Provider value={store}>
        <ReactFlow
          nodes={flow.nodes}
          nodeTypes={nodeTypes}
          colorMode={colorMode}
          fitView
          fitViewOptions={fitViewOptions}
          minZoom={0.05}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          panActivationKeyCode={null}
          onlyRenderVisibleElements={false}
          onPaneClick={onPaneClick}
          onNodeClick={onNodeClick}
          onMoveStart={onMoveStart}
          onMoveEnd={onMoveEnd}
          aria-label="Cluster graph"
        >
          <FollowFocus />
          <ViewportPortal>
            <ReplacementArrows arrows={flow.arrows} />
          </ViewportPortal>
          <Background gap={24} />
          <Controls showInteractive={false} position="bottom-left" />
          <MiniMap pannable zoomable nodeClassName={minimapClass} position="bottom-right" ariaLabel="Minimap" />
          <Panel position="top-right">
            <Legend />
          </Panel>
        </ReactFlow>
      </HighlightContext.Provider>
    </div>
  );
});
