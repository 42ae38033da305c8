// The arrow from a replaced allocation to its replacement. It is drawn
// between the ends the layout computed (the card's left side, the ghost
// card's right side) rather than between React Flow's handles.

import { BaseEdge, type EdgeProps, getBezierPath, Position } from '@xyflow/react';
import { memo } from 'react';
import type { ReplacementFlowEdge } from '../../graph/flow.ts';

/** ReplacementEdge is the memoised React Flow edge type of replacement arrows. */
export const ReplacementEdge = memo(function ReplacementEdge({ id, data, markerEnd }: EdgeProps<ReplacementFlowEdge>) {
  if (!data) return null;
  const [path] = getBezierPath({
    sourceX: data.from.x,
    sourceY: data.from.y,
    sourcePosition: Position.Left,
    targetX: data.to.x,
    targetY: data.to.y,
    targetPosition: Position.Right,
  });
  return <BaseEdge id={id} path={path} markerEnd={markerEnd} interactionWidth={0} />;
});
