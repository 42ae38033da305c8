// The job a scenario's `JobSpec` stands for: the API job the jobspec parses
// to, stored as the agent stores a submitted job, and registered as the
// next version of the job the scenario's other versions belong to.

import { storedJob } from './canonical/index.ts';
import { isObject } from './fields.ts';

/**
 * jobSpecJob turns the API job a jobspec parses to into the scenario's
 * `Job`: canonicalised as Nomad stores it, with the Version after the
 * highest in the document's JobVersions and a JobModifyIndex above every
 * index the document's other jobs carry (Nomad gives each registration a
 * new, higher one). Without other versions the job is version 0, as a
 * first `nomad job run` makes it.
 */
export function jobSpecJob(apiJob: unknown, doc: Record<string, unknown>): unknown {
  const job = storedJob(apiJob);
  if (!isObject(job)) return job;
  const others = otherJobs(doc);
  if (others.length === 0) return job;
  let version = -1;
  let index = 0;
  for (const o of others) {
    if (typeof o.Version === 'number') version = Math.max(version, o.Version);
    for (const k of ['JobModifyIndex', 'ModifyIndex', 'Version'] as const)
      if (typeof o[k] === 'number') index = Math.max(index, o[k]);
  }
  job.Version = version + 1;
  job.JobModifyIndex = index + 1;
  job.ModifyIndex = index + 1;
  return job;
}

// otherJobs are the job objects the document gives besides the JobSpec:
// its JobVersions and the allocations' inline jobs.
function otherJobs(doc: Record<string, unknown>): Record<string, unknown>[] {
  const jobs: Record<string, unknown>[] = [];
  if (Array.isArray(doc.JobVersions)) for (const v of doc.JobVersions) if (isObject(v)) jobs.push(v);
  if (Array.isArray(doc.Allocations))
    for (const a of doc.Allocations) if (isObject(a) && isObject(a.Job)) jobs.push(a.Job);
  return jobs;
}
