// Which job version a non-canary placement runs while a group's canaries
// wait for promotion (generic_sched.go's downgradedJobForPlacement at
// v1.6.5): not the version being canaried, but the one the group last
// deployed without canaries or promoted, so that a lost or failed
// allocation is replaced by what it ran. Nomad 0.12 always placed the
// newest version.
//
// Simplified: Nomad's fallback reads the job-level update block, which the
// model does not keep; a version counts as having none when none of its
// groups has one.

import { type Job, updateStrategyIsEmpty } from '../engine/structs.ts';
import type { JobState } from './state.ts';

/** DowngradedJob is the version a placement runs instead of the newest, and the deployment it joins ("" for none). */
export interface DowngradedJob {
  job: Job;
  deploymentID: string;
}

// jobVersion is the job's version `v`, or undefined when the state holds no such version.
function jobVersion(js: JobState, v: number): Job | undefined {
  return js.versions.find((j) => j.Version === v) ?? (js.job.Version === v ? js.job : undefined);
}

/**
 * downgradedJobForPlacement finds the version for a non-canary placement
 * of `group`: that of the newest deployment whose state for the group was
 * promoted or had no canaries, else version `minJobVersion` when it has no
 * update block. Null when neither exists, or the version found is older
 * than `minJobVersion` or lacks the group: the newest version is placed.
 */
export function downgradedJobForPlacement(js: JobState, group: string, minJobVersion: number): DowngradedJob | null {
  let found: DowngradedJob | null = null;
  const newestFirst = [...js.deployments].sort((a, b) => b.JobVersion - a.JobVersion);
  const d = newestFirst.find((x) => {
    const s = x.TaskGroups.get(group);
    return s !== undefined && (s.Promoted || s.DesiredCanaries === 0);
  });
  if (d !== undefined) {
    const job = jobVersion(js, d.JobVersion);
    if (job !== undefined) found = { job, deploymentID: d.ID };
  } else {
    const job = jobVersion(js, minJobVersion);
    if (job !== undefined && job.TaskGroups.every((tg) => updateStrategyIsEmpty(tg.Update)))
      found = { job, deploymentID: '' };
  }
  if (found === null || found.job.Version < minJobVersion) return null;
  return found.job.TaskGroups.some((tg) => tg.Name === group) ? found : null;
}
