// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5 (its helpers).
//
// What v1.6.5's reconciler tests share beyond the dccea99f7e helpers, which
// fit unchanged and are re-exported from test/upstream/harness.ts: the
// result expectation with its disconnect and reconnect counts, the builders
// of allocations on disconnected nodes, and newReconciler, the one place
// these tests call the 1.6 engine.
//
// Unlike the 0.12 harness, a setup is not also run through the scenario
// document: the reader for 1.6 documents is written elsewhere.

import { expect } from 'vitest';
import { reconcile } from '../../src/engine/v1.6/reconcile.ts';
import { MINUTE, NodeStatusDisconnected } from '../../src/engine/structs.ts';
import type { Allocation, Deployment, Instant, Job, Node } from '../../src/engine/structs.ts';
import type { AllocUpdateFn } from '../../src/engine/types.ts';
import type { ReconcileResults } from '../../src/engine/v1.6/types.ts';
import { assertResults as assertResults012, wallClockNow } from '../upstream/harness.ts';
import type { ResultExpectation as ResultExpectation012 } from '../upstream/harness.ts';
import { existingAllocs, mockJob, mockNode, uuid } from './mock.ts';

export {
  allocNameToIndex,
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  allocUpdateFnInplace,
  allocUpdateFnMock,
  allocsToNames,
  assertNamesHaveIndexes,
  assertNoCanariesStopped,
  assertPlaceResultsHavePreviousAllocs,
  assertPlacementsAreRescheduled,
  attributeUpdatesToNames,
  canaryUpdate,
  destructiveResultsToNames,
  intRange,
  noCanaryUpdate,
  placeResultsToNames,
  stopResultsToNames,
  wallClockNow,
} from '../upstream/harness.ts';

/** ResultExpectation is v1.6.5's resultExpectation: the 0.12 one plus the disconnect and reconnect counts (left out: 0). */
export interface ResultExpectation extends ResultExpectation012 {
  disconnectUpdates?: number;
  reconnectUpdates?: number;
}

/**
 * assertResults compares a result with an expectation as v1.6.5 does: every
 * check of the 0.12 assertResults, and the number of allocations marked
 * unknown (disconnectUpdates) and of those reconnecting (reconnectUpdates).
 */
export function assertResults(r: ReconcileResults, exp: ResultExpectation): void {
  assertResults012(r, exp);
  expect(r.reconnectUpdates.size, 'Expected Reconnect Updates').toBe(exp.reconnectUpdates ?? 0);
  expect(r.disconnectUpdates.size, 'Expected Disconnect Updates').toBe(exp.disconnectUpdates ?? 0);
}

/**
 * TestReconciler stands in for v1.6.5's allocReconciler as its tests use it:
 * set `now` (as they set reconciler.now), then compute.
 */
export interface TestReconciler {
  /** now is the evaluation time; it starts as the wall clock at creation, as upstream's does. */
  now: Instant;
  /** compute runs the reconciler on the inputs given to newReconciler. */
  compute(): ReconcileResults;
}

/**
 * newReconciler is v1.6.5's NewAllocReconciler without the logger: the 0.12
 * arguments, then the priority of the evaluation (given to follow-up
 * evaluations and a created deployment) and whether every server supports
 * disconnected clients. A tainted map of null means no tainted nodes.
 */
export function newReconciler(
  updateFn: AllocUpdateFn,
  batch: boolean,
  jobID: string,
  job: Job | null,
  deployment: Deployment | null,
  allocs: readonly Allocation[],
  tainted: ReadonlyMap<string, Node | null> | null,
  evalID: string,
  evalPriority: number,
  supportsDisconnectedClients: boolean,
): TestReconciler {
  const reconciler: TestReconciler = {
    now: wallClockNow(),
    compute: () => {
      // The engine promises to leave its inputs alone, so hold it to that.
      const before = structuredClone({ job, deployment, allocs, tainted });
      const r = reconcile({
        allocUpdateFn: updateFn,
        batch,
        jobID,
        job,
        deployment,
        existingAllocs: allocs,
        taintedNodes: tainted ?? new Map(),
        evalID,
        evalPriority,
        supportsDisconnectedClients,
        now: reconciler.now,
        generateID: uuid,
      });
      expect({ job, deployment, allocs, tainted }, 'reconcile changed its inputs').toEqual(before);
      return r;
    },
  };
  return reconciler;
}

// ---------------------------------------------------------------------------
// Disconnected clients

/**
 * buildAllocations makes count allocations of the job's first group, the
 * i-th named with index i, each on its own node, with the given statuses and
 * a score of nodeScore on that node.
 */
export function buildAllocations(
  job: Job,
  count: number,
  clientStatus: Allocation['ClientStatus'],
  desiredStatus: Allocation['DesiredStatus'],
  nodeScore: number,
): Allocation[] {
  const allocs = existingAllocs(job, count);
  for (const alloc of allocs) {
    alloc.ClientStatus = clientStatus;
    alloc.DesiredStatus = desiredStatus;
    alloc.Metrics = {
      ScoreMetaData: [{ NodeID: alloc.NodeID, NormScore: nodeScore, Scores: { [alloc.NodeID]: nodeScore } }],
    };
  }
  return allocs;
}

/** buildDisconnectedNodes marks the nodes of the first count allocations disconnected. */
export function buildDisconnectedNodes(allocs: readonly Allocation[], count: number): Map<string, Node | null> {
  return taintNodes(allocs, count, () => ({ ...mockNode(), Status: NodeStatusDisconnected }));
}

/**
 * taintNodes maps the nodes of the first count allocations to tainted nodes
 * of the same IDs, each built by makeNode.
 */
export function taintNodes(
  allocs: readonly Allocation[],
  count: number,
  makeNode: () => Node,
): Map<string, Node | null> {
  const tainted = new Map<string, Node | null>();
  for (const alloc of allocs.slice(0, count)) tainted.set(alloc.NodeID, { ...makeNode(), ID: alloc.NodeID });
  return tainted;
}

/**
 * buildResumableAllocations makes a job of count instances whose group may
 * stay disconnected for five minutes, and its allocations (buildAllocations).
 */
export function buildResumableAllocations(
  count: number,
  clientStatus: Allocation['ClientStatus'],
  desiredStatus: Allocation['DesiredStatus'],
  nodeScore: number,
): { job: Job; allocs: Allocation[] } {
  const job = mockJob();
  job.TaskGroups[0]!.MaxClientDisconnect = 5 * MINUTE;
  job.TaskGroups[0]!.Count = count;
  return { job, allocs: buildAllocations(job, count, clientStatus, desiredStatus, nodeScore) };
}
