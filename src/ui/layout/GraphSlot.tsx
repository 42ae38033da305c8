// The centre of the app: the cluster graph of the last good result. The
// graph itself dims and labels a stale result; this slot only passes it on.

import { useCallback, useMemo } from 'react';
import {
  useActions,
  useFoldPreference,
  useRolloutFrame,
  useInRollout,
  useShownResult,
  useStale,
  useStatus,
  useStoreApi,
  useVersionsMark,
} from '../storeContext.tsx';
import { graphBudget } from '../../worker/budgets.ts';
import { ClusterGraph } from './slots.ts';

// GraphWaiting stands in for the graph until the first good result. It
// alone reads the run status, which changes twice per keystroke (running,
// then the answer), so that those changes do not re-render the slot.
function GraphWaiting() {
  const status = useStatus();
  const text =
    status === 'invalid'
      ? 'Fix the scenario to see the graph.'
      : status === 'held'
        ? 'Not run yet: this scenario was opened without running it. Run it with Ctrl/⌘+Enter (or Run it above), or edit it.'
        : 'Reconciling…';
  return <div className="graph-empty">{text}</div>;
}

/** GraphSlot draws the graph of the last good result, telling it when that result is out of date. */
export function GraphSlot({ minTextPx = null }: { minTextPx?: number | null } = {}) {
  const result = useShownResult();
  const stale = useStale();
  const { selectAlloc } = useActions();
  const store = useStoreApi();
  // A card clicked shows why: its decision in the Explanation (the Rollout tab's story stays put).
  const onSelectAlloc = useCallback(
    (id: string | null) => {
      selectAlloc(id);
      const { resultTab, setResultTab } = store.getState();
      if (id !== null && resultTab !== 'rollout') setResultTab('explain');
    },
    [selectAlloc, store],
  );
  // In a rollout the deployment's panel can promote or fail it, after the frame shown.
  const { addEvent } = useActions();
  const inRollout = useInRollout();
  const fold = useFoldPreference();
  // What Compare versions marks stays drawn when the graph folds what nothing happens to.
  const keep = useVersionsMark();
  const { setFold } = useActions();
  // In a rollout each frame is fitted to its own story as it is shown.
  const frame = useRolloutFrame();
  const follow = inRollout ? frame : null;
  const deploymentActions = useMemo(
    () =>
      inRollout
        ? {
            promote: () => void addEvent({ Kind: 'deployment-promote' }),
            fail: () => void addEvent({ Kind: 'deployment-fail' }),
          }
        : null,
    [inRollout, addEvent],
  );

  // A cluster too large to draw card by card is said so, never drawn as a wall of DOM boxes.
  const over = result ? graphBudget(result.scenario.Allocations.length) : null;
  return (
    <section className="panel graph-panel" aria-label="Cluster graph" data-testid="graph-panel" data-stale={stale}>
      {!result && <GraphWaiting />}
      {over !== null && (
        <div className="graph-empty" data-testid="graph-over-budget">
          {over}
        </div>
      )}
      {result && over === null && (
        <ClusterGraph
          scenario={result.scenario}
          document={result.document}
          trace={result.trace}
          stale={stale}
          onSelectAlloc={onSelectAlloc}
          deploymentActions={deploymentActions}
          minTextPx={minTextPx}
          fold={fold}
          onFold={setFold}
          keep={keep}
          follow={follow}
        />
      )}
    </section>
  );
}
