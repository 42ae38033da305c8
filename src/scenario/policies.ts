// A group's update, reschedule and migrate policies: read as given (absent
// fields stay absent), merged with the job's, then filled with Nomad's
// defaults, in the order upstream's TaskGroup.Canonicalize does it.

import type { JobType, MigrateStrategy, ReschedulePolicy, UpdateStrategy } from '../engine/structs.ts';
import {
  defaultMigrateStrategy,
  defaultReschedulePolicy,
  defaultUpdateStrategy,
} from '../jobspec/canonical/defaults.ts';
import { type Reader, readBool, readCount, readDuration, readEnum, readObject, readString } from './fields.ts';
import { childPath } from './path.ts';

/** PartialUpdate is an `update` block as written: it has only the fields that were given (not null). */
export type PartialUpdate = Partial<UpdateStrategy>;
/** PartialReschedule is a `reschedule` block as written. */
export type PartialReschedule = Partial<ReschedulePolicy>;
/** PartialMigrate is a `migrate` block as written. */
export type PartialMigrate = Partial<MigrateStrategy>;

/** DELAY_FUNCTIONS are the reschedule delay functions Nomad knows; "" is allowed and acts as constant. */
export const DELAY_FUNCTIONS = ['constant', 'exponential', 'fibonacci', ''] as const;

/** readPartialUpdate reads the `update` block in field `key` of `parent`; null when absent. */
export function readPartialUpdate(r: Reader, value: unknown, parent: string, key: string): PartialUpdate | null {
  const o = readObject(r, value, parent, key);
  if (o === null) return null;
  const path = childPath(parent, key);
  const u: PartialUpdate = {};
  if (o.Stagger != null) u.Stagger = readDuration(r, o.Stagger, path, 'Stagger', 0);
  if (o.MaxParallel != null) u.MaxParallel = readCount(r, o.MaxParallel, path, 'MaxParallel', 0);
  if (o.HealthCheck != null) u.HealthCheck = readString(r, o.HealthCheck, path, 'HealthCheck', '');
  if (o.MinHealthyTime != null) u.MinHealthyTime = readDuration(r, o.MinHealthyTime, path, 'MinHealthyTime', 0);
  if (o.HealthyDeadline != null) u.HealthyDeadline = readDuration(r, o.HealthyDeadline, path, 'HealthyDeadline', 0);
  if (o.ProgressDeadline != null) u.ProgressDeadline = readDuration(r, o.ProgressDeadline, path, 'ProgressDeadline', 0);
  if (o.AutoRevert != null) u.AutoRevert = readBool(r, o.AutoRevert, path, 'AutoRevert', false);
  if (o.AutoPromote != null) u.AutoPromote = readBool(r, o.AutoPromote, path, 'AutoPromote', false);
  if (o.Canary != null) u.Canary = readCount(r, o.Canary, path, 'Canary', 0);
  return u;
}

// updateIsEmpty reports whether a written update block sets nothing but
// zeroes, as upstream's api UpdateStrategy.Empty: a job-level block like that
// (what a batch job's `nomad job inspect` prints) is not inherited.
function updateIsEmpty(u: PartialUpdate): boolean {
  return (
    !u.Stagger &&
    !u.MaxParallel &&
    !u.HealthCheck &&
    !u.MinHealthyTime &&
    !u.HealthyDeadline &&
    !u.ProgressDeadline &&
    !u.AutoRevert &&
    !u.AutoPromote &&
    !u.Canary
  );
}

/**
 * groupUpdate is a group's update strategy: the job's block with the
 * group's fields over it, or the job's alone when the group has none and the
 * job's sets something; then Nomad's defaults fill what neither gives. A
 * group with neither has none (null: no deployment).
 */
export function groupUpdate(job: PartialUpdate | null, group: PartialUpdate | null): UpdateStrategy | null {
  let merged: PartialUpdate;
  if (group !== null) merged = job !== null ? { ...job, ...group } : group;
  else if (job !== null && !updateIsEmpty(job)) merged = job;
  else return null;
  return { ...defaultUpdateStrategy(), ...merged };
}

/** readPartialReschedule reads the `reschedule` block (ReschedulePolicy, or a job's Reschedule) in field `key` of `parent`. */
export function readPartialReschedule(
  r: Reader,
  value: unknown,
  parent: string,
  key: string,
): PartialReschedule | null {
  const o = readObject(r, value, parent, key);
  if (o === null) return null;
  const path = childPath(parent, key);
  const p: PartialReschedule = {};
  if (o.Attempts != null) p.Attempts = readCount(r, o.Attempts, path, 'Attempts', 0);
  if (o.Interval != null) p.Interval = readDuration(r, o.Interval, path, 'Interval', 0);
  if (o.Delay != null) p.Delay = readDuration(r, o.Delay, path, 'Delay', 0);
  if (o.DelayFunction != null) {
    p.DelayFunction = readEnum(r, o.DelayFunction, path, 'DelayFunction', DELAY_FUNCTIONS, '');
  }
  if (o.MaxDelay != null) p.MaxDelay = readDuration(r, o.MaxDelay, path, 'MaxDelay', 0);
  if (o.Unlimited != null) p.Unlimited = readBool(r, o.Unlimited, path, 'Unlimited', false);
  return p;
}

/** groupReschedulePolicy is a group's reschedule policy: the group's fields over the job's, the rest from the job type's defaults. */
export function groupReschedulePolicy(
  job: PartialReschedule | null,
  group: PartialReschedule | null,
  type: JobType,
): ReschedulePolicy {
  const policy = defaultReschedulePolicy(type);
  if (job !== null) Object.assign(policy, job);
  if (group !== null) Object.assign(policy, group);
  return policy;
}

/** readPartialMigrate reads the `migrate` block in field `key` of `parent`. */
export function readPartialMigrate(r: Reader, value: unknown, parent: string, key: string): PartialMigrate | null {
  const o = readObject(r, value, parent, key);
  if (o === null) return null;
  const path = childPath(parent, key);
  const m: PartialMigrate = {};
  if (o.MaxParallel != null) m.MaxParallel = readCount(r, o.MaxParallel, path, 'MaxParallel', 0);
  if (o.HealthCheck != null) m.HealthCheck = readString(r, o.HealthCheck, path, 'HealthCheck', '');
  if (o.MinHealthyTime != null) m.MinHealthyTime = readDuration(r, o.MinHealthyTime, path, 'MinHealthyTime', 0);
  if (o.HealthyDeadline != null) m.HealthyDeadline = readDuration(r, o.HealthyDeadline, path, 'HealthyDeadline', 0);
  return m;
}

/**
 * groupMigrate is a group's migrate strategy: the group's fields over the
 * job's, the rest from the defaults; a service group with neither gets the
 * defaults whole, a batch group with neither has none.
 */
export function groupMigrate(
  job: PartialMigrate | null,
  group: PartialMigrate | null,
  type: JobType,
): MigrateStrategy | null {
  if (job === null && group === null && type !== 'service') return null;
  const strategy = defaultMigrateStrategy();
  if (job !== null) Object.assign(strategy, job);
  if (group !== null) Object.assign(strategy, group);
  return strategy;
}
