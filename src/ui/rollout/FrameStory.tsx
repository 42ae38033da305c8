// The story of the frame shown, in the Rollout tab and the presenter's
// notes: what triggered its evaluation (or why the film ended), what
// happened since the evaluation before, what the previous plan placed, what
// this one did, and, while Compare versions is on, what the other Nomad does here.

import type { Film } from '../../simulator/simulate.ts';
import { frameCount } from '../../store/rolloutSlice.ts';
import type { RolloutView } from '../../store/state.ts';
import { useActions, useFilmVersions } from '../storeContext.tsx';
import { sinceStart } from './describe.ts';
import { happeningWords } from './happening.tsx';
import { FrameVersions } from './FrameVersions.tsx';
import { PlanOutcome } from './PlanOutcome.tsx';
import { useShowPane } from '../paneContext.ts';

/** FrameStory tells what the frame shown is: an evaluation and its surroundings, or the end and why the film stopped there. */
export function FrameStory({ film, rollout }: { film: Film; rollout: RolloutView }) {
  const { selectFrame, setHighlight } = useActions();
  const showPane = useShowPane();
  const versions = useFilmVersions();
  // The cluster after an evaluation's plan is the next frame's: shown with the placement lit (on a narrow page, in the Graph tab).
  const showAfter = (allocID: string): void => {
    selectFrame(rollout.frame + 1);
    setHighlight(new Set([allocID]));
    showPane('graph');
  };
  const placedBefore = rollout.frame > 1 ? (film.Steps[rollout.frame - 2]?.Placed ?? []) : [];
  const start = film.Steps[0]?.Time ?? film.End.Time;
  const evaluation = film.Steps[rollout.frame - 1];
  const happenings = evaluation ? evaluation.Happenings : film.End.Happenings;
  return (
    <section className="rollout-story" aria-label="This frame" data-testid="rollout-story">
      {evaluation ? (
        <h3>
          Evaluation {evaluation.Index} of {film.Steps.length} · {sinceStart(start, evaluation.Time)} ·{' '}
          <code>{evaluation.TriggeredBy}</code>
          {evaluation.JobID !== film.Steps[0]!.JobID && (
            <>
              {' '}
              · another job: <code>{evaluation.JobID}</code>
            </>
          )}
        </h3>
      ) : (
        <h3>
          The end · {sinceStart(start, film.End.Time)} · <span data-testid="rollout-end-status">{film.End.Status}</span>
        </h3>
      )}
      <p className="rollout-why">{evaluation ? `Why: ${evaluation.Why}.` : `${capitalise(film.End.Reason)}.`}</p>
      {!evaluation && film.End.Deployment !== null && (
        <p data-testid="rollout-end-deployment">
          Deployment for version {film.End.Deployment.JobVersion}: <strong>{film.End.Deployment.Status}</strong> —{' '}
          {film.End.Deployment.StatusDescription}
        </p>
      )}
      {happenings.length > 0 && (
        <>
          <h4>
            {evaluation
              ? rollout.frame === 1
                ? 'Before it'
                : 'Since the evaluation before'
              : 'Since the last evaluation'}
          </h4>
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
      {evaluation && <PlanOutcome evaluation={evaluation} onShowAfter={showAfter} />}
      <FrameVersions versions={versions} frame={rollout.frame} start={start} />
      <p className="muted rollout-frames-note">
        Frame {rollout.frame} of {frameCount(film)}.{' '}
        {evaluation
          ? 'The graph shows the cluster as this evaluation saw it, with its decisions.'
          : 'The graph shows the cluster at the end, with what an evaluation now would decide.'}
      </p>
    </section>
  );
}

// capitalise starts a sentence with a capital letter.
function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
