// What an evaluation's plan did: the changes it made beyond placing (a deployment
// created, a status written), each new allocation with where it went and
// why (its node's score), and what did not fit, as `nomad job status`
// prints it.

import type { FilmEvaluation } from '../../simulator/simulate.ts';
import { failureLines } from './describe.ts';
import { happeningWords } from './happening.tsx';
import { PlacementScore } from './PlacementScore.tsx';

/** PlanOutcome lists what an evaluation's plan did; `onShowAfter` shows a placed allocation in the next frame. Nothing when it did nothing. */
export function PlanOutcome({
  evaluation,
  onShowAfter,
}: {
  evaluation: FilmEvaluation;
  onShowAfter: (allocID: string) => void;
}) {
  if (evaluation.Placed.length === 0 && evaluation.Applied.length === 0 && evaluation.Failures.length === 0)
    return null;
  return (
    <>
      <h4>What the plan did</h4>
      <ul className="rollout-placed" data-testid="rollout-placed">
        {evaluation.Applied.map((h, i) => (
          <li key={`a${i}`}>{happeningWords(h)}</li>
        ))}
        {evaluation.Placed.map((p) => (
          <li key={p.AllocID} title={`allocation ${p.AllocID}, node score ${p.Score.toFixed(3)}`}>
            placed <strong>{p.Name}</strong> <code>{p.AllocID.slice(0, 8)}</code> v{evaluation.Scenario.Job.Version}
            {p.Canary && ' (canary)'} on <strong>{p.NodeName || p.NodeID}</strong>
            <span className="muted"> · score {p.Score.toFixed(3)}</span>{' '}
            <button
              type="button"
              className="link-button"
              data-testid="placed-after"
              onClick={() => onShowAfter(p.AllocID)}
            >
              see it on {p.NodeName || p.NodeID}, after this plan
            </button>
            <PlacementScore placed={p} />
          </li>
        ))}
      </ul>
      {evaluation.Failures.length > 0 && (
        <pre className="rollout-failures" data-testid="rollout-failures">
          {['Placement Failure', ...evaluation.Failures.flatMap(failureLines)].join('\n')}
        </pre>
      )}
    </>
  );
}
