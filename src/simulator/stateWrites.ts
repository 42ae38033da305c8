// The only ways the simulator changes its state: an allocation added or
// replaced (with the running totals kept by account), a deployment or node
// replaced, an evaluation queued. Each makes a new object in the old one's
// place, so that earlier snapshots stay as they were.

import {
  type Allocation,
  type Deployment,
  type Instant,
  type Node,
  ZERO_TIME,
  isHealthy,
  terminalStatus,
} from '../engine/structs.ts';
import { countAlloc } from './placement.ts';
import type { JobState, QueuedEval, SimState } from './state.ts';

/** addAlloc records a new allocation of a job, last. */
export function addAlloc(state: SimState, js: JobState, alloc: Allocation): void {
  state.allocPlace.set(alloc.ID, { js, pos: js.allocs.length });
  js.allocs.push(alloc);
  js.writes++;
  account(state, js, alloc, 1);
}

/** replaceAlloc puts a changed copy of an allocation in its place. */
export function replaceAlloc(state: SimState, updated: Allocation): void {
  const place = state.allocPlace.get(updated.ID);
  if (place === undefined) throw new Error(`replaceAlloc: no allocation ${updated.ID}`);
  account(state, place.js, place.js.allocs[place.pos]!, -1);
  place.js.allocs[place.pos] = updated;
  place.js.writes++;
  account(state, place.js, updated, 1);
}

/**
 * account adds (sign 1) or takes back (sign −1) what an allocation counts
 * for in the cluster's running totals: the room a live one holds on its
 * node, its group's count there, and whether it is healthy in its
 * deployment. Every write goes through it, so the totals are never
 * recounted from all allocations.
 */
export function account(state: SimState, js: JobState, a: Allocation, sign: 1 | -1): void {
  countAlloc({ used: state.used, groupsOnNode: js.groupsOnNode }, a, sign, true);
  if (a.DeploymentID === '' || terminalStatus(a) || !isHealthy(a.DeploymentStatus)) return;
  let groups = js.healthyLive.get(a.DeploymentID);
  if (groups === undefined) {
    groups = new Map();
    js.healthyLive.set(a.DeploymentID, groups);
  }
  groups.set(a.TaskGroup, (groups.get(a.TaskGroup) ?? 0) + sign);
}

/** replaceDeployment puts a changed copy of a deployment in its place. */
export function replaceDeployment(js: JobState, updated: Deployment): void {
  const i = js.deployments.findIndex((d) => d.ID === updated.ID);
  if (i < 0) throw new Error(`replaceDeployment: no deployment ${updated.ID}`);
  js.deployments[i] = updated;
}

/** replaceNode puts a changed copy of a node in its place. */
export function replaceNode(state: SimState, updated: Node): void {
  const i = state.nodes.findIndex((n) => n.ID === updated.ID);
  if (i < 0) throw new Error(`replaceNode: no node ${updated.ID}`);
  state.nodes[i] = updated;
}

/** enqueueEval adds an evaluation for a job. */
export function enqueueEval(
  state: SimState,
  js: JobState,
  triggeredBy: string,
  why: string,
  waitUntil: Instant = ZERO_TIME,
  id?: string,
): QueuedEval {
  const evaluation: QueuedEval = {
    ID: id ?? state.nextID(),
    JobID: js.job.ID,
    TriggeredBy: triggeredBy,
    WaitUntil: waitUntil,
    Status: 'pending',
    Why: why,
  };
  state.evals.push(evaluation);
  return evaluation;
}
