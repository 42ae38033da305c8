// The job as Nomad stores it: a submitted API job (what a jobspec parses
// to) canonicalised as the agent at dccea99f7e does before it stores the
// job, so that the scenario reader sees what `nomad job inspect` would show.

import { canonicalJob, toStoredJob } from './job.ts';
import { beforeCanonical16, stored16 } from './v16.ts';
import { isObj } from './values.ts';

/**
 * storedJob returns the job the agent stores for a submitted API job: every
 * Canonicalize default filled (a service job without `update` gets Nomad's
 * default strategy, templates, artifacts, vault, affinities, spreads,
 * restart and log policies get theirs, a group without `count` takes its
 * scaling `min`), the job's update, reschedule and migrate pushed into the
 * groups, fields in the stored order. The input is not changed. Fields the
 * agent does not know at dccea99f7e (from later Nomad stanzas) are kept.
 * A value that is not an object is returned as it is, for the reader to report.
 * With `nomad16`, the job is stored as the v1.6.5 agent and server store it
 * (v16.ts says how that differs).
 */
export function storedJob(apiJob: unknown, nomad16 = false): unknown {
  if (!isObj(apiJob)) return apiJob;
  const job = structuredClone(apiJob);
  if (!nomad16) return toStoredJob(canonicalJob(job));
  beforeCanonical16(job);
  return stored16(toStoredJob(canonicalJob(job)));
}

/** canonicalApiJob is the submitted job after the api package's Job.Canonicalize alone, before it becomes the stored type (for tests against upstream's own expectations). */
export function canonicalApiJob(apiJob: Record<string, unknown>): Record<string, unknown> {
  return canonicalJob(structuredClone(apiJob));
}
