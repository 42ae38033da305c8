// The centre of the app: the cluster graph of the last good result. The
// graph itself dims and labels a stale result; this slot only passes it on.

import { useCallback } from 'react';
import { useActions, useHighlight, useShownResult, useStale, useStatus } from '../storeContext.tsx';
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
export function GraphSlot() {
  const result = useShownResult();
  const stale = useStale();
  const highlight = useHighlight();
  const { selectAlloc } = useActions();
  const onSelectAlloc = useCallback((id: string | null) => selectAlloc(id), [selectAlloc]);

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
          highlight={highlight}
          onSelectAlloc={onSelectAlloc}
        />
      )}
    </section>
  );
}
