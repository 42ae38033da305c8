// The Rollout tab: the story of the frame shown (what triggered its
// evaluation, what happened since the step before, where the plan put new
// allocations and what did not fit), the controls that make something
// happen after it, the rollout's events, and a comparison with another frame.

import type { Film } from '../../simulator/simulate.ts';
import { frameCount } from '../../store/rolloutSlice.ts';
import type { RolloutView } from '../../store/state.ts';
import { useActions, useRollout } from '../storeContext.tsx';
import { CompareSection } from './CompareSection.tsx';
import { EventControls } from './EventControls.tsx';
import { EventList } from './EventList.tsx';
import { failureLines, sinceStart } from './describe.ts';
import { happeningWords } from './happening.tsx';
import { PlacementScore } from './PlacementScore.tsx';
import { usePresent } from '../present/presentContext.ts';

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

// FrameStory tells what the frame shown is: an evaluation and its
// surroundings, or the end and why the film stopped there.
function FrameStory({ film, rollout }: { film: Film; rollout: RolloutView }) {
  const { selectFrame, setHighlight } = useActions();
  // The cluster after a step's plan is the next frame's: shown with the placement lit.
  const showAfter = (allocID: string): void => {
    selectFrame(rollout.frame + 1);
    setHighlight(new Set([allocID]));
  };
  const placedBefore = rollout.frame > 1 ? (film.Steps[rollout.frame - 2]?.Placed ?? []) : [];
  const start = film.Steps[0]?.Time ?? film.End.Time;
  const step = film.Steps[rollout.frame - 1];
  const happenings = step ? step.Happenings : film.End.Happenings;
  return (
    <section className="rollout-story" aria-label="This frame" data-testid="rollout-story">
      {step ? (
        <h3>
          Evaluation {step.Index} of {film.Steps.length} · {sinceStart(start, step.Time)} ·{' '}
          <code>{step.TriggeredBy}</code>
          {step.JobID !== film.Steps[0]!.JobID && (
            <>
              {' '}
              · another job: <code>{step.JobID}</code>
            </>
          )}
        </h3>
      ) : (
        <h3>
          The end · {sinceStart(start, film.End.Time)} · <span data-testid="rollout-end-status">{film.End.Status}</span>
        </h3>
      )}
      <p className="rollout-why">{step ? `Why: ${step.Why}.` : `${capitalise(film.End.Reason)}.`}</p>
      {!step && film.End.Deployment !== null && (
        <p data-testid="rollout-end-deployment">
          Deployment for version {film.End.Deployment.JobVersion}: <strong>{film.End.Deployment.Status}</strong> —{' '}
          {film.End.Deployment.StatusDescription}
        </p>
      )}
      {happenings.length > 0 && (
        <>
          <h4>{step ? (rollout.frame === 1 ? 'Before it' : 'Since the step before') : 'Since the last step'}</h4>
          <ul className="rollout-happenings" data-testid="rollout-happenings">
            {happenings.map((h, i) => (
              <li key={i}>
                <span className="muted">{sinceStart(start, h.Time)}</span> {happeningWords(h)}
              </li>
            ))}
          </ul>
        </>
      )}
      {placedBefore.length > 0 && (
        <p data-testid="placed-by-previous">
          On the graph, placed by the previous evaluation's plan:{' '}
          {placedBefore.map((p, i) => (
            <span key={p.AllocID}>
              {i > 0 && ', '}
              <strong>{p.Name}</strong> <code>{p.AllocID.slice(0, 8)}</code> on {p.NodeName || p.NodeID}
            </span>
          ))}
          .
        </p>
      )}
      {step && (step.Placed.length > 0 || step.Applied.length > 0 || step.Failures.length > 0) && (
        <>
          <h4>What the plan did</h4>
          <ul className="rollout-placed" data-testid="rollout-placed">
            {step.Applied.map((h, i) => (
              <li key={`a${i}`}>{happeningWords(h)}</li>
            ))}
            {step.Placed.map((p) => (
              <li key={p.AllocID} title={`allocation ${p.AllocID}, node score ${p.Score.toFixed(3)}`}>
                placed <strong>{p.Name}</strong> <code>{p.AllocID.slice(0, 8)}</code> v{step.Scenario.Job.Version}
                {p.Canary && ' (canary)'} on <strong>{p.NodeName || p.NodeID}</strong>
                <span className="muted"> · score {p.Score.toFixed(3)}</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  data-testid="placed-after"
                  onClick={() => showAfter(p.AllocID)}
                >
                  see it on {p.NodeName || p.NodeID}, after this plan
                </button>
                <PlacementScore placed={p} />
              </li>
            ))}
          </ul>
          {step.Failures.length > 0 && (
            <pre className="rollout-failures" data-testid="rollout-failures">
              {['Placement Failure', ...step.Failures.flatMap(failureLines)].join('\n')}
            </pre>
          )}
        </>
      )}
      <p className="muted rollout-frames-note">
        Frame {rollout.frame} of {frameCount(film)}.{' '}
        {step
          ? 'The graph shows the cluster as this evaluation saw it, with its decisions.'
          : 'The graph shows the cluster at the end, with what an evaluation now would decide.'}
      </p>
    </section>
  );
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
