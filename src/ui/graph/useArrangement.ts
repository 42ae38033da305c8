// How the boxes are arranged: chosen when a scenario is loaded (its name or
// nodes change) or the pane is resized, never while typing, so that an edit
// that adds a card grows a box but moves no box to another row.

import { useState } from 'react';
import type { Pane, Shape } from '../../graph/layout.ts';
import { paneShape, sameLoad } from '../../graph/viewport.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';

// An arrangement with what it was chosen for.
interface Arranged {
  scenario: Scenario;
  pane: Pane | null;
  minTextPx: number | null;
  shape: Shape | null;
}

/**
 * useArrangement is the shape the boxes are drawn in (null before the pane
 * has a size). It keeps its identity until another scenario is loaded, the
 * pane changes size or the text floor changes, and is chosen again then from
 * the scenario and result of that moment. Kept as state, brought up to date
 * while rendering.
 */
export function useArrangement(
  scenario: Scenario,
  document: ResultDocument,
  pane: Pane | null,
  minTextPx: number | null,
): Shape | null {
  const [arranged, setArranged] = useState<Arranged | null>(null);
  if (
    arranged !== null &&
    arranged.pane === pane &&
    arranged.minTextPx === minTextPx &&
    sameLoad(arranged.scenario, scenario)
  )
    return arranged.shape;
  const shape = pane === null ? null : paneShape(scenario, document, pane, minTextPx);
  setArranged({ scenario, pane, minTextPx, shape });
  return shape;
}
