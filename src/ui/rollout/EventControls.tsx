// The controls that make something happen after the frame shown: operate
// the deployment, change a node, report an allocation, change the job. Each
// adds an event to the scenario's Events list (in the Cluster tab), and the
// film is made again from it. Targets are those of the cluster as the
// frame's evaluation left it.

import type { Film } from '../../simulator/simulate.ts';
import { AllocControls } from './AllocControls.tsx';
import { DeploymentControls } from './DeploymentControls.tsx';
import { JobControls } from './JobControls.tsx';
import { NodeControls } from './NodeControls.tsx';
import { useAddEvent } from './useAddEvent.ts';

/** EventControls add events after the frame shown, later by the delay typed. */
export function EventControls({ film, frame }: { film: Film; frame: number }) {
  const { delayText, setDelayText, problem, add } = useAddEvent();
  const after = film.Steps[frame]?.Scenario ?? film.End.Scenario;
  const when = frame <= film.Steps.length ? `after evaluation ${frame}` : 'at the end';
  return (
    <section className="rollout-controls" aria-label="Make something happen" data-testid="rollout-controls">
      <h4>
        Make something happen {when},{' '}
        <label>
          later by{' '}
          <input
            className="rollout-count"
            data-testid="event-delay"
            placeholder="0s"
            value={delayText}
            onChange={(e) => setDelayText(e.target.value)}
            title="How long after that evaluation, as a Go duration (30s, 1m30s); empty is at once"
          />
        </label>
      </h4>
      <DeploymentControls after={after} add={add} />
      <NodeControls after={after} add={add} />
      <AllocControls after={after} add={add} />
      <JobControls after={after} add={add} />
      <p className="rollout-problem" role="alert" data-visible={problem !== null}>
        {problem}
      </p>
    </section>
  );
}
