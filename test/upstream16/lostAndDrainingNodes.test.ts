// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5,
// TestReconciler_LostNode through TestReconciler_DrainNode_ScaleDown.
//
// Allocations on down nodes (lost: stopped and replaced) and on draining
// nodes (migrated: replaced, the replacement pointing back at the original),
// alone and while the group scales.

import { test } from 'vitest';
import { NodeStatusDown } from '../../src/engine/structs.ts';
import type { Allocation, Node } from '../../src/engine/structs.ts';
import {
  allocUpdateFnIgnore,
  assertNamesHaveIndexes,
  assertPlaceResultsHavePreviousAllocs,
  assertPlacementsAreRescheduled,
  assertResults,
  intRange,
  newReconciler,
  placeResultsToNames,
  stopResultsToNames,
  taintNodes,
} from './harness.ts';
import { existingAllocs, mockDrainNode, mockJob, mockNode } from './mock.ts';

// downNodes marks the nodes of the first n allocations down.
function downNodes(allocs: Allocation[], n: number): Map<string, Node | null> {
  return taintNodes(allocs, n, () => ({ ...mockNode(), Status: NodeStatusDown }));
}

// drainingNodes puts the nodes of the first n allocations into drain (1.6's
// mock.DrainNode: a drain strategy) and marks those allocations for
// migration, as the drainer does.
function drainingNodes(allocs: Allocation[], n: number): Map<string, Node | null> {
  for (const alloc of allocs.slice(0, n)) alloc.DesiredTransition.Migrate = true;
  return taintNodes(allocs, n, mockDrainNode);
}

// Two of ten allocations are on down nodes: they stop and are placed again under the same names.
test('TestReconciler_LostNode', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 10);
  const tainted = downNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Stop: 2, Ignore: 8 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
});

// Lost allocations are replaced alongside the new instances of a count raised to 15.
test('TestReconciler_LostNode_ScaleUp', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 15;
  const allocs = existingAllocs(job, 10);
  const tainted = downNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 7,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 7, Stop: 2, Ignore: 8 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 1, 10, 14), placeResultsToNames(r.place));
});

// With the count lowered to 5, lost allocations count towards the stops and are not replaced.
test('TestReconciler_LostNode_ScaleDown', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 5;
  const allocs = existingAllocs(job, 10);
  const tainted = downNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 5,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Stop: 5, Ignore: 5 } },
  });

  assertNamesHaveIndexes(intRange(0, 1, 7, 9), stopResultsToNames(r.stop));
});

// Two allocations on draining nodes migrate: stopped, and placed again with the original as previous allocation.
test('TestReconciler_DrainNode', () => {
  const job = mockJob();
  const allocs = existingAllocs(job, 10);
  const tainted = drainingNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Migrate: 2, Ignore: 8 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(2, r.place);
  // A migration is not a reschedule.
  assertPlacementsAreRescheduled(0, r.place);
});

// Migrations alongside the new instances of a count raised to 15.
test('TestReconciler_DrainNode_ScaleUp', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 15;
  const allocs = existingAllocs(job, 10);
  const tainted = drainingNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 7,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 5, Migrate: 2, Ignore: 8 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 1, 10, 14), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(2, r.place);
  // A migration is not a reschedule.
  assertPlacementsAreRescheduled(0, r.place);
});

// Three allocations drain while the count drops to 8: two of them simply stop, one migrates.
test('TestReconciler_DrainNode_ScaleDown', () => {
  const job = mockJob();
  job.TaskGroups[0]!.Count = 8;
  const allocs = existingAllocs(job, 10);
  const tainted = drainingNodes(allocs, 3);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 3,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Migrate: 1, Stop: 2, Ignore: 7 } },
  });

  assertNamesHaveIndexes(intRange(0, 2), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 0), placeResultsToNames(r.place));
  assertPlaceResultsHavePreviousAllocs(1, r.place);
  // A migration is not a reschedule.
  assertPlacementsAreRescheduled(0, r.place);
});
