// What the graph folds: the person's choice (folding on or off), the folds
// opened since the scenario was loaded, and the allocations kept drawn. The
// opened folds live in the store, so that an export (a frame's picture, the
// film) folds as the page.

import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { Fold } from '../../graph/fold.ts';
import { sameLoad } from '../../graph/viewport.ts';
import type { Scenario } from '../../scenario/read.ts';
import type { OpenedFolds } from '../../store/state.ts';
import { useActions, useOpenedFolds, useStoreApi } from '../storeContext.tsx';

const NONE: ReadonlySet<string> = new Set();

// openIn is the folds opened in `scenario`'s load: none once another scenario is loaded.
function openIn(opened: OpenedFolds, scenario: Scenario): ReadonlySet<string> {
  return opened.scenario !== null && sameLoad(opened.scenario, scenario) ? opened.open : NONE;
}

/** foldShown is the Fold the page draws `scenario` with: the switch, and the folds opened since it was loaded. */
export function foldShown(on: boolean, opened: OpenedFolds, scenario: Scenario): Fold {
  return { on, open: openIn(opened, scenario) };
}

/**
 * useFold is the graph's Fold and a function that opens one fold (a box's
 * ID, or SUMMARY_ID for the folded nodes). Opened folds last until another
 * scenario is loaded; frames of a rollout and edits keep them. `keep` are
 * allocations drawn though nothing happens to them.
 */
export function useFold(
  scenario: Scenario,
  on: boolean,
  keep: ReadonlySet<string>,
): { fold: Fold; unfold: (id: string) => void } {
  const store = useStoreApi();
  const { setOpenedFolds } = useActions();
  const current = openIn(useOpenedFolds(), scenario);
  const fold = useMemo(() => ({ on, open: current, keep }), [on, current, keep]);
  // The function keeps its identity (every box reads it), so it reads the scenario of the moment from a ref.
  const latest = useRef(scenario);
  useEffect(() => {
    latest.current = scenario;
  });
  // Another scenario loaded forgets the folds opened before it, so that loading the first again opens it folded.
  useEffect(() => {
    const opened = store.getState().openedFolds;
    if (opened.open.size > 0 && openIn(opened, scenario) === NONE) setOpenedFolds({ scenario, open: NONE });
  }, [store, setOpenedFolds, scenario]);
  const unfold = useCallback(
    (id: string) => {
      const kept = openIn(store.getState().openedFolds, latest.current);
      setOpenedFolds({ scenario: latest.current, open: new Set([...kept, id]) });
    },
    [store, setOpenedFolds],
  );
  return { fold, unfold };
}

/** UnfoldContext gives the graph's boxes the function that opens a fold. */
export const UnfoldContext = createContext<(id: string) => void>(() => {});

/** useUnfold is the function that opens a fold (a box's ID, or SUMMARY_ID). */
export function useUnfold(): (id: string) => void {
  return useContext(UnfoldContext);
}
