// The work a film may take, held at every evaluation and not only at the
// start: an event can grow the cluster (a job-scale to a million, a job
// edit, an OtherJobs job) long after the scenario passed its first check.
// Each limit ends the film where it is passed, with a typed reason that
// names the budget and how far over it the film went; the evaluations
// before stay as they were.

import type { Job } from '../engine/structs.ts';

/** SimBudget is what a film may ask for; tests pass smaller ones. */
export interface SimBudget {
  /**
   * allocations is the most allocations an evaluation may handle: the live
   * ones (not yet stopped, failed, lost or complete) of every job, plus those
   * every job asks for. Stopped allocations pile up over a film (each
   * replacement leaves one); they cost far less than live ones, and what
   * they cost is counted as work.
   */
  allocations: number;
  /** events is the most events a rollout's Events list may hold. */
  events: number;
  /**
   * work is the most allocation-evaluations a film may take: the
   * allocations (all that exist, stopped ones included, and those asked
   * for) of every evaluation, summed. An evaluation's cost grows with the
   * cluster it copies and reconciles, so this counts what the film costs
   * without a clock.
   */
  work: number;
}

/**
 * SIM_BUDGET is the budget of a film on the page and on the command line.
 * A million allocation-evaluations (fifty evaluations of twenty thousand,
 * two hundred of five thousand) took 0.8 s for a rollout of 10,000 and
 * 3 to 9 s for storms of scale events, which place and stop thousands at
 * every evaluation, on a 2-core machine under a load of 10: inside the
 * page's time limit of 20 s.
 */
export const SIM_BUDGET: SimBudget = { allocations: 20_000, events: 1_000, work: 1_000_000 };

/** BudgetName names a film's limit: one of SimBudget's, or the wall-clock time limit a caller sets. */
export type BudgetName = keyof SimBudget | 'time';

/** OverBudget says which limit a film passed, by how much, and in words. */
export interface OverBudget {
  Budget: BudgetName;
  /** Limit is the budget (for time, in milliseconds). */
  Limit: number;
  /** Asked is what the film would have taken had it gone on (for time, the milliseconds it had taken). */
  Asked: number;
  /** Message says so in a sentence. */
  Message: string;
}

/** TimeLimit stops a film that takes longer than `ms` milliseconds by `clock`, checked between its steps. */
export interface TimeLimit {
  ms: number;
  clock: () => number;
}

const n = (v: number) => v.toLocaleString('en-US');

/** askedFor is the number of allocations a job asks for: its groups' counts, summed. */
export function askedFor(job: Job): number {
  let sum = 0;
  for (const g of job.TaskGroups) sum += g.Count;
  return sum;
}

/** eventsOver says why an Events list of `count` events is too long to simulate, or null. */
export function eventsOver(count: number, budget: SimBudget = SIM_BUDGET): OverBudget | null {
  if (count <= budget.events) return null;
  return {
    Budget: 'events',
    Limit: budget.events,
    Asked: count,
    Message: `The rollout has ${n(count)} events, ${n(count - budget.events)} more than the ${n(budget.events)} the simulator takes.`,
  };
}

/** allocationsOver says why a cluster of `live` allocations whose jobs ask for `asked` is too large to simulate, or null. */
export function allocationsOver(
  live: number,
  asked: number,
  budget: SimBudget = SIM_BUDGET,
  when = 'Simulating this rollout',
): OverBudget | null {
  const all = live + asked;
  if (all <= budget.allocations) return null;
  return {
    Budget: 'allocations',
    Limit: budget.allocations,
    Asked: all,
    Message:
      `${when} would handle ${n(all)} allocations (${n(live)} live and ${n(asked)} asked for), ` +
      `${n(all - budget.allocations)} more than the ${n(budget.allocations)} the simulator takes.`,
  };
}

/** workOver says why a film that has taken `work` allocation-evaluations may not take the next evaluation's `next`, or null. */
export function workOver(work: number, next: number, index: number, budget: SimBudget = SIM_BUDGET): OverBudget | null {
  const all = work + next;
  if (all <= budget.work) return null;
  return {
    Budget: 'work',
    Limit: budget.work,
    Asked: all,
    Message:
      `Evaluation ${index} would bring the film to ${n(all)} allocation-evaluations (allocations handled, summed over its evaluations), ` +
      `${n(all - budget.work)} more than the ${n(budget.work)} the simulator takes.`,
  };
}

/** timeOver says why a film that started at `started` (by the limit's clock) must stop now, or null. */
export function timeOver(limit: TimeLimit | undefined, started: number): OverBudget | null {
  if (limit === undefined) return null;
  const took = limit.clock() - started;
  if (took <= limit.ms) return null;
  return {
    Budget: 'time',
    Limit: limit.ms,
    Asked: took,
    Message: `The rollout took longer than ${n(limit.ms / 1000)} s (${n(Math.round(took))} ms), so it was stopped.`,
  };
}
