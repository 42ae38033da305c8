// What sits over the drawing inside React Flow: the background grid, the
// zoom controls with the export buttons, the minimap and the legend.

import { Background, Controls, MiniMap, type Node as FlowNode, Panel } from '@xyflow/react';
import { memo, type RefObject } from 'react';
import type { Pane } from '../../graph/layout.ts';
import type { NodeBoxView } from '../../graph/model.ts';
import { ExportButtons, type ExportSource } from './ExportButtons.tsx';
import { Legend } from './Legend.tsx';

// The minimap is kept small: it is a map, not a second graph, and must not cover cards.
const MINIMAP_SIZE = { width: 120, height: 80 };
// A pane narrower or shorter than this (px) has no room for the minimap beside the cards.
const MINIMAP_PANE = 560;
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

/**
 * GraphOverlay draws the controls over the graph; render it inside
 * <ReactFlow>. `culled` says the graph has too many boxes for a minimap:
 * redrawing every box's rectangle on each frame of a pan would cost more
 * than the map helps. `exportSource` is what the export buttons draw, kept
 * by the graph. Memoised: an edit does not redraw it.
 */
export const GraphOverlay = memo(function GraphOverlay({
  pane,
  culled,
  exportSource,
}: {
  pane: Pane | null;
  culled: boolean;
  exportSource: RefObject<ExportSource | null>;
}) {
  const minimap = pane !== null && pane.width >= MINIMAP_PANE && pane.height >= MINIMAP_PANE_HEIGHT && !culled;
  return (
    <>
      <Background gap={24} />
      {/* A row along the top, in the strip the first view keeps free above the drawing
          (graph/viewport.ts): in the bottom-left corner the buttons covered the lane's cards. */}
      <Controls showInteractive={false} position="top-left" orientation="horizontal">
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
      <Panel position="top-right">
        <Legend pane={pane} />
      </Panel>
    </>
  );
});
