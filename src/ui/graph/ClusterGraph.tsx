// The cluster graph: client nodes as boxes of allocation cards, pending
// placements in a lane of their own, and arrows from replaced allocations to
// their replacements, drawn with React Flow.
//
// Performance notes (1,000 allocations over 100 nodes, and 5,000 over 500):
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
// - onlyRenderVisibleElements stays off up to CULL_BOXES boxes: culling
//   mounts and unmounts boxes while panning, which costs more than keeping
//   100 memoised boxes mounted; above it (5,000 allocations over 500 nodes)
//   and zoomed in, only the boxes in view are rendered, so that the DOM is
//   bounded by the screen (every node's size is given, so none is rendered
//   to be measured); on the overview every tile is in view anyway;
// - zoomed out (the overview, below DETAIL_ZOOM) a box is a tile of counts,
//   a handful of elements instead of a card per allocation.

import {
  Background,
  Controls,
  MiniMap,
  type Node as FlowNode,
  type NodeTypes,
  Panel,
  ReactFlow,
  type Viewport,
  ViewportPortal,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  type CSSProperties,
  type FocusEvent,
  memo,
  type RefObject,
  useSyncExternalStore,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { buildGraph } from '../../graph/buildGraph.ts';
import { type FlowGraph, toFlow } from '../../graph/flow.ts';
import { BOX, CARD, chooseShape, type Pane, type Shape } from '../../graph/layout.ts';
import { DETAIL_ZOOM, zoomFloor } from '../../graph/viewport.ts';
import type { GraphModel, NodeBoxView } from '../../graph/model.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { ClientNodeBox } from './ClientNodeBox.tsx';
import { createDetailStore, DetailContext } from './detail.ts';
import { type DeploymentActions, DeploymentStrip } from './DeploymentStrip.tsx';
import { deploymentViews } from '../../graph/deployment.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { FitView } from './FitView.tsx';
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
} as CSSProperties;

const fitViewOptions = { padding: 0.05, maxZoom: 1.25 };

// CULL_BOXES is the most boxes kept mounted off screen: a larger cluster,
// zoomed in, renders only the boxes in view (every node's size is given up
// front, so React Flow need not render a node to measure it).
const CULL_BOXES = 200;

// The minimap is kept small: it is a map, not a second graph, and must not cover cards.
const MINIMAP_SIZE = { width: 120, height: 80 };
// A pane narrower or shorter than this (px) has no room for the minimap beside
// the cards; nor is there one above CULL_BOXES boxes, where redrawing every
// box's rectangle on each frame of a pan costs more than the map helps.
const MINIMAP_PANE = 560;
const MINIMAP_PANE_HEIGHT = 420;

// fitKey names a scenario for the view: a new name or other nodes is another scenario, refitted.
function fitKey(s: Scenario): string {
  return `${s.Name}\n${s.Nodes.map((n) => n.ID).join('\n')}`;
}

// paneShape chooses the arrangement that shows the scenario largest in the pane.
function paneShape(s: Scenario, doc: ResultDocument, pane: Pane, minTextPx: number | null): Shape {
  const per = new Map<string, number>(s.Nodes.map((n) => [n.ID, 0]));
  const gone = new Map<string, number>();
  for (const a of s.Allocations) {
    const counts = per.has(a.NodeID) ? per : gone;
    counts.set(a.NodeID, (counts.get(a.NodeID) ?? 0) + 1);
  }
  const ghosts = doc.Place.length + doc.DestructiveUpdate.length;
  return chooseShape([...per.values(), ...gone.values()], ghosts, pane, zoomFloor(pane, minTextPx)).shape;
}

