// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5,
// TestReconciler_RescheduleLater_Batch through
// TestReconciler_DontReschedule_PreviouslyRescheduled.
//
// Failed allocations: replaced now when their reschedule delay has passed
// (or their follow-up evaluation is the one running), annotated with a
// follow-up evaluation when it has not, and left alone when their policy has
// no attempts left. Terminal allocations that are not failures are replaced
// (service) or kept (batch) without rescheduling.

import { expect, test } from 'vitest';
import {
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusRunning,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  DeploymentStatusDescriptionRunningNeedsPromotion,
  HOUR,
  SECOND,
  allocName,
} from '../../src/engine/structs.ts';
import type { Allocation, Duration, Instant, Job, ReschedulePolicy } from '../../src/engine/structs.ts';
import {
  allocNameToIndex,
  allocUpdateFnIgnore,
  assertNamesHaveIndexes,
  assertPlaceResultsHavePreviousAllocs,
  assertPlacementsAreRescheduled,
  assertResults,
  attributeUpdatesToNames,
  canaryUpdate,
  intRange,
  newReconciler,
  noCanaryUpdate,
  placeResultsToNames,
  wallClockNow,
} from './harness.ts';
import { copyJob, deploymentState, existingAllocs, mockAlloc, mockJob, newJobDeployment, uuid } from './mock.ts';

const MILLISECOND: Duration = SECOND / 1000;

// reschedulePolicy is a policy with the given fields and every other at Go's
// zero value, like a `&structs.ReschedulePolicy{...}` literal.
function reschedulePolicy(fields: Partial<ReschedulePolicy>): ReschedulePolicy {
  return { Attempts: 0, Interval: 0, Delay: 0, DelayFunction: '', MaxDelay: 0, Unlimited: false, ...fields };
}

// runningAllocs makes count running allocations of the job's first group,
// the i-th named with index i, each on its own node.
function runningAllocs(job: Job, count: number): Allocation[] {
  const allocs = existingAllocs(job, count);
  for (const alloc of allocs) alloc.ClientStatus = AllocClientStatusRunning;
  return allocs;
}

// canaryAllocs makes count running canaries of the job's first group in the
// deployment, named with index(i), marked unhealthy, and records them as the
// group's placed canaries.
function canaryAllocs(
  job: Job,
  deploymentID: string,
  placedCanaries: string[],
  count: number,
  index: (i: number) => number,
): Allocation[] {
  const allocs: Allocation[] = [];
  for (let i = 0; i < count; i++) {
    const alloc = mockAlloc();
    alloc.Job = job;
    alloc.JobID = job.ID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(job.ID, job.TaskGroups[0]!.Name, index(i));
    alloc.ClientStatus = AllocClientStatusRunning;
    alloc.DeploymentID = deploymentID;
    alloc.DeploymentStatus = { Canary: true, Healthy: false };
    placedCanaries.push(alloc.ID);
    allocs.push(alloc);
  }
  return allocs;
}

// failedTaskStates says the group's task stopped at finishedAt. (Upstream also
// starts it an hour earlier; the model keeps no start time, and the reconciler
// reads only the finish.)
function failedTaskStates(tgName: string, finishedAt: Instant): Allocation['TaskStates'] {
  return { [tgName]: { State: 'start', Failed: false, FinishedAt: finishedAt } };
}

