// The deployment's commands after the frame shown: promote, fail, pause,
// resume, each enabled when Nomad's API would take it.

import { deploymentActive, requiresPromotion } from '../../engine/structs.ts';
import type { Scenario } from '../../scenario/read.ts';
import { ControlRow } from './ControlRow.tsx';
import { EventButton } from './EventButton.tsx';
import type { NewEvent } from './useAddEvent.ts';

/** DeploymentControls operate the deployment of the cluster `after` the frame shown. */
export function DeploymentControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const d = after.Deployment;
  const active = d !== null && deploymentActive(d);
  return (
    <ControlRow name="Deployment">
      <EventButton
        event={{ Kind: 'deployment-promote' }}
        add={add}
        testId="event-promote"
        disabled={!(d && requiresPromotion(d))}
      >
        Promote
      </EventButton>
      <EventButton event={{ Kind: 'deployment-fail' }} add={add} testId="event-fail-deployment" disabled={!active}>
        Fail
      </EventButton>
      <EventButton event={{ Kind: 'deployment-pause' }} add={add} disabled={!(active && d.Status === 'running')}>
        Pause
      </EventButton>
      <EventButton event={{ Kind: 'deployment-resume' }} add={add} disabled={!(active && d.Status === 'paused')}>
        Resume
      </EventButton>
    </ControlRow>
  );
}
