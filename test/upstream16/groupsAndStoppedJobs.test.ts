// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5,
// TestReconciler_RemovedTG through TestReconciler_MultiTG_SingleUpdateBlock,
// and TestReconciler_CancelDeployment_JobStop.
//
// Jobs whose groups change (a group renamed, a second group added), and
// stopped or purged jobs, whose allocations all stop and whose active
// deployment is cancelled.

import { describe, expect, test } from 'vitest';
import {
  AllocClientStatusFailed,
  AllocDesiredStatusStop,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionStoppedJob,
  DeploymentStatusFailed,
  allocName,
} from '../../src/engine/structs.ts';
import type { Allocation, Deployment, DeploymentStatusUpdate, Job } from '../../src/engine/structs.ts';
import {
  allocUpdateFnIgnore,
  assertNamesHaveIndexes,
  assertResults,
  intRange,
  newReconciler,
  noCanaryUpdate,
  placeResultsToNames,
  stopResultsToNames,
} from './harness.ts';
import {
  copyTaskGroup,
  deploymentState,
  existingAllocs,
  groupAlloc,
  mockAlloc,
  mockJob,
  newJobDeployment,
  uuid,
} from './mock.ts';

// setAllocJob sets an allocation's job, which may be nil: upstream's purged
// job leaves its allocations without one. The model has no such allocation,
// so this is the one place these tests write a null there.
function setAllocJob(alloc: Allocation, job: Job | null): void {
  (alloc as { Job: Job | null }).Job = job;
}

// StoppedCase is one way a job can be stopped: the job itself says so, or it
// is gone (nil), in which case only the job ID and the allocations' group
// name are known.
interface StoppedCase {
  name: string;
  job: Job | null;
  jobID: string;
  taskGroup: string;
}

// stoppedCases are the two stopped jobs of the JobStopped tests.
function stoppedCases(): StoppedCase[] {
  const job = mockJob();
  job.Stop = true;
  return [
    { name: 'stopped job', job, jobID: job.ID, taskGroup: job.TaskGroups[0]!.Name },
    { name: 'nil job', job: null, jobID: 'foo', taskGroup: 'bar' },
  ];
}

// stoppedJobAllocs makes ten allocations of a stopped case's group.
function stoppedJobAllocs(c: StoppedCase): Allocation[] {
  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = mockAlloc();
    setAllocJob(alloc, c.job);
    alloc.JobID = c.jobID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(c.jobID, c.taskGroup, i);
    alloc.TaskGroup = c.taskGroup;
    allocs.push(alloc);
  }
  return allocs;
}

// The job's only group is renamed: the allocations of the old name all stop
// and the new group is placed in full.
test('TestReconciler_RemovedTG', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 10);

  // The allocations share the job object, so they see the rename too, as upstream's do.
  const oldName = job.TaskGroups[0]!.Name;
  const newName = 'different';
  job.TaskGroups[0]!.Name = newName;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 10,
    inplace: 0,
    stop: 10,
    desiredTGUpdates: {
      [oldName]: { Stop: 10 },
      [newName]: { Place: 10 },
    },
  });

  assertNamesHaveIndexes(intRange(0, 9), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 9), placeResultsToNames(r.place));
});

// A stopped or purged job stops every allocation it has.
describe('TestReconciler_JobStopped', () => {
  test.each(stoppedCases())('$name', (c) => {
    const allocs = stoppedJobAllocs(c);

    const reconciler = newReconciler(allocUpdateFnIgnore, false, c.jobID, c.job, null, allocs, null, '', 50, true);
    const r = reconciler.compute();

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      place: 0,
      inplace: 0,
      stop: 10,
      desiredTGUpdates: { [c.taskGroup]: { Stop: 10 } },
    });

    assertNamesHaveIndexes(intRange(0, 9), stopResultsToNames(r.stop));
  });
});

