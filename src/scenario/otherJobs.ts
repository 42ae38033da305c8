// Other jobs sharing the cluster: the document's optional `OtherJobs`, each
// a job with its earlier versions, its allocations and its latest
// deployment, read by the same rules as the top level. The reconciler never
// sees them; the rollout simulator counts their allocations on the nodes and
// drains, migrates, reschedules and evaluates them as Nomad would.

import type { Allocation, Deployment, Job } from '../engine/structs.ts';
import { readAllocations } from './alloc.ts';
import { readDeployment } from './deployment.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, isObject, readArray } from './fields.ts';
import { readJob } from './job.ts';
import { childPath, indexPath } from './path.ts';
import { readJobVersions } from './versions.ts';

/** OtherJob is one other job of the cluster: its current version, earlier versions, allocations and latest deployment. */
export interface OtherJob {
  Job: Job;
  JobVersions: Job[];
  Allocations: Allocation[];
  Deployment: Deployment | null;
}

/**
 * readOtherJobs reads the document's OtherJobs. A job needs an ID that
 * neither the scheduled job nor another of them has (in its namespace),
 * and an allocation an ID no other allocation of the document has.
 */
export function readOtherJobs(
  r: Reader,
  value: unknown,
  scheduled: Job,
  scheduledAllocs: readonly Allocation[],
): OtherJob[] {
  const list = readArray(r, value, '', 'OtherJobs');
  if (list === null) return [];
  const jobKeys = new Map<string, string>([[jobKey(scheduled), 'Job']]);
  const allocOwners = new Map<string, string>(scheduledAllocs.map((a) => [a.ID, 'Allocations']));
  const others: OtherJob[] = [];
  for (let i = 0; i < list.length && !r.full; i++) {
    const path = indexPath('OtherJobs', i);
    const entry = list[i];
    if (!isObject(entry)) {
      r.wrongTypeAt(path, 'an object with the other job’s Job, JobVersions, Allocations and Deployment', entry);
      continue;
    }
    if (entry.Job == null) {
      r.required(path, 'Job', 'the other job as a JSON object (API JSON)');
      continue;
    }
    const job = readJob(r, entry.Job, childPath(path, 'Job'), null);
    if (job === null) continue;
    const clash = jobKeys.get(jobKey(job));
    if (clash !== undefined) {
      r.report(
        DiagnosticCode.Duplicate,
        childPath(childPath(path, 'Job'), 'ID'),
        `job ID ${JSON.stringify(job.ID)} is also ${clash}'s: each job of the cluster needs its own`,
      );
    } else {
      jobKeys.set(jobKey(job), childPath(path, 'Job'));
    }
    const versions = readJobVersions(r, entry.JobVersions, job, path);
    const byVersion = new Map<number, Job>([[job.Version, job]]);
    for (const v of versions) if (!byVersion.has(v.Version)) byVersion.set(v.Version, v);
    const allocations = readAllocations(r, entry.Allocations, path, 'Allocations', { current: job, byVersion });
    allocations.forEach((a, j) => {
      const owner = allocOwners.get(a.ID);
      if (owner === undefined) allocOwners.set(a.ID, childPath(path, 'Allocations'));
      else if (a.ID !== '' && owner !== childPath(path, 'Allocations')) {
        r.report(
          DiagnosticCode.Duplicate,
          childPath(indexPath(childPath(path, 'Allocations'), j), 'ID'),
          `allocation ID ${JSON.stringify(a.ID)} is also used in ${owner}`,
        );
      }
    });
    const deployment = readDeployment(r, entry.Deployment, path, 'Deployment', job);
    others.push({ Job: job, JobVersions: versions, Allocations: allocations, Deployment: deployment });
  }
  return others;
}

// jobKey is what names a job in the cluster: its namespace and ID.
function jobKey(job: Job): string {
  return `${job.Namespace}\u0000${job.ID}`;
}
