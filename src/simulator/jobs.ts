// Registering job versions, as the state store's upsertJobImpl does: a job
// whose specification changed becomes the next version with a new
// JobModifyIndex; re-registering the same specification changes nothing.
// Scaling, stopping, starting, editing and auto-revert all come through here.

import type { Job } from '../engine/structs.ts';
import { readScenarioValue } from '../scenario/read.ts';
import { specChanged } from '../scenario/submit/specChanged.ts';
import { writeJob } from '../scenario/write.ts';
import { type EventProblem, eventProblem } from './eventProblem.ts';
import type { JobState, SimState } from './state.ts';
import { maxOf } from './math.ts';

/** versionChanged is Job.SpecChanged on two versions of a job: scenario/submit's specChanged on them as Nomad stores them. */
export function versionChanged(a: Job, b: Job): boolean {
  return specChanged(writeJob(a), writeJob(b));
}

/**
 * registerJob makes `spec` the job's next version when it differs from the
 * current one, and returns whether it did. The new version keeps the job's
 * CreateIndex and takes the next index as its ModifyIndex and JobModifyIndex.
 */
export function registerJob(state: SimState, js: JobState, spec: Job): boolean {
  if (!versionChanged(js.job, spec)) return false;
  state.index++;
  const version =
    maxOf(
      js.versions.map((v) => v.Version),
      0,
    ) + 1;
  const job: Job = {
    ...spec,
    ID: js.job.ID,
    Version: version,
    Stable: false,
    CreateIndex: js.job.CreateIndex,
    ModifyIndex: state.index,
    JobModifyIndex: state.index,
  };
  js.versions.push(job);
  js.job = job;
  return true;
}

/** scaledJob is the current job with one group's count changed, or the problem when the job has no such group. */
export function scaledJob(job: Job, group: string, count: number): Job | EventProblem {
  if (!job.TaskGroups.some((tg) => tg.Name === group)) return eventProblem({ code: 'unknown-group', subject: group });
  return { ...job, TaskGroups: job.TaskGroups.map((tg) => (tg.Name === group ? { ...tg, Count: count } : tg)) };
}

/**
 * readEditedJob reads an edited job (API JSON) with the scenario reader's
 * defaults; it must keep the job's ID. Returns the job or the problem.
 */
export function readEditedJob(current: Job, value: Record<string, unknown>): Job | EventProblem {
  const read = readScenarioValue({ Job: { ID: current.ID, ...value } }, { generateID: () => '', now: () => 0 });
  if (!read.ok) return eventProblem({ code: 'job-invalid', diagnostic: read.diagnostics[0]! });
  if (read.scenario.Job.ID !== current.ID)
    return eventProblem({ code: 'job-id-changed', subject: read.scenario.Job.ID, expected: current.ID });
  return read.scenario.Job;
}
