// The job diff of a scenario, as the worker hands it to the page: the
// submitted job compared with each job version the running allocations use.

import type { Scenario } from '../scenario/read.ts';
import type { Job } from '../engine/structs.ts';
import { type DiffBase, diffBases } from './bases.ts';
import { classifyJobDiff } from './classify.ts';
import { jobDiff } from './job.ts';
import type { JobDiff } from './types.ts';

/** DiffComparison is the submitted job compared with one version that allocations run. */
export interface DiffComparison {
  /** Version and JobModifyIndex of the version compared with. */
  version: number;
  jobModifyIndex: number;
  /** allocIDs are the running allocations that use this version (empty for the fallback). */
  allocIDs: string[];
  /** fromAllocations is false when no allocation runs and this is the latest earlier version. */
  fromAllocations: boolean;
  diff: JobDiff;
}

/** DiffReport is every comparison for one scenario, the most used version first. */
export interface DiffReport {
  jobID: string;
  version: number;
  jobModifyIndex: number;
  comparisons: DiffComparison[];
}

/** diffReport compares the scenario's job with each version its running allocations use. */
export function diffReport(scenario: Scenario): DiffReport {
  return reportOn(scenario, diffBases(scenario.Job.ID, scenario.Allocations, scenario.JobVersions));
}

/**
 * submittedDiffReport is diffReport for a job submitted onto a cluster: it
 * compares with the `running` job (the one the submission replaces)
 * first, as `nomad job plan` does against a live cluster, whether or not
 * allocations run it, and then with the other versions they run.
 */
export function submittedDiffReport(scenario: Scenario, running: Job): DiffReport {
  const bases = diffBases(scenario.Job.ID, scenario.Allocations, scenario.JobVersions);
  const at = bases.findIndex(
    (b) => b.job.Version === running.Version && b.job.JobModifyIndex === running.JobModifyIndex,
  );
  const [first] = at < 0 ? [{ job: running, allocIDs: [], fromAllocations: false }] : bases.splice(at, 1);
  return reportOn(scenario, [first!, ...bases]);
}

// reportOn compares the scenario's job with each of `bases`, in their order.
function reportOn(scenario: Scenario, bases: readonly DiffBase[]): DiffReport {
  const job = scenario.Job;
  const comparisons = bases.map((base) => ({
    version: base.job.Version,
    jobModifyIndex: base.job.JobModifyIndex,
    allocIDs: base.allocIDs,
    fromAllocations: base.fromAllocations,
    diff: classifyJobDiff(jobDiff(base.job, job), base.job, job),
  }));
  return { jobID: job.ID, version: job.Version, jobModifyIndex: job.JobModifyIndex, comparisons };
}
