// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5, the
// rescheduling and batch tests of its second half
// (TestReconciler_CancelDeployment_JobUpdate onwards).
//
// Whether failed allocations are replaced, given the state of the deployment
// they belong to, a forced reschedule, or a reschedule policy that allows no
// attempt; and how a batch job is run again.

import { expect, test } from 'vitest';
import {
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusRunning,
  AllocDesiredStatusStop,
  DeploymentStatusFailed,
  DeploymentStatusRunning,
  DeploymentStatusSuccessful,
  HOUR,
  JobTypeBatch,
  SECOND,
  allocName,
} from '../../src/engine/structs.ts';
import type { Allocation, Instant, TaskState } from '../../src/engine/structs.ts';
import {
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  assertNamesHaveIndexes,
  assertPlaceResultsHavePreviousAllocs,
  assertPlacementsAreRescheduled,
  assertResults,
  intRange,
  newReconciler,
  noCanaryUpdate,
  placeResultsToNames,
  wallClockNow,
} from './harness.ts';
import { copyJob, deploymentState, groupAlloc, mockAlloc, mockJob, newJobDeployment, uuid, web } from './mock.ts';

// startedTask is the state of a task that is recorded as started yet finished
// at `finishedAt`, as upstream's failed allocations carry it. (Upstream also
// sets StartedAt an hour before now; the model has no such field and the
// reconciler never reads it.)
function startedTask(finishedAt: Instant): TaskState {
  return { State: 'start', Failed: false, FinishedAt: finishedAt };
}

// Failed allocations that belong to a failed deployment are not replaced,
// however soon their policy would allow it.
test('TestReconciler_FailedDeployment_DontReschedule', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const tgName = web(job).Name;
  const now = wallClockNow();

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusFailed;
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: true, DesiredTotal: 5, PlacedAllocs: 4 }));

  const allocs: Allocation[] = [];
  for (let i = 0; i < 4; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    allocs.push(alloc);
  }

  // Two of them failed ten seconds ago, which their policy would allow to
  // replace now.
  allocs[2]!.ClientStatus = AllocClientStatusFailed;
  allocs[2]!.TaskStates = { [tgName]: startedTask(now - 10 * SECOND) };
  allocs[3]!.ClientStatus = AllocClientStatusFailed;
  allocs[3]!.TaskStates = { [tgName]: startedTask(now - 10 * SECOND) };

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    place: 0,
    createDeployment: null,
    deploymentUpdates: [],
    desiredTGUpdates: { [web(job).Name]: { Ignore: 2 } },
  });
});

// While a deployment runs, only the failed allocations that the deployment
// watcher marked for rescheduling are replaced (five of ten).
test('TestReconciler_DeploymentWithFailedAllocs_DontReschedule', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;
  const tgName = web(job).Name;
  const now = wallClockNow();

  // The watcher has not yet failed the deployment.
  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusRunning;
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: false, DesiredTotal: 10, PlacedAllocs: 10 }));

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.ClientStatus = AllocClientStatusFailed;
    alloc.TaskStates = { [tgName]: startedTask(now - 10 * SECOND) };
    allocs.push(alloc);
  }

  // The first half may be rescheduled.
  for (let i = 0; i < 5; i++) allocs[i]!.DesiredTransition.Reschedule = true;

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    place: 5,
    stop: 5,
    createDeployment: null,
    deploymentUpdates: [],
    desiredTGUpdates: { [web(job).Name]: { Place: 5, Stop: 5, Ignore: 5 } },
  });
});

// Once the deployment has succeeded, its failed allocations are rescheduled
// like any others: all ten are replaced, each by an allocation of its name.
test('TestReconciler_SuccessfulDeploymentWithFailedAllocs_Reschedule', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;
  const tgName = web(job).Name;
  const now = wallClockNow();

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusSuccessful;
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: false, DesiredTotal: 10, PlacedAllocs: 10 }));

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.ClientStatus = AllocClientStatusFailed;
    alloc.TaskStates = { [tgName]: startedTask(now - 10 * SECOND) };
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    place: 10,
    stop: 10,
    createDeployment: null,
    deploymentUpdates: [],
    desiredTGUpdates: { [web(job).Name]: { Place: 10, Stop: 10, Ignore: 0 } },
  });
  assertPlaceResultsHavePreviousAllocs(10, r.place);
});

