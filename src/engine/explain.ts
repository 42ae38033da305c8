// Plain-language pieces of the reconciler's trace.

import type { Instant } from './structs.ts';
import { formatInstant } from './time.ts';

/** describeTime writes an instant for a reader of the explanation. */
export function describeTime(t: Instant): string {
  return formatInstant(t);
}

/** LimitFacts are the inputs computeLimit looked at. */
export interface LimitFacts {
  limit: number;
  count: number;
  strategyEmpty: boolean;
  destructiveOrMigrate: number;
  paused: boolean;
  failed: boolean;
  canaryState: boolean;
  maxParallel: number;
}

/**
 * describeLimit says which branch of computeLimit produced the limit, so a
 * reader sees why a rolling update does one allocation at a time or none.
 */
export function describeLimit(f: LimitFacts): string {
  if (f.strategyEmpty) return `No update strategy: the limit is the count, ${f.count}.`;
  if (f.destructiveOrMigrate === 0) {
    return `Nothing to replace or migrate: the limit is the count, ${f.count}.`;
  }
  if (f.paused) return 'The deployment is paused: the limit is 0.';
  if (f.failed) return 'The deployment failed: the limit is 0.';
  if (f.canaryState) return 'Canaries await promotion: the limit is 0.';
  if (f.limit === f.maxParallel) return `max_parallel is ${f.maxParallel} and no allocation of the deployment is still unhealthy or pending: the limit is ${f.limit}.`;
  if (f.limit === 0) {
    return `max_parallel is ${f.maxParallel}, but allocations of the deployment are not yet healthy (or one is unhealthy): the limit is 0.`;
  }
  return `max_parallel is ${f.maxParallel}, less ${f.maxParallel - f.limit} allocation(s) of the deployment not yet healthy: the limit is ${f.limit}.`;
}
