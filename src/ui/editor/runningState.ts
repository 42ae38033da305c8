// What the line under the editor's tabs says, decided from the worker's
// answer alone, so that a test can hold it against the plan beside it.

import type { Submission } from '../../worker/protocol.ts';

/** RunningState is which version of the job runs and which version the Job tab is submitted as (null: nothing is submitted). */
export interface RunningState {
  running: number;
  submitted: number | null;
}

/** runningState reads the running and submitted versions from a submission, or, without one, the scheduled job's version (the Job tab is the running job). */
export function runningState(submission: Submission | null, scheduledVersion: number): RunningState {
  if (submission === null) return { running: scheduledVersion, submitted: null };
  return { running: submission.runningVersion, submitted: submission.submittedVersion };
}
