// React Flow's fixed settings for the cluster graph: its node types, the
// layout's numbers for the CSS, the read-only behaviour and the culling
// threshold. Module-level constants, so that no render hands React Flow a
// new object.

import type { NodeTypes } from '@xyflow/react';
import type { CSSProperties } from 'react';
import { BOX, CARD } from '../../graph/layout.ts';
import { ClientNodeBox } from './ClientNodeBox.tsx';
import { FoldSummaryBox } from './FoldSummaryBox.tsx';
import { PlacementLane } from './PlacementLane.tsx';

/** nodeTypes draws the graph's three kinds of node; defined once, since React Flow re-creates every node when it changes. */
export const nodeTypes: NodeTypes = {
  clientNode: ClientNodeBox,
  placementLane: PlacementLane,
  foldSummary: FoldSummaryBox,
};

/** geometry gives the CSS the layout's numbers, so that the drawn cards sit where the model says. */
export const geometry = {
  '--cg-card-w': `${CARD.width}px`,
  '--cg-card-h': `${CARD.height}px`,
  '--cg-card-gap': `${CARD.gap}px`,
  '--cg-box-pad': `${BOX.padding}px`,
  '--cg-box-header': `${BOX.header}px`,
} as CSSProperties;

/**
 * readOnly are React Flow's settings for a drawing that is read, not edited
 * (dragging, connecting, selecting, deleting and its own focus and keys are
 * off), with the range it may be zoomed over.
 */
export const readOnly = {
  minZoom: 0.05,
  maxZoom: 2,
  nodesDraggable: false,
  nodesConnectable: false,
  nodesFocusable: false,
  edgesFocusable: false,
  elementsSelectable: false,
  deleteKeyCode: null,
  selectionKeyCode: null,
  multiSelectionKeyCode: null,
  panActivationKeyCode: null,
} as const;

/**
 * CULL_BOXES is the most boxes kept mounted off screen: a larger cluster,
 * zoomed in, renders only the boxes in view (every node's size is given up
 * front, so React Flow need not render a node to measure it).
 */
export const CULL_BOXES = 200;
