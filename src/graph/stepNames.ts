// The steps of computeGroup in plain words, for a reader who does not know
// upstream's code: the explanation and every card's "why" name a step this
// way first, with upstream's function name beside it.

import type { ReconcilerStep } from '../engine/types.ts';

/**
 * STEP_NAMES says what each step of the reconciler does, in a few plain
 * words. A Record, so that a step added to ReconcilerStep without a name
 * does not compile (and test/graph/why.test.ts checks the list in types.ts).
 */
export const STEP_NAMES: Readonly<Record<ReconcilerStep, string>> = {
  start: 'Gather the group’s allocations',
  'removed group': 'Stop a group the job no longer has',
  handleStop: 'Stop everything of a stopped job',
  filterOldTerminalAllocs: 'Set aside finished allocations of older versions',
  handleGroupCanaries: 'Sort out the canaries',
  filterByTainted: 'Look at each allocation’s node (draining, down)',
  filterByRescheduleable: 'Decide which failed allocations to replace, now or later',
  delayByStopAfterClientDisconnect: 'Wait for a disconnected client to stop its allocations',
  computeStop: 'Stop what is over the count',
  computeUpdates: 'Compare each allocation with the job being scheduled',
  computePlacements: 'Place what the count lacks',
  computeGroup: 'Apply the deployment’s limits',
  reconcileReconnecting: 'Keep or stop what a returning client runs',
  createTimeoutLaterEvals: 'Give disconnected allocations until max_client_disconnect',
};

/**
 * upstreamName is the name upstream's code gives a step, shown beside its
 * plain name: '' for the group's allocations before any step (no function of
 * upstream's), computeGroup's own branch for a removed group.
 */
export function upstreamName(step: ReconcilerStep): string {
  if (step === 'start') return '';
  if (step === 'removed group') return 'computeGroup';
  return step;
}

/** stepName is a step's plain name; a step the table does not know (from an older trace) keeps its own name. */
export function stepName(step: string): string {
  return (STEP_NAMES as Readonly<Record<string, string>>)[step] ?? step;
}
