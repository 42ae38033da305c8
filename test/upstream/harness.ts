// Upstream: hashicorp/nomad scheduler/reconcile_test.go at dccea99f7e (its helpers).
//
// What upstream's reconciler tests share: the update blocks they assign, the
// allocation-update functions they hand the reconciler, the name and result
// helpers, assertResults, and newReconciler, the one place these tests call
// the engine. Names follow upstream's in camelCase so that a test reads line
// for line beside its Go original.

import { expect } from 'vitest';
import { reconcile } from '../../src/engine/v0.12/reconcile.ts';
import { MINUTE, SECOND, newDesiredUpdates } from '../../src/engine/structs.ts';
import type {
  Allocation,
  Deployment,
  DeploymentStatusUpdate,
  DesiredUpdates,
  Instant,
  Job,
  Node,
  UpdateStrategy,
} from '../../src/engine/structs.ts';
import type {
  AllocDestructiveResult,
  AllocPlaceResult,
  AllocStopResult,
  AllocUpdateDecision,
  AllocUpdateFn,
  ReconcileResults,
  ReconcilerInput,
} from '../../src/engine/types.ts';
import { copyAllocSkipJob, uuid } from './mock.ts';
import { documentMismatch, expectSameThroughDocument } from './viaDocument.ts';

// ---------------------------------------------------------------------------
// Update blocks

/**
 * canaryUpdate is the update block of upstream's canary tests: two canaries,
 * two at a time. It is frozen because upstream shares one pointer between
 * tests; a test that wants to change it takes a copy first (canaryUpdate.Copy()).
 */
export const canaryUpdate: Readonly<UpdateStrategy> = Object.freeze({
  Canary: 2,
  MaxParallel: 2,
  HealthCheck: 'checks',
  MinHealthyTime: 10 * SECOND,
  HealthyDeadline: 10 * MINUTE,
  ProgressDeadline: 0,
  AutoRevert: false,
  AutoPromote: false,
  Stagger: 31 * SECOND,
});

/** noCanaryUpdate is the rolling update block of upstream's tests: four at a time, no canaries; frozen like canaryUpdate. */
export const noCanaryUpdate: Readonly<UpdateStrategy> = Object.freeze({
  Canary: 0,
  MaxParallel: 4,
  HealthCheck: 'checks',
  MinHealthyTime: 10 * SECOND,
  HealthyDeadline: 10 * MINUTE,
  ProgressDeadline: 0,
  AutoRevert: false,
  AutoPromote: false,
  Stagger: 31 * SECOND,
});

// ---------------------------------------------------------------------------
// Allocation update functions

/** allocUpdateFnIgnore says every allocation can stay as it is. */
export const allocUpdateFnIgnore: AllocUpdateFn = () => ({ ignore: true, destructive: false, updated: null });

/** allocUpdateFnDestructive says every allocation must be replaced. */
export const allocUpdateFnDestructive: AllocUpdateFn = () => ({ ignore: false, destructive: true, updated: null });

/**
 * allocUpdateFnInplace says every allocation can be updated in place and
 * returns the updated allocation: a copy sharing the old job. Upstream also
 * recomputes the copy's allocated resources from the new group; the engine
 * models no allocated resources, so the copy is all there is.
 */
export const allocUpdateFnInplace: AllocUpdateFn = (existing): AllocUpdateDecision => ({
  ignore: false,
  destructive: false,
  updated: copyAllocSkipJob(existing),
});

/**
 * allocUpdateFnMock decides per allocation: the function registered for its
 * ID in handled, or unhandled for every other allocation.
 */
export function allocUpdateFnMock(
  handled: ReadonlyMap<string, AllocUpdateFn>,
  unhandled: AllocUpdateFn,
): AllocUpdateFn {
  return (existing, newJob, newTG) => {
    const fn = handled.get(existing.ID);
    return fn ? fn(existing, newJob, newTG) : unhandled(existing, newJob, newTG);
  };
}

// ---------------------------------------------------------------------------
// Names

const allocationIndexRegex = /^.+\[(\d+)\]$/s;

/** allocNameToIndex reads the index out of an allocation name such as `job.web[3]`; a name without one counts as 0. */
export function allocNameToIndex(name: string): number {
  const m = allocationIndexRegex.exec(name);
  if (!m) return 0;
  const index = Number(m[1]);
  return Number.isSafeInteger(index) ? index : 0;
}

/**
 * assertNamesHaveIndexes checks that the names carry exactly the given
 * indexes, as a multiset: each index as many times as it is listed, in any
 * order, and no other.
 */