// A batch group of four: of three failed allocations in one chain, the
// first two were replaced already; the last failed just now and may be
// retried once more after the 15s delay, so it is annotated with a follow-up
// evaluation for then. The complete one is kept, as batch jobs keep finished work.
test('TestReconciler_RescheduleLater_Batch', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 4;
  const now = wallClockNow();

  const delayDur = 15 * SECOND;
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 3,
    Interval: 24 * HOUR,
    Delay: delayDur,
    DelayFunction: 'constant',
  });
  const tgName = job.TaskGroups[0]!.Name;

  const allocs = runningAllocs(job, 6);

  // Three failed allocations, each replaced by the next.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.NextAllocation = allocs[1]!.ID;
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[1]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: allocs[0]!.ID, PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.NextAllocation = allocs[2]!.ID;
  allocs[2]!.ClientStatus = AllocClientStatusFailed;
  allocs[2]!.TaskStates = failedTaskStates(tgName, now);
  allocs[2]!.RescheduleTracker = {
    Events: [
      { RescheduleTime: now - 2 * HOUR, PrevAllocID: allocs[0]!.ID, PrevNodeID: uuid(), Delay: 0 },
      { RescheduleTime: now - HOUR, PrevAllocID: allocs[1]!.ID, PrevNodeID: uuid(), Delay: 0 },
    ],
  };

  allocs[5]!.ClientStatus = AllocClientStatusComplete;

  const reconciler = newReconciler(allocUpdateFnIgnore, true, job.ID, job, null, allocs, null, uuid(), 50, true);
  const r = reconciler.compute();

  // One follow-up evaluation, due when the delay after the last failure ends.
  const evals = r.desiredFollowupEvals.get(tgName);
  expect(evals).toBeDefined();
  expect(evals).toHaveLength(1);
  expect(evals![0]!.WaitUntil).toBe(now + delayDur);

  // The complete allocation is not replaced.
  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    attributeUpdates: 1,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 0, InPlaceUpdate: 0, Ignore: 4, Stop: 0 } },
  });
  assertNamesHaveIndexes(intRange(2, 2), attributeUpdatesToNames(r.attributeUpdates));

  // The annotated allocation points at the follow-up evaluation.
  let annotated: Allocation | undefined;
  for (const a of r.attributeUpdates.values()) annotated = a;
  expect(annotated!.FollowupEvalID).toBe(evals![0]!.ID);
});

// Seven batch allocations fail: five within a quarter second of each other
// share one follow-up evaluation, the two that fail ten seconds later share
// a second one.
test('TestReconciler_RescheduleLaterWithBatchedEvals_Batch', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 10;
  const now = wallClockNow();

  const delayDur = 15 * SECOND;
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 3,
    Interval: 24 * HOUR,
    Delay: delayDur,
    DelayFunction: 'constant',
  });
  const tgName = job.TaskGroups[0]!.Name;

  const allocs = runningAllocs(job, 10);

  // Five fail 50ms apart.
  for (let i = 0; i < 5; i++) {
    allocs[i]!.ClientStatus = AllocClientStatusFailed;
    allocs[i]!.TaskStates = failedTaskStates(tgName, now + 50 * i * MILLISECOND);
  }

  // Two more fail together ten seconds later.
  for (let i = 5; i < 7; i++) {
    allocs[i]!.ClientStatus = AllocClientStatusFailed;
    allocs[i]!.TaskStates = failedTaskStates(tgName, now + 10 * SECOND);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, true, job.ID, job, null, allocs, null, uuid(), 50, true);
  const r = reconciler.compute();

  const evals = r.desiredFollowupEvals.get(tgName);
  expect(evals).toBeDefined();
  expect(evals).toHaveLength(2);

  // Each batch is due when the delay after its first failure ends.
  expect(evals![0]!.WaitUntil).toBe(now + delayDur);
  const secondBatchDuration = delayDur + 10 * SECOND;
  expect(evals![1]!.WaitUntil).toBe(now + secondBatchDuration);

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    attributeUpdates: 7,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 0, InPlaceUpdate: 0, Ignore: 10, Stop: 0 } },
  });
  assertNamesHaveIndexes(intRange(0, 6), attributeUpdatesToNames(r.attributeUpdates));

  // Each annotated allocation points at its batch's evaluation.
  for (const alloc of r.attributeUpdates.values()) {
    const index = allocNameToIndex(alloc.Name);
    if (index < 5) {
      expect(alloc.FollowupEvalID).toBe(evals![0]!.ID);
    } else if (index < 7) {
      expect(alloc.FollowupEvalID).toBe(evals![1]!.ID);
    } else {
      expect.fail(`Unexpected alloc name in Inplace results ${alloc.Name}`);
    }
  }
});

