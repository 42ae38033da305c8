// The job diff: the submitted job compared with the versions the running
// allocations use, shown as `nomad job plan` shows it, with the update each
// change forces.

export type { DiffType, FieldDiff, ObjectDiff, TaskDiff, TaskGroupDiff, JobDiff, UpdateClass, UpdateKind } from './types.ts';
export { jobDiff } from './job.ts';
export { classifyJobDiff, describeUpdate } from './classify.ts';
export { diffBases, type DiffBase } from './bases.ts';
export { diffReport, type DiffComparison, type DiffReport } from './report.ts';
export { formatJobDiff, diffText, blockLines, type DiffBlock, type DiffColor, type Segment } from './format.ts';