export function assertNamesHaveIndexes(indexes: readonly number[], names: readonly string[]): void {
  const remaining = new Map<number, number>();
  for (const i of indexes) remaining.set(i, (remaining.get(i) ?? 0) + 1);
  const all = `\nAll names: ${JSON.stringify(names)}`;
  for (const n of names) {
    const index = allocNameToIndex(n);
    const left = remaining.get(index);
    expect(left, `Unexpected index ${index} from name ${n}${all}`).toBeDefined();
    expect(left!, `Index ${index} repeated too many times${all}`).toBeGreaterThan(0);
    remaining.set(index, left! - 1);
  }
  for (const [index, left] of remaining) {
    expect(left, `Index ${index} has ${left} remaining uses expected${all}`).toBe(0);
  }
}

/** assertNoCanariesStopped checks that no stop result stops one of the deployment's placed canaries. */
export function assertNoCanariesStopped(d: Deployment, stop: readonly AllocStopResult[]): void {
  const canaries = new Set<string>();
  for (const state of d.TaskGroups.values()) for (const id of state.PlacedCanaries) canaries.add(id);
  for (const s of stop) {
    expect(
      canaries.has(s.alloc.ID),
      `Stopping canary alloc ${JSON.stringify(s.alloc.ID)} ${JSON.stringify(s.alloc.Name)}`,
    ).toBe(false);
  }
}

/**
 * assertPlaceResultsHavePreviousAllocs checks that no name is placed twice
 * and that exactly numPrevious placements replace a previous allocation, each
 * of the same name.
 */
export function assertPlaceResultsHavePreviousAllocs(numPrevious: number, place: readonly AllocPlaceResult[]): void {
  const names = new Set<string>();
  let found = 0;
  for (const p of place) {
    expect(names.has(p.name), `Name ${JSON.stringify(p.name)} already placed`).toBe(false);
    names.add(p.name);
    if (p.previousAlloc === null) continue;
    expect(
      p.previousAlloc.Name,
      `Name mismatch on previous alloc; got ${JSON.stringify(p.previousAlloc.Name)}; want ${JSON.stringify(p.name)}`,
    ).toBe(p.name);
    found++;
  }
  expect(found, `wanted ${numPrevious}; got ${found} placements with previous allocs`).toBe(numPrevious);
}

/**
 * assertPlacementsAreRescheduled checks that no name is placed twice and that
 * exactly numRescheduled placements replace a previous allocation and are
 * marked as reschedules.
 */
export function assertPlacementsAreRescheduled(numRescheduled: number, place: readonly AllocPlaceResult[]): void {
  const names = new Set<string>();
  let found = 0;
  for (const p of place) {
    expect(names.has(p.name), `Name ${JSON.stringify(p.name)} already placed`).toBe(false);
    names.add(p.name);
    if (p.previousAlloc === null) continue;
    if (p.reschedule) found++;
  }
  expect(found, `wanted ${numRescheduled}; got ${found} placements that are rescheduled`).toBe(numRescheduled);
}

/**
 * intRange expands inclusive pairs: intRange(0, 2, 7, 8) is [0, 1, 2, 7, 8].
 * An odd number of arguments gives an empty list, as upstream's gives nil.
 */
export function intRange(...pairs: number[]): number[] {
  if (pairs.length % 2 !== 0) return [];
  const r: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    for (let j = pairs[i]!; j <= pairs[i + 1]!; j++) r.push(j);
  }
  return r;
}

/** placeResultsToNames lists the names of the placements. */
export function placeResultsToNames(place: readonly AllocPlaceResult[]): string[] {
  return place.map((p) => p.name);
}

/** destructiveResultsToNames lists the names the destructive updates place. */
export function destructiveResultsToNames(destructive: readonly AllocDestructiveResult[]): string[] {
  return destructive.map((d) => d.placeName);
}

/** stopResultsToNames lists the names of the stopped allocations. */
export function stopResultsToNames(stop: readonly AllocStopResult[]): string[] {
  return stop.map((s) => s.alloc.Name);
}

/** attributeUpdatesToNames lists the names of the annotated allocations. */
export function attributeUpdatesToNames(attributeUpdates: ReadonlyMap<string, Allocation>): string[] {
  return [...attributeUpdates.values()].map((a) => a.Name);
}

/** allocsToNames lists the names of the allocations. */
export function allocsToNames(allocs: readonly Allocation[]): string[] {
  return allocs.map((a) => a.Name);
}

// ---------------------------------------------------------------------------
// assertResults

/**
 * ResultExpectation is upstream's resultExpectation. Counts left out are 0;
 * deploymentUpdates left out is none (upstream's nil); desiredTGUpdates gives
 * per group only the counts that are not 0.
 */
