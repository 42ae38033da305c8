// What a step's plan did: the changes it made beyond placing (a deployment
// created, a status written), each new allocation with where it went and
// why (its node's score), and what did not fit, as `nomad job status`
// prints it.

import type { SimStep } from '../../simulator/simulate.ts';
import { failureLines } from './describe.ts';
import { happeningWords } from './happening.tsx';
import { PlacementScore } from './PlacementScore.tsx';

/** PlanOutcome lists what a step's plan did; `onShowAfter` shows a placed allocation in the next frame. Nothing when it did nothing. */
export function PlanOutcome({ step, onShowAfter }: { step: SimStep; onShowAfter: (allocID: string) => void }) {
  if (step.Placed.length === 0 && step.Applied.length === 0 && step.Failures.length === 0) return null;
  return (
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
              onClick={() => onShowAfter(p.AllocID)}
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
  );
}