// A stopped or purged job leaves alone allocations that are already
// terminal, by the server's wish (even indexes) or the client's report (odd),
// yet still annotates their group.
describe('TestReconciler_JobStopped_TerminalAllocs', () => {
  test.each(stoppedCases())('$name', (c) => {
    const allocs = stoppedJobAllocs(c);
    allocs.forEach((alloc, i) => {
      if (i % 2 === 0) alloc.DesiredStatus = AllocDesiredStatusStop;
      else alloc.ClientStatus = AllocClientStatusFailed;
    });

    const reconciler = newReconciler(allocUpdateFnIgnore, false, c.jobID, c.job, null, allocs, null, '', 50, true);
    const r = reconciler.compute();
    expect(r.stop).toHaveLength(0);

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      place: 0,
      inplace: 0,
      stop: 0,
      desiredTGUpdates: { [c.taskGroup]: {} },
    });
  });
});

// A second group "foo" is added to a job whose first group runs two of ten:
// both groups are filled up.
test('TestReconciler_MultiTG', () => {
  const job = mockJob();
  const tg2 = copyTaskGroup(job.TaskGroups[0]!);
  tg2.Name = 'foo';
  job.TaskGroups.push(tg2);

  const allocs = existingAllocs(job, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 18,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: {
      [job.TaskGroups[0]!.Name]: { Place: 8, Ignore: 2 },
      [tg2.Name]: { Place: 10 },
    },
  });

  assertNamesHaveIndexes(intRange(2, 9, 0, 9), placeResultsToNames(r.place));
});

// Two full groups, only the first with an update block, and a deployment
// that already tracks that group: nothing to do, and no new deployment.
test('TestReconciler_MultiTG_SingleUpdateBlock', () => {
  const job = mockJob();
  const tg2 = copyTaskGroup(job.TaskGroups[0]!);
  tg2.Name = 'foo';
  job.TaskGroups.push(tg2);
  job.TaskGroups[0]!.Update = noCanaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 10; j++) allocs.push(groupAlloc(job, job.TaskGroups[i]!, j));
  }

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(job.TaskGroups[0]!.Name, deploymentState({ DesiredTotal: 10 }));

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: {
      [job.TaskGroups[0]!.Name]: { Ignore: 10 },
      [tg2.Name]: { Ignore: 10 },
    },
  });
});

// CancelCase is a stopped or purged job with its latest deployment, and
// whether that deployment is still active and so must be cancelled.
interface CancelCase extends StoppedCase {
  deployment: Deployment;
  cancel: boolean;
}

// cancelCases pairs both stopped jobs with a running and a failed deployment.
function cancelCases(): CancelCase[] {
  const job = mockJob();
  job.Stop = true;

  const running = newJobDeployment(job, 50);
  const failed = newJobDeployment(job, 50);
  failed.Status = DeploymentStatusFailed;

  const stopped = { job, jobID: job.ID, taskGroup: job.TaskGroups[0]!.Name };
  const purged = { job: null, jobID: 'foo', taskGroup: 'bar' };
  return [
    { name: 'stopped job, running deployment', ...stopped, deployment: running, cancel: true },
    { name: 'nil job, running deployment', ...purged, deployment: running, cancel: true },
    { name: 'stopped job, failed deployment', ...stopped, deployment: failed, cancel: false },
    { name: 'nil job, failed deployment', ...purged, deployment: failed, cancel: false },
  ];
}

// Stopping a job stops its allocations and cancels its deployment if that is still running.
describe('TestReconciler_CancelDeployment_JobStop', () => {
  test.each(cancelCases())('$name', (c) => {
    const allocs = stoppedJobAllocs(c);

    const reconciler = newReconciler(
      allocUpdateFnIgnore,
      false,
      c.jobID,
      c.job,
      c.deployment,
      allocs,
      null,
      '',
      50,
      true,
    );
    const r = reconciler.compute();

    const updates: DeploymentStatusUpdate[] = c.cancel
      ? [
          {
            DeploymentID: c.deployment.ID,
            Status: DeploymentStatusCancelled,
            StatusDescription: DeploymentStatusDescriptionStoppedJob,
          },
        ]
      : [];

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: updates,
      place: 0,
      inplace: 0,
      stop: 10,
      desiredTGUpdates: { [c.taskGroup]: { Stop: 10 } },
    });

    assertNamesHaveIndexes(intRange(0, 9), stopResultsToNames(r.stop));
  });
});
