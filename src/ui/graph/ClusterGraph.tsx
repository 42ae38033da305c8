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
// - the highlight is not a prop: each box subscribes to its own share of the
//   store's highlight, so hovering the explanation redraws only affected
//   boxes, never the graph;
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

import { ReactFlow, ViewportPortal } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type CSSProperties, memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { ExportSource } from './ExportButtons.tsx';
import type { ReconcileTrace } from '../../engine/types.ts';
import { deploymentViews } from '../../graph/deployment.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { DetailContext } from './detail.ts';
import { type DeploymentActions, DeploymentStrip } from './DeploymentStrip.tsx';
import { FitView } from './FitView.tsx';
import { CULL_BOXES, geometry, nodeTypes, readOnly } from './flowSettings.ts';
import { FollowFocus } from './FollowFocus.tsx';
import { GraphOverlay } from './GraphOverlay.tsx';
import { GraphTools } from './GraphTools.tsx';
import { Legend } from './Legend.tsx';
import { showPromotionTargets } from './promotionTargets.ts';
import { ReplacementArrows } from './ReplacementArrows.tsx';
import { useArrangement } from './useArrangement.ts';
import { useBuiltGraph } from './useBuiltGraph.ts';
import { useCardClicks } from './useCardClicks.ts';
import { useColorMode } from './useColorMode.ts';
import { UnfoldContext, useFold } from './useFold.ts';
import { useLegend } from './useLegend.ts';
import { usePaneSize } from './usePaneSize.ts';
import { useViewportState } from './useViewportState.ts';
import './theme.css';
import './graph.css';

/** ClusterGraphProps are what the shell passes to the graph. */
export interface ClusterGraphProps {
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  /** stale dims the graph: the editor's text is invalid and this is the last good result. */
  stale: boolean;
  onSelectAlloc: (allocID: string | null) => void;
  /** deploymentActions promote or fail the deployment; given in a rollout only. */
  deploymentActions?: DeploymentActions | null;
  /** minTextPx raises the floor on card text at first view where the story fits at it (the presenter's large type); null keeps TEXT_FLOOR. */
  minTextPx?: number | null;
  /** fold folds the nodes and allocations nothing happens to; onFold turns it on or off. */
  fold?: boolean;
  onFold?: ((on: boolean) => void) | null;
  /** keep are allocations the fold keeps drawn though nothing happens to them (the ones Compare versions marks). */
  keep?: ReadonlySet<string>;
  /** follow names what is shown (a rollout's frame): when it changes, the view is fitted to its story again. */
  follow?: number | null;
}

const NOTHING_KEPT: ReadonlySet<string> = new Set();

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
  onSelectAlloc,
  deploymentActions = null,
  minTextPx = null,
  fold: foldOn = true,
  onFold = null,
  keep = NOTHING_KEPT,
  follow = null,
}: ClusterGraphProps) {
  const root = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const flowPane = useRef<HTMLDivElement>(null);
  // The legend's place follows the width of the drawing and the legend together; the pane is the drawing's alone.
  const legend = useLegend(usePaneSize(body)?.width ?? null);
  const pane = usePaneSize(flowPane);
  const deployments = useMemo(() => deploymentViews(scenario, document), [scenario, document]);
  const { fold, unfold } = useFold(scenario, foldOn, keep);
  const shape = useArrangement(scenario, document, trace, pane, minTextPx, fold, follow);
  const { flow, model } = useBuiltGraph(scenario, document, trace, shape, fold);
  const { detailStore, detail, onMove, onMoveStart, onMoveEnd } = useViewportState(root);
  const { onPointerDown, onNodeClick, onPaneClick } = useCardClicks(onSelectAlloc);
  const colorMode = useColorMode();
  const culled = model.boxes.length > CULL_BOXES;
  // What the export buttons draw: kept in a ref, so that an edit does not redraw the controls.
  const exportSource = useRef<ExportSource | null>(null);
  useLayoutEffect(() => {
    exportSource.current = { model, deployments };
  }, [model, deployments]);
  // The overlay's fit button reads the latest model; a ref keeps the memoised overlay from redrawing on each edit.
  const latestModel = useRef(model);
  useLayoutEffect(() => {
    latestModel.current = model;
  });

  return (
    <div
      ref={root}
      className={stale ? 'cg cg--stale' : 'cg'}
      style={{ ...geometry, '--cg-box-cols': model.shape.boxColumns } as CSSProperties}
      data-testid="cluster-graph"
      data-stale={stale ? 'true' : 'false'}
      onPointerDownCapture={onPointerDown}
      onMouseOver={showPromotionTargets}
      onMouseOut={showPromotionTargets}
      onFocus={showPromotionTargets}
      onBlur={showPromotionTargets}
    >
      {stale && (
        <div className="cg__stale" role="status">
          Stale: the scenario has errors; this is the last valid result
        </div>
      )}
      <DeploymentStrip views={deployments} actions={deploymentActions} />
      <div className="cg__body" ref={body}>
        <div className="cg__flow" ref={flowPane}>
          <DetailContext.Provider value={detailStore}>
            <UnfoldContext.Provider value={unfold}>
              <ReactFlow
                nodes={flow.nodes}
                nodeTypes={nodeTypes}
                colorMode={colorMode}
                {...readOnly}
                onlyRenderVisibleElements={detail && culled}
                onPaneClick={onPaneClick}
                onNodeClick={onNodeClick}
                onMoveStart={onMoveStart}
                onMoveEnd={onMoveEnd}
                onMove={onMove}
                aria-label="Cluster graph"
              >
                <FollowFocus />
                {pane !== null && (
                  <FitView
                    model={model}
                    pane={pane}
                    name={scenario.Name}
                    root={root}
                    minTextPx={minTextPx}
                    follow={follow}
                  />
                )}
                <ViewportPortal>
                  <ReplacementArrows arrows={flow.arrows} />
                </ViewportPortal>
                <GraphOverlay
                  pane={pane}
                  culled={culled}
                  model={latestModel}
                  minTextPx={minTextPx}
                  exportSource={exportSource}
                />
                <GraphTools
                  scenario={scenario}
                  model={model}
                  unfold={unfold}
                  fold={foldOn}
                  onFold={onFold}
                  pane={pane}
                  legend={legend}
                />
              </ReactFlow>
            </UnfoldContext.Provider>
          </DetailContext.Provider>
        </div>
        {legend.place === 'column' && legend.open && <Legend place="column" pane={pane} onClose={legend.close} />}
      </div>
    </div>
  );
});
