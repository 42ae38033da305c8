// What the graph folds: the person's choice (folding on or off), the folds
// opened since the scenario was loaded, and the allocations kept drawn.

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Fold } from '../../graph/fold.ts';
import { sameLoad } from '../../graph/viewport.ts';
import type { Scenario } from '../../scenario/read.ts';

// The folds opened, and the scenario they were opened in.
interface Opened {
  scenario: Scenario;
  open: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

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
  const [opened, setOpened] = useState<Opened>({ scenario, open: NONE });
  const current = sameLoad(opened.scenario, scenario) ? opened.open : NONE;
  if (current !== opened.open) setOpened({ scenario, open: NONE });
  const fold = useMemo(() => ({ on, open: current, keep }), [on, current, keep]);
  // The function keeps its identity (every box reads it), so it reads the scenario of the moment from a ref.
  const latest = useRef(scenario);
  useEffect(() => {
    latest.current = scenario;
  });
  const unfold = useCallback(
    (id: string) =>
      setOpened((o) => {
        const kept = sameLoad(o.scenario, latest.current) ? o.open : NONE;
        return { scenario: latest.current, open: new Set([...kept, id]) };
      }),
    [],
  );
  return { fold, unfold };
}

/** UnfoldContext gives the graph's boxes the function that opens a fold. */
export const UnfoldContext = createContext<(id: string) => void>(() => {});

/** useUnfold is the function that opens a fold (a box's ID, or SUMMARY_ID). */
export function useUnfold(): (id: string) => void {
  return useContext(UnfoldContext);
}
