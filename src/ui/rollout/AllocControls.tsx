// A client's reports on an allocation after the frame shown: it fails,
// never turns healthy, or completes, for the allocation chosen among the
// live ones.

import { useId } from 'react';
import { terminalStatus } from '../../engine/structs.ts';
import type { Scenario } from '../../scenario/read.ts';
import type { NewEvent } from './useAddEvent.ts';
import { useChosen } from './useChosen.ts';

/** AllocControls report on a live allocation of the cluster `after` the frame shown; nothing when none is live. */
export function AllocControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const id = useId();
  const live = after.Allocations.filter((a) => !terminalStatus(a));
  const [alloc, setAllocID] = useChosen(live, (a) => a.ID);
  if (alloc === undefined) return null;
  return (
    <div className="rollout-row" role="group" aria-label="Allocation">
      <label className="rollout-row-label" htmlFor={id}>
        Allocation
      </label>
      <select id={id} data-testid="event-alloc" value={alloc.ID} onChange={(e) => setAllocID(e.target.value)}>
        {live.map((a) => (
          <option key={a.ID} value={a.ID}>
            {a.Name} v{a.Job.Version} {a.ClientStatus}
            {a.DeploymentStatus?.Canary ? ' canary' : ''} ({a.ID.slice(0, 8)})
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        data-testid="event-alloc-fail"
        onClick={() => add({ Kind: 'alloc-fail', AllocID: alloc.ID })}
        title="Its tasks fail"
      >
        Fail
      </button>
      <button
        type="button"
        className="button"
        data-testid="event-alloc-unhealthy"
        disabled={alloc.DeploymentStatus?.Healthy != null}
        onClick={() => add({ Kind: 'alloc-unhealthy', AllocID: alloc.ID })}
        title="Its health checks never pass: unhealthy at its healthy deadline"
      >
        Never healthy
      </button>
      <button
        type="button"
        className="button"
        onClick={() => add({ Kind: 'alloc-complete', AllocID: alloc.ID })}
        title="Its tasks finish successfully"
      >
        Complete
      </button>
    </div>
  );
}