// usePaneSize follows the size of the graph's pane, in whole pixels.
function usePaneSize(ref: RefObject<HTMLDivElement | null>): Pane | null {
  const [pane, setPane] = useState<Pane | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = Math.round(el.clientWidth);
      const height = Math.round(el.clientHeight);
      if (width === 0 || height === 0) return;
      setPane((p) => (p !== null && p.width === width && p.height === height ? p : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return pane;
}

// showPromotionTargets marks, while the pointer is over a canary (or it has the focus), the cards
// it replaces once the deployment is promoted (an attribute the CSS draws;
// React does not own it, and no render is needed).
function showPromotionTargets(root: HTMLElement | null, e: MouseEvent | FocusEvent): void {
  if (!root) return;
  for (const el of root.querySelectorAll('[data-promotion-target]')) el.removeAttribute('data-promotion-target');
  if (e.type !== 'mouseover' && e.type !== 'focus') return;
  const canary = (e.target as Element).closest?.('[data-replaces]');
  for (const id of canary?.getAttribute('data-replaces')?.split(' ') ?? []) {
    root
      .querySelector(`[data-testid="alloc"][data-alloc-id="${CSS.escape(id)}"]`)
      ?.setAttribute('data-promotion-target', 'true');
  }
}

// CLICK_DISTANCE is how far (in pixels) the pointer may move between press and release for a click.
const CLICK_DISTANCE = 4;

function minimapClass(node: FlowNode): string {
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
  /** deploymentActions promote or fail the deployment; given in a rollout only. */
  deploymentActions?: DeploymentActions | null;
  /** minTextPx raises the floor on card text at first view (the presenter's large type); null keeps 11 px (10 px when narrow). */
  minTextPx?: number | null;
}

// The graph as last built, with what it was built from.
interface Built {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  shape: Shape | null;
  model: GraphModel;
  flow: FlowGraph;
}

// useBuiltGraph builds the graph model and React Flow's nodes again when
// their inputs change, from the previous ones (so unchanged boxes and cards
// keep their objects). Kept as state, brought up to date while rendering.
function useBuiltGraph(
  scenario: Scenario,
  document: ResultDocument,
  trace: ReconcileTrace | null,
  shape: Shape | null,
): Built {
  const [built, setBuilt] = useState<Built | null>(null);
  if (
    built !== null &&
    built.scenario === scenario &&
    built.document === document &&
    built.trace === trace &&
    built.shape === shape
  )
    return built;
  const model = buildGraph(scenario, document, trace, built?.model ?? null, shape);
  const next = { scenario, document, trace, shape, model, flow: toFlow(model, built?.flow ?? null) };
  setBuilt(next);
  return next;
}

/**
 * ClusterGraph draws the cluster and what the reconciler decided: pan, zoom,
 * fit, a minimap and a legend; clicking (or pressing Enter on) a card calls
 * onSelectAlloc with its allocation ID, clicking the background with null.
 * It is memoised: a parent's re-render with the same result (a store change
 * elsewhere) does not reach React Flow.
 */
export const ClusterGraph = memo(function ClusterGraph({
  scenario,
  document,
  trace,
  stale,
  highlight,
  onSelectAlloc,
  deploymentActions = null,
  minTextPx = null,
}: ClusterGraphProps) {
  const root = useRef<HTMLDivElement>(null);
  const flowPane = useRef<HTMLDivElement>(null);
  const pane = usePaneSize(flowPane);
  const deployments = useMemo(() => deploymentViews(scenario, document), [scenario, document]);
  // The arrangement is chosen when a scenario is loaded (its name or nodes
  // change) or the pane is resized, never while typing: an edit that adds a
  // card grows a box but moves no box to another row.
  const key = fitKey(scenario);
  const shape = useMemo(
    () => (pane === null ? null : paneShape(scenario, document, pane, minTextPx)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by fitKey on purpose: the shape is chosen again when a scenario is loaded, not on each edit
    [key, pane, minTextPx],
  );
  const { flow, model } = useBuiltGraph(scenario, document, trace, shape);
  const [detailStore] = useState(createDetailStore);
  // Culling pays only zoomed in: on the overview every tile is in view, and culling would re-check them all on each frame of a pan.
  const detail = useSyncExternalStore(detailStore.subscribe, detailStore.get, detailStore.get);
  const onMove = useCallback((_: unknown, v: Viewport) => detailStore.set(v.zoom >= DETAIL_ZOOM), [detailStore]);
  // Zoomed out, the arrows would only tangle the tiles: the root's class hides them.
  useEffect(
    () => detailStore.subscribe(() => root.current?.classList.toggle('cg--overview', !detailStore.get())),
    [detailStore],
  );

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
  const onHover = useCallback((e: MouseEvent | FocusEvent) => showPromotionTargets(root.current, e), []);
  const onMoveStart = useCallback(() => root.current?.classList.add('cg--moving'), []);
  const onMoveEnd = useCallback(() => root.current?.classList.remove('cg--moving'), []);
  const colorMode = useColorMode();

  return (
    <div
      ref={root}
      className={stale ? 'cg cg--stale' : 'cg'}
      style={{ ...geometry, '--cg-box-cols': model.shape.boxColumns } as CSSProperties}
      data-testid="cluster-graph"
      data-stale={stale ? 'true' : 'false'}
      onPointerDownCapture={onPointerDown}
      onMouseOver={onHover}
      onMouseOut={onHover}
      onFocus={onHover}
      onBlur={onHover}
    >
      {stale && (
        <div className="cg__stale" role="status">
          Stale: the scenario has errors; this is the last valid result
        </div>
      )}
      <DeploymentStrip views={deployments} actions={deploymentActions} />
      <div className="cg__flow" ref={flowPane}>
        <HighlightContext.Provider value={store}>
          <DetailContext.Provider value={detailStore}>
            <ReactFlow
              nodes={flow.nodes}
              nodeTypes={nodeTypes}
              colorMode={colorMode}
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
              onlyRenderVisibleElements={detail && model.boxes.length > CULL_BOXES}
              onPaneClick={onPaneClick}
              onNodeClick={onNodeClick}
              onMoveStart={onMoveStart}
              onMoveEnd={onMoveEnd}
              onMove={onMove}
              aria-label="Cluster graph"
            >
              <FollowFocus />
              {pane !== null && <FitView model={model} pane={pane} fitKey={key} root={root} minTextPx={minTextPx} />}
              <ViewportPortal>
                <ReplacementArrows arrows={flow.arrows} />
              </ViewportPortal>
              <Background gap={24} />
              <Controls showInteractive={false} position="bottom-left">
                <ExportButtons />
              </Controls>
              {pane !== null &&
                pane.width >= MINIMAP_PANE &&
                pane.height >= MINIMAP_PANE_HEIGHT &&
                model.boxes.length <= CULL_BOXES && (
                  <MiniMap
                    pannable
                    zoomable
                    nodeClassName={minimapClass}
                    position="bottom-right"
                    ariaLabel="Minimap"
                    style={MINIMAP_SIZE}
                  />
                )}
              <Panel position="top-right">
                <Legend />
              </Panel>
            </ReactFlow>
          </DetailContext.Provider>
        </HighlightContext.Provider>
      </div>
    </div>
  );
});
