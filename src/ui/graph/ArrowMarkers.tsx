// The arrowheads of the replacement arrows, one SVG marker per kind, coloured
// by the theme's variables (React Flow's own markers take a fixed colour).

import { arrowMarkerID } from '../../graph/flow.ts';
import type { EdgeKind } from '../../graph/model.ts';

const KINDS: readonly EdgeKind[] = ['migrate', 'destructive', 'reschedule', 'lost', 'later'];

/**
 * ArrowMarkers defines the markers that the replacement arrows name in their
 * markerEnd; ReplacementArrows puts them in its own SVG, so that an exported
 * drawing carries them.
 */
export function ArrowMarkers() {
  return (
    <defs>
      {KINDS.map((k) => (
        <marker
          key={k}
          id={arrowMarkerID(k)}
          className={`cg-marker cg-marker--${k}`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" />
        </marker>
      ))}
    </defs>
  );
}
