// What sits over the drawing inside React Flow: the background grid, the
// zoom controls with the export buttons, and the minimap (the search box,
// the fold switch and the legend are GraphTools).

import { Background, ControlButton, Controls, MiniMap, type Node as FlowNode, useReactFlow } from '@xyflow/react';
import { memo, type RefObject, useContext } from 'react';
import type { Pane } from '../../graph/layout.ts';
import type { GraphModel, NodeBoxView } from '../../graph/model.ts';
import { DETAIL_ZOOM, storyView, zoomFloor } from '../../graph/viewport.ts';
import { DetailContext } from './detail.ts';
import { ExportButtons, type ExportSource } from './ExportButtons.tsx';

// The minimap is kept small: it is a map, not a second graph, and must not cover cards.
const MINIMAP_SIZE = { width: 120, height: 80 };
// A pane narrower or shorter than this (px) has no room for the minimap beside the cards.
const MINIMAP_PANE = 720;
const MINIMAP_PANE_HEIGHT = 420;

// minimapClass colours a node's rectangle on the minimap by the lane or the node's condition.
function minimapClass(node: FlowNode): string {
  if (node.type === 'placementLane') return 'cg-mini cg-mini--lane';
  const v = (node.data as { view: NodeBoxView }).view;
  if (v.condition === 'down' || v.condition === 'gc') return `cg-mini cg-mini--${v.condition}`;
  if (v.draining) return 'cg-mini cg-mini--draining';
  if (v.ineligible) return 'cg-mini cg-mini--ineligible';
  return 'cg-mini';
}

// FitIcon is React Flow's own fit-view icon (its button is replaced, its picture kept).
function FitIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
      <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
    </svg>
  );
}

/**
 * GraphOverlay draws the controls over the graph; render it inside
 * <ReactFlow>. `culled` says the graph has too many boxes for a minimap:
 * redrawing every box's rectangle on each frame of a pan would cost more
 * than the map helps. The fit button fits the story as the first view does
 * (never below 12 px card text), from the latest model in `model`; zooming
 * in from the overview goes straight to legible cards, at the pane's
 * centre, where a zoom step would leave unreadable tiles. `exportSource` is what the
 * export buttons draw, kept by the graph. Memoised: an edit does not
 * redraw it.
 */
export const GraphOverlay = memo(function GraphOverlay({
  pane,
  culled,
  model,
  minTextPx,
  exportSource,
}: {
  pane: Pane | null;
  culled: boolean;
  model: RefObject<GraphModel>;
  minTextPx: number | null;
  exportSource: RefObject<ExportSource | null>;
}) {
  const { getZoom, zoomTo, setViewport } = useReactFlow();
  // A move made by the program need not report itself: the boxes are told whether to draw their cards.
  const detail = useContext(DetailContext);
  const minimap = pane !== null && pane.width >= MINIMAP_PANE && pane.height >= MINIMAP_PANE_HEIGHT && !culled;
  // A zoom step multiplies by 1.2: a zoom still under that past DETAIL_ZOOM came from the overview.
  const onZoomIn = () => {
    if (getZoom() >= DETAIL_ZOOM * 1.2) return;
    detail.setState(true);
    void zoomTo(zoomFloor());
  };
  const onFitView = () => {
    if (pane === null) return;
    const view = storyView(model.current, pane, minTextPx);
    detail.setState(view.zoom >= DETAIL_ZOOM);
    void setViewport(view);
  };
  return (
    <>
      <Background gap={24} />
      <Controls showInteractive={false} showFitView={false} position="bottom-left" onZoomIn={onZoomIn}>
        <ControlButton
          className="react-flow__controls-fitview"
          onClick={onFitView}
          title="Fit what changes"
          aria-label="Fit what changes"
        >
          <FitIcon />
        </ControlButton>
        <ExportButtons source={exportSource} />
      </Controls>
      {minimap && (
        <MiniMap
          pannable
          zoomable
          nodeClassName={minimapClass}
          position="bottom-right"
          ariaLabel="Minimap"
          style={MINIMAP_SIZE}
        />
      )}
    </>
  );
});
