// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5,
// TestReconciler_Place_NoExisting through TestReconciler_Destructive_ScaleDown,
// with TestReconciler_Inplace_Rollback, new in 1.6.
//
// Placing, scaling, and updating (in place or destructively) the allocations
// of a job with one group and no deployment.

import { expect, test } from 'vitest';
import { AllocClientStatusFailed, AllocClientStatusRunning, HOUR, MINUTE, SECOND } from '../../src/engine/structs.ts';
import {
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  allocUpdateFnInplace,
  allocUpdateFnMock,
  allocsToNames,
  assertNamesHaveIndexes,
  assertResults,
  destructiveResultsToNames,
  intRange,
  newReconciler,
  placeResultsToNames,
  stopResultsToNames,
  wallClockNow,
} from './harness.ts';
import { existingAllocs, mockJob, mockMaxParallelJob, uuid } from './mock.ts';

// With nothing running, every instance of the group is placed.
test('TestReconciler_Place_NoExisting', () => {
  const job = mockJob();
  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, [], null, '', job.Priority, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 10,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), placeResultsToNames(r.place));
});

// Half the group runs: the other half is placed under the free indexes.
test('TestReconciler_Place_Existing', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 5);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 5,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 5, Ignore: 5 } },
  });

  assertNamesHaveIndexes(intRange(5, 9), placeResultsToNames(r.place));
});

// Twenty run where ten are wanted: the ten highest indexes stop.
test('TestReconciler_ScaleDown_Partial', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 20);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 10,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Ignore: 10, Stop: 10 } },
  });

  assertNamesHaveIndexes(intRange(10, 19), stopResultsToNames(r.stop));
});

// A count of zero stops everything.
test('TestReconciler_ScaleDown_Zero', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 0;
  const allocs = existingAllocs(job, 20);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 20,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Stop: 20 } },
  });

  assertNamesHaveIndexes(intRange(0, 19), stopResultsToNames(r.stop));
});

// A count of zero stops everything even when many allocations share a name.
test('TestReconciler_ScaleDown_Zero_DuplicateNames', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 0;
  // Names alternate between index 0 and index 1.
  const allocs = existingAllocs(job, 20, (i) => i % 2);
  const expectedStopped = allocs.map((_, i) => i % 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 20,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Stop: 20 } },
  });

  assertNamesHaveIndexes(expectedStopped, stopResultsToNames(r.stop));
});

// Every allocation can follow the job in place.
test('TestReconciler_Inplace', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnInplace, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 10,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { InPlaceUpdate: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), allocsToNames(r.inplaceUpdate));
});

// In-place updates while the count grows from 10 to 15.
test('TestReconciler_Inplace_ScaleUp', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 15;
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnInplace, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 5,
    inplace: 10,
    stop: 0,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 5, InPlaceUpdate: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), allocsToNames(r.inplaceUpdate));
  assertNamesHaveIndexes(intRange(10, 14), placeResultsToNames(r.place));
});

// In-place updates while the count shrinks from 10 to 5: the top half stops.
test('TestReconciler_Inplace_ScaleDown', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnInplace, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 5,
    stop: 5,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Stop: 5, InPlaceUpdate: 5 } },
  });

  assertNamesHaveIndexes(intRange(0, 4), allocsToNames(r.inplaceUpdate));
  assertNamesHaveIndexes(intRange(5, 9), stopResultsToNames(r.stop));
});

// A rollback to an older version: the running allocation of that version is
// updated in place, and the two failed ones of the newer version are
// replaced, one now and one (its reschedule delay not yet passed) later.
test('TestReconciler_Inplace_Rollback', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 4;
  job.TaskGroups[0]!.ReschedulePolicy = {
    DelayFunction: 'exponential',
    Interval: 30 * SECOND,
    Delay: 1 * HOUR,
    Attempts: 3,
    Unlimited: true,
    MaxDelay: 0,
  };
  const allocs = existingAllocs(job, 3);
  // allocs[0] runs the version rolled back to.
  allocs[0]!.ClientStatus = AllocClientStatusRunning;
  // allocs[1] and allocs[2] failed under the newer version, the first ten minutes ago.
  allocs[1]!.ClientStatus = AllocClientStatusFailed;
  allocs[1]!.TaskStates = { web: { State: '', Failed: false, FinishedAt: wallClockNow() - 10 * MINUTE } };
  allocs[2]!.ClientStatus = AllocClientStatusFailed;

  const updateFn = allocUpdateFnMock(new Map([[allocs[0]!.ID, allocUpdateFnInplace]]), allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, null, allocs, null, uuid(), 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 1,
    stop: 1,
    destructive: 1,
    attributeUpdates: 1,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Stop: 1, InPlaceUpdate: 1, DestructiveUpdate: 1 } },
  });

  expect(r.desiredFollowupEvals.size, 'expected 1 follow-up eval').toBe(1);
  assertNamesHaveIndexes(intRange(0, 0), allocsToNames(r.inplaceUpdate));
  assertNamesHaveIndexes(intRange(2, 2), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(2, 3), placeResultsToNames(r.place));
});

// Every allocation must be replaced; with no update block all go at once.
test('TestReconciler_Destructive', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    destructive: 10,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { DestructiveUpdate: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), destructiveResultsToNames(r.destructiveUpdate));
});

// An update block with max_parallel 0 behaves as none: all replaced at once, no deployment.
test('TestReconciler_DestructiveMaxParallel', () => {
  const job = mockMaxParallelJob();
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    destructive: 10,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { DestructiveUpdate: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), destructiveResultsToNames(r.destructiveUpdate));
});

// Destructive updates while the count grows from 10 to 15.
test('TestReconciler_Destructive_ScaleUp', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 15;
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 5,
    destructive: 10,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 5, DestructiveUpdate: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 9), destructiveResultsToNames(r.destructiveUpdate));
  assertNamesHaveIndexes(intRange(10, 14), placeResultsToNames(r.place));
});

// Destructive updates while the count shrinks from 10 to 5: the top half stops, the rest is replaced.
test('TestReconciler_Destructive_ScaleDown', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const allocs = existingAllocs(job, 10);

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    destructive: 5,
    stop: 5,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Stop: 5, DestructiveUpdate: 5 } },
  });

  assertNamesHaveIndexes(intRange(5, 9), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 4), destructiveResultsToNames(r.destructiveUpdate));
});