// The last of a batch chain of failures failed five seconds ago with a 5s
// delay and one attempt left: it is replaced now, as a reschedule.
test('TestReconciler_RescheduleNow_Batch', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 4;
  const now = wallClockNow();
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 3,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: 'constant',
  });
  const tgName = job.TaskGroups[0]!.Name;

  const allocs = runningAllocs(job, 6);

  // Three failed allocations, each replaced by the next.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.NextAllocation = allocs[1]!.ID;
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[1]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: allocs[0]!.ID, PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.NextAllocation = allocs[2]!.ID;
  allocs[2]!.ClientStatus = AllocClientStatusFailed;
  allocs[2]!.TaskStates = failedTaskStates(tgName, now - 5 * SECOND);
  allocs[2]!.FollowupEvalID = uuid();
  allocs[2]!.RescheduleTracker = {
    Events: [
      { RescheduleTime: now - 2 * HOUR, PrevAllocID: allocs[0]!.ID, PrevNodeID: uuid(), Delay: 0 },
      { RescheduleTime: now - HOUR, PrevAllocID: allocs[1]!.ID, PrevNodeID: uuid(), Delay: 0 },
    ],
  };
  allocs[5]!.ClientStatus = AllocClientStatusComplete;

  const reconciler = newReconciler(allocUpdateFnIgnore, true, job.ID, job, null, allocs, null, '', 50, true);
  reconciler.now = now;
  const r = reconciler.compute();

  // Nothing is left for later.
  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  // The third attempt is made now; the complete allocation is not replaced.
  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    stop: 1,
    inplace: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, Stop: 1, Ignore: 3 } },
  });

  assertNamesHaveIndexes(intRange(2, 2), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// A service group of five: one failure has used its only attempt and stays;
// one failed just now and waits for its 15s delay, annotated with a
// follow-up evaluation; one allocation the server stopped is replaced at once.
test('TestReconciler_RescheduleLater_Service', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  const delayDur = 15 * SECOND;
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: delayDur,
    MaxDelay: HOUR,
  });

  const allocs = runningAllocs(job, 5);

  // Two failures, the first of which was already rescheduled once.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.TaskStates = failedTaskStates(tgName, now);
  allocs[1]!.ClientStatus = AllocClientStatusFailed;

  allocs[4]!.DesiredStatus = AllocDesiredStatusStop;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, uuid(), 50, true);
  const r = reconciler.compute();

  const evals = r.desiredFollowupEvals.get(tgName);
  expect(evals).toBeDefined();
  expect(evals).toHaveLength(1);
  expect(evals![0]!.WaitUntil).toBe(now + delayDur);

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    attributeUpdates: 1,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, InPlaceUpdate: 0, Ignore: 4, Stop: 0 } },
  });

  assertNamesHaveIndexes(intRange(4, 4), placeResultsToNames(r.place));
  assertNamesHaveIndexes(intRange(1, 1), attributeUpdatesToNames(r.attributeUpdates));

  let annotated: Allocation | undefined;
  for (const a of r.attributeUpdates.values()) annotated = a;
  expect(annotated!.FollowupEvalID).toBe(evals![0]!.ID);
});

// A service allocation that completed is replaced, without rescheduling.
test('TestReconciler_Service_ClientStatusComplete', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;

  const delayDur = 15 * SECOND;
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: delayDur,
    MaxDelay: HOUR,
  });

  const allocs = runningAllocs(job, 5);
  for (const alloc of allocs) alloc.DesiredStatus = AllocDesiredStatusRun;

  allocs[4]!.ClientStatus = AllocClientStatusComplete;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, InPlaceUpdate: 0, Ignore: 4 } },
  });

  assertNamesHaveIndexes(intRange(4, 4), placeResultsToNames(r.place));
});

// A failed service allocation that the server had already stopped is
// replaced like any stopped one: no reschedule, no follow-up evaluation.
test('TestReconciler_Service_DesiredStop_ClientStatusComplete', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;

  const delayDur = 15 * SECOND;
  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: delayDur,
    MaxDelay: HOUR,
  });

  const allocs = runningAllocs(job, 5);
  for (const alloc of allocs) alloc.DesiredStatus = AllocDesiredStatusRun;

  allocs[4]!.ClientStatus = AllocClientStatusFailed;
  allocs[4]!.DesiredStatus = AllocDesiredStatusStop;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, InPlaceUpdate: 0, Ignore: 4 } },
  });

  assertNamesHaveIndexes(intRange(4, 4), placeResultsToNames(r.place));

  expect(r.desiredFollowupEvals.size).toBe(0);
});

