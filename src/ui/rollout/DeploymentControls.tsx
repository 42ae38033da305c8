// The deployment's commands after the frame shown: promote, fail, pause,
// resume, each enabled when Nomad's API would take it.

import { deploymentActive, requiresPromotion } from '../../engine/structs.ts';
import type { Scenario } from '../../scenario/read.ts';
import type { NewEvent } from './useAddEvent.ts';

/** DeploymentControls operate the deployment of the cluster `after` the frame shown. */
export function DeploymentControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const d = after.Deployment;
  const active = d !== null && deploymentActive(d);
  return (
    <div className="rollout-row" role="group" aria-label="Deployment">
      <span className="rollout-row-label">Deployment</span>
      <button
        type="button"
        className="button"
        data-testid="event-promote"
        disabled={!(d && requiresPromotion(d))}
        onClick={() => add({ Kind: 'deployment-promote' })}
      >
        Promote
      </button>
      <button
        type="button"
        className="button"
        data-testid="event-fail-deployment"
        disabled={!active}
        onClick={() => add({ Kind: 'deployment-fail' })}
      >
        Fail
      </button>
      <button
        type="button"
        className="button"
        disabled={!(active && d.Status === 'running')}
        onClick={() => add({ Kind: 'deployment-pause' })}
      >
        Pause
      </button>
      <button
        type="button"
        className="button"
        disabled={!(active && d.Status === 'paused')}
        onClick={() => add({ Kind: 'deployment-resume' })}
      >
        Resume
      </button>
    </div>
  );
}
