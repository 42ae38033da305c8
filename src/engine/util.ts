// Upstream: hashicorp/nomad scheduler/util.go, the parts that are the same
// at dccea99f7e and v1.6.5: spreadsUpdated, the device comparison, the
// struct comparison both versions' tasksUpdated build on, and the decisions
// genericAllocUpdateFn shares between allocations. Each version's own
// taintedNodes, tasksUpdated and genericAllocUpdateFn are in v0.12/util.ts
// and v1.6/util.ts.

import { hasOwn, jsonEqual } from './jsonEqual.ts';
import { lookupTaskGroup } from './structs.ts';
import type { Affinity, Constraint, EphemeralDisk, Job, RequestedDevice, Spread } from './structs.ts';
import type { AllocUpdateDecision } from './types.ts';

/**
 * Shape names the fields of one of upstream's structs, a nested list of
 * structs as [field, its shape].
 */
export type Shape = readonly (string | readonly [string, Shape])[];

// asStruct keeps of a struct-shaped value (or a list of them) the fields its
// upstream struct has, as Go's decoder would.
function asStruct(v: unknown, shape: Shape): unknown {
  if (Array.isArray(v)) return v.map((x) => asStruct(x, shape));
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of shape) {
    const [name, inner] = typeof field === 'string' ? [field, null] : field;
    if (hasOwn(o, name)) out[name] = inner ? asStruct(o[name], inner) : o[name];
  }
  return out;
}

/** sameStructs compares two struct-shaped values by their upstream fields, an absent field as its zero value. */
export function sameStructs(a: unknown, b: unknown, shape: Shape): boolean {
  return jsonEqual(asStruct(a, shape), asStruct(b, shape), true);
}

/** SPREAD is the fields of upstream's Spread, which spreadsUpdated compares. */
const SPREAD: Shape = ['Attribute', 'Weight', ['SpreadTarget', ['Value', 'Percent']]];

/**
 * spreadsUpdated reports whether the group's spreads changed: job and group
 * spreads are laid end to end and compared as one list, so moving a spread
 * between the two levels is no change.
 */
export function spreadsUpdated(jobA: Job, jobB: Job, taskGroup: string): boolean {
  const collect = (job: Job): Spread[] => {
    const tg = lookupTaskGroup(job, taskGroup);
    return [...(job.Spreads ?? []), ...(tg?.Spreads ?? [])];
  };
  return !sameStructs(collect(jobA), collect(jobB), SPREAD);
}

/**
 * sameFields compares the named fields of two struct-shaped values, an
 * absent field counting as its zero value.
 */
export function sameFields(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): boolean {
  return fields.every((f) => jsonEqual(a[f], b[f], true));
}

/**
 * sameAsSet compares two lists as sets under an equality, as upstream's
 * Constraints.Equals and Affinities.Equals do: same length, and every
 * element of the first has an equal one in the second.
 */
export function sameAsSet<T>(xs: readonly T[], ys: readonly T[], eq: (x: T, y: T) => boolean): boolean {
  if (xs.length !== ys.length) return false;
  return xs.every((x) => ys.some((y) => eq(x, y)));
}

const CONSTRAINT_FIELDS = ['LTarget', 'RTarget', 'Operand'] as const;
/** AFFINITY_FIELDS are the fields upstream's Affinity.Equal compares. */
export const AFFINITY_FIELDS = ['LTarget', 'RTarget', 'Operand', 'Weight'] as const;

// requestedDeviceEqual is upstream's RequestedDevice.Equals: name, count,
// and constraints and affinities compared as sets of their targets and
// operands (and weight, for affinities).
function requestedDeviceEqual(a: RequestedDevice, b: RequestedDevice): boolean {
  return (
    a.Name === b.Name &&
    a.Count === b.Count &&
    sameAsSet<Constraint>(a.Constraints ?? [], b.Constraints ?? [], (x, y) => sameFields(x, y, CONSTRAINT_FIELDS)) &&
    sameAsSet<Affinity>(a.Affinities ?? [], b.Affinities ?? [], (x, y) => sameFields(x, y, AFFINITY_FIELDS))
  );
}

/**
 * devicesEqual is upstream's ResourceDevices.Equals: the device asks are a
 * set keyed by name, so their order does not matter. Like upstream, a name
 * repeated in `a` keeps only its last ask.
 */
export function devicesEqual(
  a: readonly RequestedDevice[] | null | undefined,
  b: readonly RequestedDevice[] | null | undefined,
): boolean {
  const as = a ?? [];
  const bs = b ?? [];
  if (as.length !== bs.length) return false;
  const byName = new Map<string, RequestedDevice>();
  for (const d of as) byName.set(d.Name, d);
  for (const d of bs) {
    const other = byName.get(d.Name);
    if (other === undefined || !requestedDeviceEqual(other, d)) return false;
  }
  return true;
}

/** ephemeralDiskUpdated reports whether the group's ephemeral disk changed: added, removed, or its stickiness, size or migration. */
export function ephemeralDiskUpdated(
  da: EphemeralDisk | null | undefined,
  db: EphemeralDisk | null | undefined,
): boolean {
  if (da == null || db == null) return (da == null) !== (db == null);
  return da.Sticky !== db.Sticky || da.SizeMB !== db.SizeMB || da.Migrate !== db.Migrate;
}

/** sharedDecision is a decision that updates nothing, frozen so that every allocation it is given to can share it. */
export function sharedDecision(d: { ignore: boolean; destructive: boolean; reason: string }): AllocUpdateDecision {
  return Object.freeze({ ...d, updated: null });
}

// The update decisions that depend on nothing but the case.
/** UNCHANGED: the allocation already runs the job's modify index. */
export const UNCHANGED = sharedDecision({ ignore: true, destructive: false, reason: 'job modify index unchanged' });
/** TERMINAL: the allocation is terminal; an in-place update would change nothing. */
export const TERMINAL = sharedDecision({
  ignore: true,
  destructive: false,
  reason: 'alloc is terminal, so an in-place update would change nothing',
});
/** NODE_GONE: the allocation's node no longer exists, so it cannot be updated in place. */
export const NODE_GONE = sharedDecision({ ignore: false, destructive: true, reason: 'node no longer exists' });

/**
 * destructiveChanges remembers, per (new job, old job, group), whether the
 * given tasksUpdatedReason makes the update destructive, as one decision the
 * allocations of that old job version share: they share its Job object, and
 * jobs are never changed while the reconciler runs.
 */
export function destructiveChanges(
  tasksUpdatedReason: (jobA: Job, jobB: Job, taskGroup: string) => string | null,
): (newJob: Job, oldJob: Job, group: string) => AllocUpdateDecision | null {
  let cachedNewJob: Job | null = null;
  let decisions = new WeakMap<Job, Map<string, AllocUpdateDecision | null>>();
  return (newJob, oldJob, group) => {
    if (cachedNewJob !== newJob) {
      cachedNewJob = newJob;
      decisions = new WeakMap();
    }
    let byGroup = decisions.get(oldJob);
    if (byGroup === undefined) {
      byGroup = new Map();
      decisions.set(oldJob, byGroup);
    }
    let decision = byGroup.get(group);
    if (decision === undefined) {
      const reason = tasksUpdatedReason(newJob, oldJob, group);
      decision = reason === null ? null : sharedDecision({ ignore: false, destructive: true, reason });
      byGroup.set(group, decision);
    }
    return decision;
  };
}