// A service group of five with a rolling update block: one failure has no
// attempts left; one failed ten seconds ago with a 5s delay and is
// rescheduled now; the allocation the server stopped is replaced.
test('TestReconciler_RescheduleNow_Service', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: HOUR,
    Unlimited: false,
  });
  job.TaskGroups[0]!.Update = noCanaryUpdate;

  const allocs = runningAllocs(job, 5);

  // Two failures, the first of which was already rescheduled once.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.TaskStates = failedTaskStates(tgName, now - 10 * SECOND);
  allocs[1]!.ClientStatus = AllocClientStatusFailed;

  allocs[4]!.DesiredStatus = AllocDesiredStatusStop;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 1,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Ignore: 3, Stop: 1 } },
  });

  // Only the reschedule replaces a previous allocation.
  assertNamesHaveIndexes(intRange(1, 1, 4, 4), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// A failure due one second from now is rescheduled now: the reconciler
// allows that much clock drift between servers.
test('TestReconciler_RescheduleNow_WithinAllowedTimeWindow', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: HOUR,
    Unlimited: false,
  });
  job.TaskGroups[0]!.Update = noCanaryUpdate;

  const allocs = runningAllocs(job, 5);

  // One failure with no attempts left.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  // One that failed four seconds ago, so its 5s delay ends a second from now.
  allocs[1]!.TaskStates = failedTaskStates(tgName, now - 4 * SECOND);
  allocs[1]!.ClientStatus = AllocClientStatusFailed;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  reconciler.now = now;
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 1,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, Stop: 1, Ignore: 4 } },
  });

  assertNamesHaveIndexes(intRange(1, 1), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// A failure whose follow-up evaluation is the one running is rescheduled
// even though this server's clock says its delay has 35s to go.
test('TestReconciler_RescheduleNow_EvalIDMatch', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: HOUR,
    Unlimited: false,
  });
  job.TaskGroups[0]!.Update = noCanaryUpdate;

  const allocs = runningAllocs(job, 5);

  // One failure with no attempts left.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  // One that failed five seconds ago and whose follow-up evaluation this is.
  const evalID = uuid();
  allocs[1]!.TaskStates = failedTaskStates(tgName, now - 5 * SECOND);
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[1]!.FollowupEvalID = evalID;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, evalID, 50, true);
  reconciler.now = now - 30 * SECOND;
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    stop: 1,
    inplace: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, Stop: 1, Ignore: 4 } },
  });

  assertNamesHaveIndexes(intRange(1, 1), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// While a canary deployment of the next version waits for promotion, failed
// allocations of the old version are still rescheduled: two of them (the
// third has no attempts left), beside two running canaries.
test('TestReconciler_RescheduleNow_Service_WithCanaries', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: HOUR,
    Unlimited: false,
  });
  job.TaskGroups[0]!.Update = canaryUpdate;

  const job2 = copyJob(job);
  job2.Version++;

  const d = newJobDeployment(job2, 50);
  d.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  const s = deploymentState({ DesiredCanaries: 2, DesiredTotal: 5 });
  d.TaskGroups.set(job.TaskGroups[0]!.Name, s);

  const allocs = runningAllocs(job, 5);

  // Three failures, the first of which was already rescheduled once.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.TaskStates = failedTaskStates(tgName, now - 10 * SECOND);
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[4]!.ClientStatus = AllocClientStatusFailed;

  // Two canaries of the old job version, running but not yet healthy.
  allocs.push(...canaryAllocs(job, d.ID, s.PlacedCanaries, 2, (i) => i));

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job2, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    stop: 2,
    inplace: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Stop: 2, Ignore: 5 } },
  });

  assertNamesHaveIndexes(intRange(1, 1, 4, 4), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(2, r.place);
  assertPlacementsAreRescheduled(2, r.place);
});

// Both canaries of a deployment failed and the deployment allowed their
// replacement; with an unlimited policy both are rescheduled now. Four
// earlier canaries that failed and were replaced stay as they are.
test('TestReconciler_RescheduleNow_Service_Canaries', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Delay: 5 * SECOND,
    DelayFunction: 'constant',
    MaxDelay: HOUR,
    Unlimited: true,
  });
  job.TaskGroups[0]!.Update = canaryUpdate;

  const job2 = copyJob(job);
  job2.Version++;

  const d = newJobDeployment(job2, 50);
  d.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  const s = deploymentState({ DesiredCanaries: 2, DesiredTotal: 5 });
  d.TaskGroups.set(job.TaskGroups[0]!.Name, s);

  const allocs = runningAllocs(job, 5);

  // Two canaries, indexes 0 and 1.
  allocs.push(...canaryAllocs(job, d.ID, s.PlacedCanaries, 2, (i) => i));

  // Both canaries failed and may be rescheduled; the first was rescheduled once already.
  allocs[5]!.ClientStatus = AllocClientStatusFailed;
  allocs[5]!.DesiredTransition.Reschedule = true;
  allocs[5]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[6]!.TaskStates = failedTaskStates(tgName, now - 10 * SECOND);
  allocs[6]!.ClientStatus = AllocClientStatusFailed;
  allocs[6]!.DesiredTransition.Reschedule = true;

  // Four earlier canaries, failed and already replaced.
  for (const alloc of canaryAllocs(job, d.ID, s.PlacedCanaries, 4, (i) => i % 2)) {
    alloc.ClientStatus = AllocClientStatusFailed;
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job2, d, allocs, null, '', 50, true);
  reconciler.now = now;
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    stop: 2,
    inplace: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Stop: 2, Ignore: 9 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(2, r.place);
  assertPlacementsAreRescheduled(2, r.place);
});

