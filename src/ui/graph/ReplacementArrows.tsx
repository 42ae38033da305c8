// The arrows from replaced allocations to their replacements, all in one
// SVG drawn in the graph's coordinates (inside React Flow's viewport, above
// the nodes), between the ends the layout computed: the card's left side,
// the ghost card's right side. One SVG instead of React Flow edges, each of
// which is an SVG element of its own stacked over the nodes: a hundred such
// layers made every change on the page slower to paint.

import { memo } from 'react';
import { arrowMarkerID, arrowPath } from '../../graph/flow.ts';
import { ArrowMarkers } from './ArrowMarkers.tsx';
import type { ReplacementEdge } from '../../graph/model.ts';

// Arrow is one arrow, memoised on its object: toFlow keeps the objects of
// arrows that did not move.
const Arrow = memo(function Arrow({ arrow }: { arrow: ReplacementEdge }) {
  return (
    <path
      className={`cg-arrow cg-edge--${arrow.kind}`}
      d={arrowPath(arrow)}
      markerEnd={`url(#${arrowMarkerID(arrow.kind)})`}
      data-kind={arrow.kind}
      data-alloc-id={arrow.allocID}
    />
  );
});

/**
 * ReplacementArrows draws every replacement arrow; render it in a
 * ViewportPortal. It is memoised on the list, which toFlow keeps when no
 * arrow changed.
 */
export const ReplacementArrows = memo(function ReplacementArrows({ arrows }: { arrows: readonly ReplacementEdge[] }) {
  return (
    <svg className="cg-arrows" aria-hidden="true" data-testid="replacement-arrows">
      <ArrowMarkers />
      {arrows.map((a) => (
        <Arrow key={a.id} arrow={a} />
      ))}
    </svg>
  );
});
