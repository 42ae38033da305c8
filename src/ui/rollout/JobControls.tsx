// The operator's changes to the job after the frame shown: scale a group,
// stop or start the job, register an edited version.

import { useId, useState } from 'react';
import type { Scenario } from '../../scenario/read.ts';
import { writeJob } from '../../scenario/write.ts';
import { ControlRow } from './ControlRow.tsx';
import { EventButton } from './EventButton.tsx';
import { JobEditor } from './JobEditor.tsx';
import type { NewEvent } from './useAddEvent.ts';
import { useChosen } from './useChosen.ts';

/** JobControls change the job of the cluster `after` the frame shown; nothing when it has no task group. */
export function JobControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const id = useId();
  const [tg, setGroup] = useChosen(after.Job.TaskGroups, (g) => g.Name);
  const [count, setCount] = useState('');
  if (tg === undefined) return null;
  return (
    <ControlRow name="Job" labelFor={id}>
      <select id={id} value={tg.Name} onChange={(e) => setGroup(e.target.value)} aria-label="Task group">
        {after.Job.TaskGroups.map((g) => (
          <option key={g.Name} value={g.Name}>
            {g.Name} (count {g.Count})
          </option>
        ))}
      </select>
      <input
        className="rollout-count"
        type="number"
        min={0}
        aria-label="New count"
        data-testid="event-count"
        placeholder={String(tg.Count)}
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
      <EventButton
        event={{ Kind: 'job-scale', TaskGroup: tg.Name, Count: Number(count) }}
        add={add}
        testId="event-scale"
        disabled={!/^\d+$/.test(count)}
      >
        Scale
      </EventButton>
      <EventButton event={{ Kind: after.Job.Stop ? 'job-start' : 'job-stop' }} add={add}>
        {after.Job.Stop ? 'Start' : 'Stop'}
      </EventButton>
      <JobEditor job={writeJob(after.Job)} onApply={(job) => add({ Kind: 'job-update', Job: job })} />
    </ControlRow>
  );
}