// As above, but the policy allows one attempt: the canary that was already
// rescheduled once stays, only the other is rescheduled.
test('TestReconciler_RescheduleNow_Service_Canaries_Limit', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const tgName = job.TaskGroups[0]!.Name;
  const now = wallClockNow();

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({
    Attempts: 1,
    Interval: 24 * HOUR,
    Delay: 5 * SECOND,
    DelayFunction: '',
    MaxDelay: HOUR,
    Unlimited: false,
  });
  job.TaskGroups[0]!.Update = canaryUpdate;

  const job2 = copyJob(job);
  job2.Version++;

  const d = newJobDeployment(job2, 50);
  d.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  const s = deploymentState({ DesiredCanaries: 2, DesiredTotal: 5 });
  d.TaskGroups.set(job.TaskGroups[0]!.Name, s);

  const allocs = runningAllocs(job, 5);

  // Two canaries, indexes 0 and 1.
  allocs.push(...canaryAllocs(job, d.ID, s.PlacedCanaries, 2, (i) => i));

  // Both canaries failed and may be rescheduled; the first was rescheduled once already.
  allocs[5]!.ClientStatus = AllocClientStatusFailed;
  allocs[5]!.DesiredTransition.Reschedule = true;
  allocs[5]!.RescheduleTracker = {
    Events: [{ RescheduleTime: now - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[6]!.TaskStates = failedTaskStates(tgName, now - 10 * SECOND);
  allocs[6]!.ClientStatus = AllocClientStatusFailed;
  allocs[6]!.DesiredTransition.Reschedule = true;

  // Four earlier canaries, failed and already replaced.
  for (const alloc of canaryAllocs(job, d.ID, s.PlacedCanaries, 4, (i) => i % 2)) {
    alloc.ClientStatus = AllocClientStatusFailed;
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job2, d, allocs, null, '', 50, true);
  reconciler.now = now;
  const r = reconciler.compute();

  expect(r.desiredFollowupEvals.get(tgName)).toBeUndefined();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    stop: 1,
    inplace: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, Stop: 1, Ignore: 10 } },
  });

  assertNamesHaveIndexes(intRange(1, 1), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  assertPlacementsAreRescheduled(1, r.place);
});

// Failed allocations that already have a replacement (NextAllocation set)
// are not rescheduled again; only the allocation the server stopped is
// replaced, under the lowest free index.
test('TestReconciler_DontReschedule_PreviouslyRescheduled', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;

  job.TaskGroups[0]!.ReschedulePolicy = reschedulePolicy({ Attempts: 5, Interval: 24 * HOUR });

  const allocs = runningAllocs(job, 7);

  // Two failures. The first takes the second's ID, so the second replaces it
  // wherever allocations are keyed by ID, as in upstream.
  allocs[0]!.ClientStatus = AllocClientStatusFailed;
  allocs[0]!.ID = allocs[1]!.ID;
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[1]!.RescheduleTracker = {
    Events: [{ RescheduleTime: wallClockNow() - HOUR, PrevAllocID: uuid(), PrevNodeID: uuid(), Delay: 0 }],
  };
  allocs[1]!.NextAllocation = allocs[2]!.ID;

  allocs[4]!.DesiredStatus = AllocDesiredStatusStop;

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  // One placement to make up the count of five; the failures are not rescheduled.
  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 1, Ignore: 4 } },
  });

  // Index 0 is free, its allocation having been replaced by the second under the same ID.
  assertNamesHaveIndexes(intRange(0, 0), placeResultsToNames(r.place));
});
