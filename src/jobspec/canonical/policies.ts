// The policies a group inherits from its job or takes from Nomad's defaults:
// update, reschedule, migrate and restart, as api/jobs.go and api/tasks.go
// at dccea99f7e canonicalise them.

import { HOUR, MINUTE, SECOND } from '../../engine/structs.ts';
import { defaultMigrateStrategy, defaultReschedulePolicy, defaultUpdateStrategy } from './defaults.ts';
import { type Obj, fillAll, isNil, isObj, mergeOver } from './values.ts';

/** canonicalUpdate fills an update block's absent fields with DefaultUpdateStrategy's (UpdateStrategy.Canonicalize). */
export function canonicalUpdate(u: Obj): Obj {
  fillAll(u, defaultUpdateStrategy() as unknown as Obj);
  return u;
}

/** updateIsEmpty is UpdateStrategy.Empty: nothing set but zeroes, so a group does not inherit it. */
export function updateIsEmpty(u: Obj | null): boolean {
  if (u === null) return true;
  const nonZero = (k: string) => !isNil(u[k]) && u[k] !== 0 && u[k] !== '' && u[k] !== false;
  return ![
    'Stagger',
    'MaxParallel',
    'HealthCheck',
    'MinHealthyTime',
    'HealthyDeadline',
    'ProgressDeadline',
    'AutoRevert',
    'AutoPromote',
    'Canary',
  ].some(nonZero);
}

/**
 * groupUpdate is a group's update strategy (in TaskGroup.Canonicalize): the
 * job's with the group's fields over it, or the job's alone when the group
 * has none and the job's is not empty; then its defaults. Null: none.
 */
export function groupUpdate(job: Obj | null, group: Obj | null): Obj | null {
  let u: Obj | null;
  if (job !== null && group !== null) u = mergeOver(job, group);
  else if (job !== null && !updateIsEmpty(job)) u = { ...job };
  else u = group;
  return u === null ? null : canonicalUpdate(u);
}

/** newDefaultReschedulePolicy is NewDefaultReschedulePolicy: service and batch have their own, any other type all zeroes. */
export function newDefaultReschedulePolicy(type: string): Obj {
  if (type === 'service' || type === 'batch') return defaultReschedulePolicy(type) as unknown as Obj;
  return { Attempts: 0, Interval: 0, Delay: 0, DelayFunction: '', MaxDelay: 0, Unlimited: false };
}

/** groupReschedule is a group's reschedule policy: the group's over the job's, the type's default for a system job's none, then filled. */
export function groupReschedule(job: Obj | null, group: Obj | null, type: string): Obj | null {
  let p: Obj | null = group;
  if (job !== null) p = group !== null ? mergeOver(job, group) : { ...job };
  if (p === null && type !== 'system') p = newDefaultReschedulePolicy(type);
  if (p !== null) fillAll(p, newDefaultReschedulePolicy(type));
  return p;
}

/** groupMigrate is a group's migrate strategy: the group's over the job's; a service group with neither gets an empty one; then filled. */
export function groupMigrate(job: Obj | null, group: Obj | null, type: string): Obj | null {
  let m: Obj | null = group;
  if (job !== null) m = group !== null ? mergeOver(job, group) : { ...job };
  if (m === null && type === 'service') m = {};
  if (m !== null) fillAll(m, defaultMigrateStrategy() as unknown as Obj);
  return m;
}

/** defaultRestartPolicy is the restart policy of a group of a job type: service and system restart twice in 30 minutes, the rest thrice a day. */
export function defaultRestartPolicy(type: string): Obj {
  if (type === 'service' || type === 'system')
    return { Delay: 15 * SECOND, Attempts: 2, Interval: 30 * MINUTE, Mode: 'fail' };
  return { Delay: 15 * SECOND, Attempts: 3, Interval: 24 * HOUR, Mode: 'fail' };
}

/** groupRestart is a group's restart policy: its own fields over the job type's default. */
export function groupRestart(group: unknown, type: string): Obj {
  const d = defaultRestartPolicy(type);
  return isObj(group) ? mergeOver(d, group) : d;
}

/** taskRestart is a task's restart policy: the group's, with the task's own fields over it. */
export function taskRestart(task: unknown, group: Obj): Obj {
  return isObj(task) ? mergeOver(group, task) : { ...group };
}
