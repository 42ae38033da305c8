// The job a scenario's `JobSpec` stands for: the API job the jobspec parses
// to, stored as the agent stores a submitted job, and registered as the
// next version of the job the scenario's other versions belong to.

import { storedJob } from '../jobspec/canonical/index.ts';
import { isObject } from './fields.ts';

/**
 * jobSpecJob turns the API job a jobspec parses to into the scenario's
 * `Job`: canonicalised as Nomad stores it, with the Version after the
 * highest in the document's JobVersions and a JobModifyIndex above every
 * index the document carries (Nomad gives each registration a new, higher
 * one). Without other versions the job is version 0, as a first `nomad job
 * run` makes it. With `nomad16`, the job is stored as Nomad v1.6.5 stores it.
 */
export function jobSpecJob(apiJob: unknown, doc: Record<string, unknown>, nomad16 = false): unknown {
  const job = storedJob(apiJob, nomad16);
  if (!isObject(job)) return job;
  const next = nextRegistration(doc);
  if (next === null) return job;
  job.Version = next.Version;
  job.JobModifyIndex = next.JobModifyIndex;
  job.ModifyIndex = next.JobModifyIndex;
  return job;
}

/** Registration is the Version and JobModifyIndex Nomad gives a job it registers over earlier versions. */
export interface Registration {
  Version: number;
  JobModifyIndex: number;
}

/**
 * nextRegistration numbers a job registered over the earlier versions the
 * document `doc` gives (its JobVersions and the allocations' inline jobs):
 * the Version after the highest of theirs, and a JobModifyIndex above every
 * index the document carries (its jobs', its allocations' and its
 * deployment's), as Raft's index only grows. Null when there are no earlier
 * versions: a first registration, version 0.
 */
export function nextRegistration(doc: Record<string, unknown>): Registration | null {
  const jobs = otherJobs(doc);
  if (jobs.length === 0) return null;
  let version = -1;
  for (const j of jobs) if (typeof j.Version === 'number') version = Math.max(version, j.Version);
  let index = 0;
  const raise = (o: unknown, keys: readonly string[]) => {
    if (!isObject(o)) return;
    for (const k of keys) if (typeof o[k] === 'number') index = Math.max(index, o[k]);
  };
  // A job without JobModifyIndex takes its Version as one.
  for (const j of jobs) raise(j, ['JobModifyIndex', 'ModifyIndex', 'CreateIndex', 'Version']);
  if (Array.isArray(doc.Allocations))
    for (const a of doc.Allocations) raise(a, ['CreateIndex', 'ModifyIndex', 'AllocModifyIndex']);
  raise(doc.Deployment, ['CreateIndex', 'ModifyIndex', 'JobModifyIndex', 'JobSpecModifyIndex', 'JobCreateIndex']);
  return { Version: version + 1, JobModifyIndex: index + 1 };
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
