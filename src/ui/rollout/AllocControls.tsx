// A client's reports on an allocation after the frame shown: it fails,
// never turns healthy, or completes, for the allocation chosen among the
// live ones.

import { useId } from 'react';
import { terminalStatus } from '../../engine/structs.ts';
import type { Scenario } from '../../scenario/read.ts';
import { ControlRow } from './ControlRow.tsx';
import { EventButton } from './EventButton.tsx';
import type { NewEvent } from './useAddEvent.ts';
import { useChosen } from './useChosen.ts';

/** AllocControls report on a live allocation of the cluster `after` the frame shown; nothing when none is live. */
export function AllocControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const id = useId();
  const live = after.Allocations.filter((a) => !terminalStatus(a));
  const [alloc, setAllocID] = useChosen(live, (a) => a.ID);
  if (alloc === undefined) return null;
  return (
    <ControlRow name="Allocation" labelFor={id}>
      <select id={id} data-testid="event-alloc" value={alloc.ID} onChange={(e) => setAllocID(e.target.value)}>
        {live.map((a) => (
          <option key={a.ID} value={a.ID}>
            {a.Name} v{a.Job.Version} {a.ClientStatus}
            {a.DeploymentStatus?.Canary ? ' canary' : ''} ({a.ID.slice(0, 8)})
          </option>
        ))}
      </select>
      <EventButton
        event={{ Kind: 'alloc-fail', AllocID: alloc.ID }}
        add={add}
        testId="event-alloc-fail"
        title="Its tasks fail"
      >
        Fail
      </EventButton>
      <EventButton
        event={{ Kind: 'alloc-unhealthy', AllocID: alloc.ID }}
        add={add}
        testId="event-alloc-unhealthy"
        disabled={alloc.DeploymentStatus?.Healthy != null}
        title="Its health checks never pass: unhealthy at its healthy deadline"
      >
        Never healthy
      </EventButton>
      <EventButton
        event={{ Kind: 'alloc-complete', AllocID: alloc.ID }}
        add={add}
        title="Its tasks finish successfully"
      >
        Complete
      </EventButton>
    </ControlRow>
  );
}
