// The Rollout tab: the story of the frame shown (what triggered its
// evaluation, what happened since the evaluation before, where the plan put new
// allocations and what did not fit), the controls that make something
// happen after it, the rollout's events, and a comparison with another frame.

import { useActions, useRollout } from '../storeContext.tsx';
import { CompareSection } from './CompareSection.tsx';
import { EventControls } from './EventControls.tsx';
import { EventList } from './EventList.tsx';
import { FrameStory } from './FrameStory.tsx';
import { usePresent } from '../presentContext.ts';

/** ShownFrameStory is the story of the frame shown alone, for the presenter's notes. */
export function ShownFrameStory() {
  const rollout = useRollout();
  return rollout.film === null ? null : <FrameStory film={rollout.film} rollout={rollout} />;
}

/** RolloutPanel shows the frame shown and what a person can do next. */
export function RolloutPanel() {
  const rollout = useRollout();
  const { reveal, setRolloutOpen } = useActions();
  const present = usePresent();
  if (!rollout.open) {
    return (
      <div className="rollout-panel">
        <p>
          One reconciliation is a single frame. The rollout simulator applies each plan to the cluster, starts the new
          allocations, moves a simulated clock as they turn healthy, and runs the evaluations Nomad would run next,
          until the rollout settles or waits for you.
        </p>
        <button type="button" className="button" data-testid="rollout-open" onClick={() => setRolloutOpen(true)}>
          Simulate rollout
        </button>
      </div>
    );
  }
  return (
    <div className="rollout-panel" data-testid="rollout-panel">
      {rollout.status === 'failed' && (
        <div className="rollout-problem" role="alert" data-testid="rollout-problem">
          <p>{rollout.message}</p>
          {rollout.diagnostics.length > 0 && (
            <ul>
              {rollout.diagnostics.map((d, i) => (
                <li key={i}>
                  <button type="button" className="link-button" onClick={() => reveal(d.tab, d.line, d.column)}>
                    {d.tab === 'job' ? 'Job' : 'Cluster'} {d.line}:{d.column}
                  </button>{' '}
                  <code>{d.path}</code>: {d.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {rollout.film !== null && (
        <>
          {present !== null && (
            <button
              type="button"
              className="button"
              data-testid="present-open"
              onClick={() => present(true)}
              title="Large type, the rollout stepped with the arrow keys, the notes beside it"
            >
              Present
            </button>
          )}
          <FrameStory film={rollout.film} rollout={rollout} />
          <EventControls film={rollout.film} frame={rollout.frame} />
          <EventList film={rollout.film} events={rollout.events} />
          <CompareSection film={rollout.film} rollout={rollout} />
        </>
      )}
    </div>
  );
}