export interface ResultExpectation {
  createDeployment?: Deployment | null;
  deploymentUpdates?: DeploymentStatusUpdate[];
  place?: number;
  destructive?: number;
  inplace?: number;
  attributeUpdates?: number;
  stop?: number;
  desiredTGUpdates: Record<string, Partial<DesiredUpdates>>;
}

/**
 * assertResults compares a result with an expectation as upstream does: the
 * created deployment field by field except its ID, the deployment updates
 * exactly, the number of each kind of decision, and the annotations of every
 * group (the same groups on both sides, every count equal).
 */
export function assertResults(r: ReconcileResults, exp: ResultExpectation): void {
  const want = exp.createDeployment ?? null;
  if (want !== null && r.deployment === null) {
    expect.fail('Expect a created deployment got none');
  } else if (want === null && r.deployment !== null) {
    expect.fail(`Expect no created deployment; got ${describeDeployment(r.deployment)}`);
  } else if (want !== null && r.deployment !== null) {
    // The created deployment's ID is generated, so it is left out of the comparison.
    expect({ ...r.deployment, ID: '' }, 'Unexpected createdDeployment').toEqual({ ...want, ID: '' });
  }

  expect(r.deploymentUpdates, 'Expected Deployment Updates').toEqual(exp.deploymentUpdates ?? []);
  expect(r.place, 'Expected Placements').toHaveLength(exp.place ?? 0);
  expect(r.destructiveUpdate, 'Expected Destructive').toHaveLength(exp.destructive ?? 0);
  expect(r.inplaceUpdate, 'Expected Inplace Updates').toHaveLength(exp.inplace ?? 0);
  expect(r.attributeUpdates.size, 'Expected Attribute Updates').toBe(exp.attributeUpdates ?? 0);
  expect(r.stop, 'Expected Stops').toHaveLength(exp.stop ?? 0);

  const wantTG: Record<string, DesiredUpdates> = {};
  for (const [group, counts] of Object.entries(exp.desiredTGUpdates)) {
    wantTG[group] = { ...newDesiredUpdates(), ...counts };
  }
  expect(Object.fromEntries(r.desiredTGUpdates), 'Expected Desired TG Update Annotations').toEqual(wantTG);
}

// describeDeployment prints a deployment for a failure message (its groups are a Map, which JSON would drop).
function describeDeployment(d: Deployment): string {
  return JSON.stringify({ ...d, TaskGroups: Object.fromEntries(d.TaskGroups) });
}

// ---------------------------------------------------------------------------
// The reconciler

/**
 * TestReconciler stands in for upstream's allocReconciler as its tests use
 * it: set `now` (as they set reconciler.now), then compute.
 */
export interface TestReconciler {
  /** now is the evaluation time; it starts as the wall clock at creation, as upstream's does. */
  now: Instant;
  /** compute runs the reconciler on the inputs given to newReconciler. */
  compute(): ReconcileResults;
}

/**
 * newReconciler is upstream's NewAllocReconciler, without the logger. A
 * tainted map of null means no tainted nodes; a null job is upstream's nil
 * job, one that was purged. Every test reaches the engine through here.
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
): TestReconciler {
  const reconciler: TestReconciler = {
    now: wallClockNow(),
    compute: () => {
      const input: ReconcilerInput = {
        allocUpdateFn: updateFn,
        batch,
        jobID,
        job,
        deployment,
        existingAllocs: allocs,
        taintedNodes: tainted ?? new Map(),
        evalID,
        now: reconciler.now,
        generateID: uuid,
      };
      // The engine promises to leave its inputs alone (upstream copies the
      // deployment, and tests read their inputs afterwards), so hold it to that.
      const before = structuredClone({ job, deployment, allocs, tainted });
      const r = reconcile(input);
      expect({ job, deployment, allocs, tainted }, 'reconcile changed its inputs').toEqual(before);

      // Where the setup fits the scenario contract, it must give the same
      // result when written as a document, read back and reconciled.
      const setup = {
        updateFn,
        batch,
        jobID,
        job,
        deployment,
        allocs,
        tainted: input.taintedNodes,
        evalID,
        now: reconciler.now,
      };
      if (documentMismatch(setup) === null) {
        expectSameThroughDocument(setup, (generateID) => reconcile({ ...input, generateID }));
      }
      return r;
    },
  };
  return reconciler;
}

/** wallClockNow is the current time as Unix nanoseconds (to the millisecond), upstream's time.Now(). */
export function wallClockNow(): Instant {
  return Date.now() * 1e6;
}
