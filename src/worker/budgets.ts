// The work a scenario may ask of the engine and of the simulator, checked
// on the read scenario before either starts, so that no document (a shared
// link above all) can make the page hold gigabytes or freeze. The text's
// own budget (length, nesting, values) is checked earlier, by the reader
// (scenario/json.ts); what the views draw is bounded where they draw it
// (the lane's aggregate cards, graph/lane.ts, and the graph's card budget,
// ui/layout/GraphSlot.tsx). Each limit is named in the
// message, with how far the scenario is over it.

import type { Scenario } from '../scenario/read.ts';

/**
 * BUDGETS are the limits, in one table so that the page, the tests and the
 * README agree on them. A million placements reconcile in about 3 s and
 * keep the page's renderer under 700 MB; a film copies the cluster at
 * every step, so the simulator takes less.
 */
export const BUDGETS = {
  /** placements is the most allocations a job may ask for in all (Count summed over its groups). */
  placements: 1_000_000,
  /** simulatedAllocations is the most allocations (existing plus asked for) a rollout is simulated with. */
  simulatedAllocations: 20_000,
  /** events is the most events a rollout's Events list may hold. */
  events: 1_000,
  /**
   * graphCards is the most allocation cards the graph draws one by one (it
   * is measured with 5,000; 10,000 cards took a minute and 900 MB to draw);
   * a larger cluster's result is read in the plan and the explanation.
   */
  graphCards: 6_000,
} as const;

const n = (v: number) => v.toLocaleString('en-US');

// askedFor is the number of allocations a job asks for: its groups' counts, summed.
function askedFor(scenario: Scenario): number {
  return scenario.Job.TaskGroups.reduce((sum, g) => sum + g.Count, 0);
}

/** engineBudget says why the engine should not reconcile a scenario, or null when it may. */
export function engineBudget(scenario: Scenario): string | null {
  const asked = askedFor(scenario);
  if (asked <= BUDGETS.placements) return null;
  return (
    `The job asks for ${n(asked)} allocations in all (Count summed over its ${scenario.Job.TaskGroups.length} groups), ` +
    `${n(asked - BUDGETS.placements)} more than the ${n(BUDGETS.placements)} the playground reconciles at once.`
  );
}

/** eventsBudget says why a rollout's Events list is too long to simulate, or null; it is checked before the list is read. */
export function eventsBudget(events: number): string | null {
  if (events <= BUDGETS.events) return null;
  return `The rollout has ${n(events)} events, ${n(events - BUDGETS.events)} more than the ${n(BUDGETS.events)} the simulator takes.`;
}

/** simulatorBudget says why a scenario's rollout should not be simulated (too many allocations), or null when it may. */
export function simulatorBudget(scenario: Scenario): string | null {
  const allocs = scenario.Allocations.length + askedFor(scenario);
  if (allocs <= BUDGETS.simulatedAllocations) return null;
  return (
    `Simulating this rollout would handle ${n(allocs)} allocations (${n(scenario.Allocations.length)} existing and ${n(askedFor(scenario))} asked for), ` +
    `${n(allocs - BUDGETS.simulatedAllocations)} more than the ${n(BUDGETS.simulatedAllocations)} the simulator takes; a single reconciliation still works.`
  );
}

/** graphBudget says why the graph does not draw a cluster card by card (too many allocations), or null when it does. */
export function graphBudget(allocations: number): string | null {
  if (allocations <= BUDGETS.graphCards) return null;
  return (
    `This cluster has ${n(allocations)} allocations, ${n(allocations - BUDGETS.graphCards)} more than the ${n(BUDGETS.graphCards)} the graph draws one by one, ` +
    'so it is not drawn: the Plan, Explanation and JSON tabs show the result.'
  );
}
