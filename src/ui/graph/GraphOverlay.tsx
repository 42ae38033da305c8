// What sits over the drawing inside React Flow: the background grid, the
// zoom controls with the export buttons, and the minimap (the search box,
// the fold switch and the legend are GraphTools).

import { Background, Controls, MiniMap, type Node as FlowNode } from '@xyflow/react';
import { memo } from 'react';
import type { Pane } from '../../graph/layout.ts';
import type { NodeBoxView } from '../../graph/model.ts';
import { ExportButtons } from './ExportButtons.tsx';

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

/**
 * GraphOverlay draws the controls over the graph; render it inside
 * <ReactFlow>. `culled` says the graph has too many boxes for a minimap:
 * redrawing every box's rectangle on each frame of a pan would cost more
 * than the map helps. Memoised: an edit does not redraw it.
 */
export const GraphOverlay = memo(function GraphOverlay({ pane, culled }: { pane: Pane | null; culled: boolean }) {
  const minimap = pane !== null && pane.width >= MINIMAP_PANE && pane.height >= MINIMAP_PANE_HEIGHT && !culled;
  return (
    <>
      <Background gap={24} />
      <Controls showInteractive={false} position="bottom-left">
        <ExportButtons />
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
