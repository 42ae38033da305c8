// The defaults of Nomad's API canonicalisation (api/jobs.go, api/tasks.go,
// api/resources.go at dccea99f7e) that the reader fills into absent fields.
// Each is a function returning a fresh object, so no two jobs share one.

import {
  DEFAULT_KILL_TIMEOUT,
  type Duration,
  HOUR,
  type JobType,
  JobTypeBatch,
  MINUTE,
  type MigrateStrategy,
  type ReschedulePolicy,
  SECOND,
  type UpdateStrategy,
} from '../../engine/structs.ts';

/** defaultUpdateStrategy is what an `update` block that is present has in the fields it leaves out. */
export function defaultUpdateStrategy(): UpdateStrategy {
  return {
    Stagger: 30 * SECOND,
    MaxParallel: 1,
    HealthCheck: 'checks',
    MinHealthyTime: 10 * SECOND,
    HealthyDeadline: 5 * MINUTE,
    ProgressDeadline: 10 * MINUTE,
    AutoRevert: false,
    AutoPromote: false,
    Canary: 0,
  };
}

/** defaultReschedulePolicy is the reschedule policy of a group of the given job type, for the fields neither the group nor the job sets. */
export function defaultReschedulePolicy(type: JobType): ReschedulePolicy {
  if (type === JobTypeBatch) {
    return {
      Attempts: 1,
      Interval: 24 * HOUR,
      Delay: 5 * SECOND,
      DelayFunction: 'constant',
      MaxDelay: 0,
      Unlimited: false,
    };
  }
  return {
    Attempts: 0,
    Interval: 0,
    Delay: 30 * SECOND,
    DelayFunction: 'exponential',
    MaxDelay: HOUR,
    Unlimited: true,
  };
}

/** defaultMigrateStrategy is what a `migrate` block has in the fields it leaves out; service groups without one get it whole. */
export function defaultMigrateStrategy(): MigrateStrategy {
  return { MaxParallel: 1, HealthCheck: 'checks', MinHealthyTime: 10 * SECOND, HealthyDeadline: 5 * MINUTE };
}

/** DEFAULT_COUNT is a group's count when it gives none. */
export const DEFAULT_COUNT = 1;
/** DEFAULT_CPU is a task's CPU ask in MHz when it gives none. */
export const DEFAULT_CPU = 100;
/** DEFAULT_MEMORY_MB is a task's memory ask when it gives none. */
export const DEFAULT_MEMORY_MB = 300;
/** DEFAULT_DISK_MB is a group's ephemeral disk size when it gives none. */
export const DEFAULT_DISK_MB = 300;
/** DEFAULT_NETWORK_MBITS is a network's bandwidth ask when it gives none. */
export const DEFAULT_NETWORK_MBITS = 10;
/** DEFAULT_DEVICE_COUNT is how many of a device a task asks for when it gives no count. */
export const DEFAULT_DEVICE_COUNT = 1;
/** DEFAULT_TASK_KILL_TIMEOUT is a task's kill timeout when it gives none. */
export const DEFAULT_TASK_KILL_TIMEOUT: Duration = DEFAULT_KILL_TIMEOUT;
/** DEFAULT_PRIORITY is a job's priority when it gives none. */
export const DEFAULT_PRIORITY = 50;
/** DEFAULT_NAMESPACE is a job's namespace when it gives none. */
export const DEFAULT_NAMESPACE = 'default';
/** DEFAULT_REGION is a job's region when it gives none. */
export const DEFAULT_REGION = 'global';

/** MAX_COUNT is the largest group count, and the largest allocation index, the playground models (the engine keeps a bitmap that large). */
export const MAX_COUNT = 1_000_000;
