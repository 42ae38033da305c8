// The line under the editor's tabs that says how the Job tab stands to the
// running job: the same spec (nothing submitted), or the next version
// submitted over it, with the one click that makes it the running job.

import { useState } from 'react';
import { isHclText } from '../../scenario/tabs.ts';
import { runningState } from './runningState.ts';
import { RunOnClusterButton } from '../cluster/RunOnCluster.tsx';
import { useActions, useResult, useStale, useStatus, useSubmission, useTexts } from '../storeContext.tsx';

/** RunningBar says which version runs and which the Job tab submits, and offers Make this the running job. */
export function RunningBar() {
  const submission = useSubmission();
  const result = useResult();
  const stale = useStale();
  const texts = useTexts();
  const { makeRunning, setActiveTab } = useActions();
  const status = useStatus();
  const [problem, setProblem] = useState<string | null>(null);
  // A job that does not run on the Cluster tab as it is, or that replaced
  // the running job wholesale (a jobspec pasted over an example's JSON), is
  // offered a cluster of its own.
  const pastedOver = texts.running !== undefined && isHclText(texts.job) !== isHclText(texts.running);
  const cannotRun = status === 'invalid' || pastedOver;
  if (!result)
    return (
      <div className="running-bar" data-testid="running-bar">
        <span>Paste or drop your jobspec (HCL or nomad job inspect output) in the Job tab, then:</span>
        <RunOnClusterButton prominent />
      </div>
    );
  const { running, submitted } = runningState(submission, result.scenario.Job.Version);
  const showRunning = (
    <button type="button" className="link-button" onClick={() => setActiveTab('running')} data-testid="show-running">
      running job
    </button>
  );
  let says;
  // While the worker reads new texts, what it said of the old ones is not repeated.
  if (status === 'running') says = <>Reading the jobs…</>;
  else if (submitted === null)
    says =
      texts.running === undefined ? (
        <>
          The Job tab holds the {showRunning} (version {running}): edit it, or a variable, to plan a change.
        </>
      ) : (
        <>
          The Job tab’s job has the {showRunning}’s spec (version {running}): nothing is submitted.
        </>
      );
  else
    says = (
      <>
        The Job tab is submitted as version {submitted} over the {showRunning} (version {running}).
      </>
    );
  return (
    <div className="running-bar" data-testid="running-bar" data-submitted={submitted ?? ''} data-stale={stale}>
      <span>{says}</span>
      {submitted !== null && (
        <button
          type="button"
          className="button"
          data-testid="make-running"
          disabled={stale || status === 'running'}
          title="The allocations run the submitted job, and it becomes the running job: the next edit is a change again"
          onClick={() => setProblem(makeRunning())}
        >
          Make this the running job
        </button>
      )}
      <RunOnClusterButton prominent={cannotRun} />
      {problem && <span role="alert">{problem}</span>}
    </div>
  );
}
