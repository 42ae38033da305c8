// The work a scenario may ask of the engine and of the simulator, checked
// on the read scenario before either starts, so that no document (a shared
// link above all) can make the page hold gigabytes or freeze. The film's
// own budget (simulator/budget.ts) is held again at every evaluation, where
// an event may grow the cluster. The text's
// own budget (length, nesting, values) is checked earlier, by the reader
// (scenario/json.ts); what the views draw is bounded where they draw it
// (the lane's aggregate cards, graph/lane.ts, and the graph's card budget,
// ui/layout/GraphSlot.tsx). Each limit is named in the
// message, with how far the scenario is over it.

import { type Allocation, terminalStatus } from '../engine/structs.ts';
import type { Scenario } from '../scenario/read.ts';
import { allocationsOver, askedFor } from '../simulator/budget.ts';

/**
 * BUDGETS are the limits, in one table so that the page, the tests and the
 * README agree on them. A million placements reconcile in about 3 s and
 * keep the page's renderer under 700 MB; a film copies the cluster at
 * every step, so the simulator takes less (its table is SIM_BUDGET,
 * simulator/budget.ts).
 */
export const BUDGETS = {
  /** placements is the most allocations a job may ask for in all (Count summed over its groups). */
  placements: 1_000_000,
  /**
   * graphCards is the most allocation cards the graph draws one by one (it
   * is measured with 5,000; 10,000 cards took a minute and 900 MB to draw);
   * a larger cluster's result is read in the plan and the explanation.
   */
  graphCards: 6_000,
} as const;

const n = (v: number) => v.toLocaleString('en-US');

/** engineBudget says why the engine should not reconcile a scenario, or null when it may. */
export function engineBudget(scenario: Scenario): string | null {
  const asked = askedFor(scenario.Job);
  if (asked <= BUDGETS.placements) return null;
  return (
    `The job asks for ${n(asked)} allocations in all (Count summed over its ${scenario.Job.TaskGroups.length} groups), ` +
    `${n(asked - BUDGETS.placements)} more than the ${n(BUDGETS.placements)} the playground reconciles at once.`
  );
}

/**
 * simulatorBudget says why a scenario's rollout should not be simulated (too
 * many allocations, its other jobs' included), or null when it may; the
 * simulator holds the same budget at every evaluation after.
 */
export function simulatorBudget(scenario: Scenario): string | null {
  const others = scenario.OtherJobs ?? [];
  const live = (allocs: readonly Allocation[]) => allocs.filter((a) => !terminalStatus(a)).length;
  const running = others.reduce((sum, o) => sum + live(o.Allocations), live(scenario.Allocations));
  const asked = others.reduce((sum, o) => sum + askedFor(o.Job), askedFor(scenario.Job));
  const over = allocationsOver(running, asked);
  return over === null ? null : `${over.Message.slice(0, -1)}; a single reconciliation still works.`;
}

/** graphBudget says why the graph does not draw a cluster card by card (too many allocations), or null when it does. */
export function graphBudget(allocations: number): string | null {
  if (allocations <= BUDGETS.graphCards) return null;
  return (
    `This cluster has ${n(allocations)} allocations, ${n(allocations - BUDGETS.graphCards)} more than the ${n(BUDGETS.graphCards)} the graph draws one by one, ` +
    'so it is not drawn: the Plan, Explanation and JSON tabs show the result.'
  );
}