// An operator's forced reschedule replaces a failed allocation at once even
// though its policy has no attempt left, without a follow-up evaluation.
test('TestReconciler_ForceReschedule_Service', () => {
  const job = mockJob();
  web(job).Count = 5;
  const tgName = web(job).Name;

  // One attempt a day, already used; and a rolling update.
  web(job).ReschedulePolicy = {
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: 1 * HOUR,
    Unlimited: false,
  };
  web(job).Update = noCanaryUpdate;

  // Five running allocations. (Upstream leaves their group as the mock's,
  // which is the job's "web".)
  const allocs: Allocation[] = [];
  for (let i = 0; i < 5; i++) {
    const alloc = mockAlloc();
    alloc.Job = job;
    alloc.JobID = job.ID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(job.ID, web(job).Name, i);
    allocs.push(alloc);
    alloc.ClientStatus = AllocClientStatusRunning;
  }

  // The first failed after being rescheduled an hour ago, so its policy
  // would not reschedule it again.
  const first = allocs[0]!;
  first.ClientStatus = AllocClientStatusFailed;
  first.RescheduleTracker = {
    Events: [{ RescheduleTime: wallClockNow() - 1 * HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };

  // The operator forces it.
  first.DesiredTransition = { Migrate: null, Reschedule: null, ForceReschedule: true };

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  // No follow-up evaluation: the replacement is immediate.
  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    stop: 1,
    inplace: 0,
    desiredTGUpdates: { [web(job).Name]: { Place: 1, Stop: 1, Ignore: 4 } },
  });

  // The replacement takes the failed allocation's name and is a reschedule of it.
  assertNamesHaveIndexes(intRange(0, 0), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// A service whose policy allows no reschedule: its failed allocations are
// left as they are and no follow-up evaluation is made; the one allocation
// the server stopped is made up for by a fresh placement, not a reschedule.
test('TestReconciler_RescheduleNot_Service', () => {
  const job = mockJob();
  web(job).Count = 5;
  const tgName = web(job).Name;
  const now = wallClockNow();

  // No attempts; and a rolling update.
  web(job).ReschedulePolicy = {
    Attempts: 0,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: 1 * HOUR,
    Unlimited: false,
  };
  web(job).Update = noCanaryUpdate;

  // Five running allocations, in the mock's group "web".
  const allocs: Allocation[] = [];
  for (let i = 0; i < 5; i++) {
    const alloc = mockAlloc();
    alloc.Job = job;
    alloc.JobID = job.ID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(job.ID, web(job).Name, i);
    allocs.push(alloc);
    alloc.ClientStatus = AllocClientStatusRunning;
  }

  // Two failed: the first after one earlier reschedule, the second ten seconds ago.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: wallClockNow() - 1 * HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.TaskStates = { [tgName]: startedTask(now - 10 * SECOND) };
  allocs[1]!.ClientStatus = AllocClientStatusFailed;

  // The server wants the fifth stopped.
  allocs[4]!.DesiredStatus = AllocDesiredStatusStop;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  // The other four are ignored; one placement replaces the stopped fifth.
  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Place: 1, Ignore: 4, Stop: 0 } },
  });

  // That placement neither carries a previous allocation nor is a reschedule.
  assertPlaceResultsHavePreviousAllocs(0, r.place);
  assertPlacementsAreRescheduled(0, r.place);
});

// A batch group whose policy allows no reschedule: of six allocations (two
// running, one complete, a chain of three failed) nothing is replaced or
// stopped and no follow-up evaluation is made.
test('TestReconciler_RescheduleNot_Batch', () => {
  const job = mockJob();
  web(job).Count = 4;
  const now = wallClockNow();
  web(job).ReschedulePolicy = {
    Attempts: 0,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: 'constant',
    MaxDelay: 0,
    Unlimited: false,
  };
  const tgName = web(job).Name;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 6; i++) {
    const alloc = mockAlloc();
    alloc.Job = job;
    alloc.JobID = job.ID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(job.ID, web(job).Name, i);
    allocs.push(alloc);
    alloc.ClientStatus = AllocClientStatusRunning;
  }

  // The first three failed one after another, each rescheduled as the next;
  // the last of them failed five seconds ago and awaits a follow-up.
  const [a0, a1, a2] = [allocs[0]!, allocs[1]!, allocs[2]!];
  a0.ClientStatus = AllocClientStatusFailed;
  a0.NextAllocation = a1.ID;
  a1.ClientStatus = AllocClientStatusFailed;
  a1.RescheduleTracker = {
    Events: [{ RescheduleTime: wallClockNow() - 1 * HOUR, PrevAllocID: a0.ID, PrevNodeID: uuid(), Delay: 0 }],
  };
  a1.NextAllocation = a2.ID;
  a2.ClientStatus = AllocClientStatusFailed;
  a2.TaskStates = { [tgName]: startedTask(now - 5 * SECOND) };
  a2.FollowupEvalID = uuid();
  a2.RescheduleTracker = {
    Events: [
      { RescheduleTime: wallClockNow() - 2 * HOUR, PrevAllocID: a0.ID, PrevNodeID: uuid(), Delay: 0 },
      { RescheduleTime: wallClockNow() - 1 * HOUR, PrevAllocID: a1.ID, PrevNodeID: uuid(), Delay: 0 },
    ],
  };

  // The sixth finished.
  allocs[5]!.ClientStatus = AllocClientStatusComplete;

  const reconciler = newReconciler(allocUpdateFnIgnore, true, job.ID, job, null, allocs, null, '', 50, true);
  reconciler.now = now;
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  // Nothing is rescheduled and nothing else touched.
  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    stop: 0,
    inplace: 0,
    desiredTGUpdates: { [web(job).Name]: { Place: 0, Stop: 0, Ignore: 4 } },
  });
});

// Running a batch job again (a new create index) ignores the finished
// allocations of the previous run and places every instance anew.
test('TestReconciler_Batch_Rerun', () => {
  const job = mockJob();
  job.Type = JobTypeBatch;
  web(job).Update = null;

  // The previous run's ten allocations all completed and were stopped.
  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.ClientStatus = AllocClientStatusComplete;
    alloc.DesiredStatus = AllocDesiredStatusStop;
    allocs.push(alloc);
  }

  const job2 = copyJob(job);
  job2.CreateIndex++;

  const reconciler = newReconciler(allocUpdateFnIgnore, true, job2.ID, job2, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 10,
    destructive: 0,
    desiredTGUpdates: { [web(job).Name]: { Place: 10, DestructiveUpdate: 0, Ignore: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), placeResultsToNames(r.place));
});
