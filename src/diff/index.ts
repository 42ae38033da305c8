// The job diff: the submitted job compared with the versions the running
// allocations use, shown as `nomad job plan` shows it, with the update each
// change forces.

// What the rest of the app uses; the diff's parts are imported from their
// own files by its tests.
export { describeUpdate } from './classify.ts';
export { diffReport, type DiffComparison, type DiffReport } from './report.ts';
export { formatJobDiff, blockLines, type DiffBlock } from './format.ts';
