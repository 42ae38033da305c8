// How the boxes are arranged: chosen when a scenario is loaded (its name or
// nodes change), a rollout's frame is shown, folding is turned on or off, or
// the pane is resized; never while typing, so that an edit that adds a card
// grows a box but keeps the columns, and never when a fold is opened, so that
// what was in view stays where it was.

import { useState } from 'react';
import type { ReconcileTrace } from '../../engine/types.ts';
import { buildGraph } from '../../graph/buildGraph.ts';
import type { Fold } from '../../graph/fold.ts';
import type { Pane, Shape } from '../../graph/layout.ts';
import { paneShape, sameLoad } from '../../graph/viewport.ts';
import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';

// An arrangement with what it was chosen for.
interface Arranged {
  scenario: Scenario;
  pane: Pane | null;
  minTextPx: number | null;
  foldOn: boolean;
  follow: number | null;
  shape: Shape | null;
}

/**
 * useArrangement is the shape the boxes are drawn in (null before the pane
 * has a size). It keeps its identity until another scenario is loaded,
 * another frame is shown (`follow` changes), folding is turned on or off,
 * the pane changes size or the text floor changes, and is chosen again then
 * for the drawing of that moment, as folded. Kept as state, brought up to
 * date while rendering.
 */
export function useArrangement(
  scenario: Scenario,
  document: ResultDocument,
  trace: ReconcileTrace | null,
  pane: Pane | null,
  minTextPx: number | null,
  fold: Fold,
  follow: number | null,
): Shape | null {
  const [arranged, setArranged] = useState<Arranged | null>(null);
  if (
    arranged !== null &&
    arranged.pane === pane &&
    arranged.minTextPx === minTextPx &&
    arranged.foldOn === fold.on &&
    Object.is(arranged.follow, follow) &&
    sameLoad(arranged.scenario, scenario)
  )
    return arranged.shape;
  const shape =
    pane === null ? null : paneShape(buildGraph(scenario, document, trace, null, null, fold), pane, minTextPx);
  setArranged({ scenario, pane, minTextPx, foldOn: fold.on, follow, shape });
  return shape;
}
