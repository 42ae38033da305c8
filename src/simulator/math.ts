// Small arithmetic on the simulator's numbers and instants.

import type { Duration, Instant } from '../engine/structs.ts';

/** maxOf is the largest of the numbers, or `floor` when there are none; it takes any number of them, unlike Math.max's arguments. */
export function maxOf(values: Iterable<number>, floor: number): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}

/**
 * later is the instant `d` after `t`, on a microsecond grid: instants are
 * Unix nanoseconds in doubles, which hold only multiples of 256 ns today,
 * and sums of fractions of a second would otherwise drift (…23.4600003 s).
 */
export function later(t: Instant, d: Duration): Instant {
  return Math.round((t + d) / 1e3) * 1e3;
}
