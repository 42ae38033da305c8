// Which job versions the submitted job is compared with: those the running
// allocations use. `nomad job plan` compares with the job as registered; in a
// scenario the allocations say which versions are actually out there, and a
// rollout in progress may run several.

import { terminalStatus } from '../engine/structs.ts';
import type { Allocation, Job } from '../engine/structs.ts';

/** DiffBase is one job version that allocations run, with those allocations' IDs. */
export interface DiffBase {
  job: Job;
  allocIDs: string[];
  /** fromAllocations is false for the fallback: the latest earlier version, when no allocation is running. */
  fromAllocations: boolean;
}

/**
 * diffBases lists the distinct job versions that the job's running
 * (non-terminal) allocations use, the most used first (ties: the newest
 * version first). Versions are told apart by Version and JobModifyIndex, so
 * allocations that each inline the same version count as one. With no
 * running allocation it falls back to the newest of `versions`, the job's
 * earlier versions, if there is one.
 */
export function diffBases(jobID: string, allocations: readonly Allocation[], versions: readonly Job[]): DiffBase[] {
  const byKey = new Map<string, DiffBase>();
  for (const a of allocations) {
    if (a.JobID !== jobID || terminalStatus(a)) continue;
    const key = `${a.Job.Version}/${a.Job.JobModifyIndex}`;
    const base = byKey.get(key);
    if (base) base.allocIDs.push(a.ID);
    else byKey.set(key, { job: a.Job, allocIDs: [a.ID], fromAllocations: true });
  }
  const bases = [...byKey.values()].sort(
    (x, y) => y.allocIDs.length - x.allocIDs.length || y.job.Version - x.job.Version,
  );
  if (bases.length > 0) return bases;
  const latest = [...versions].sort((x, y) => y.Version - x.Version)[0];
  return latest ? [{ job: latest, allocIDs: [], fromAllocations: false }] : [];
}
