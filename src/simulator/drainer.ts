// The node drainer (nomad/drainer at dccea99f7e): for each draining node it
// marks allocations for migration a few at a time, so that at most
// `migrate.max_parallel` of a group are on the move: a group may lose only
// as many as it has healthy allocations above count − max_parallel. At the
// drain's deadline everything left is marked at once. Batch allocations are
// never marked before the deadline. A node with nothing left running
// finishes its drain and stays ineligible.

import {
  EvalTriggerNodeDrain,
  type Instant,
  JobTypeBatch,
  lookupTaskGroup,
  terminalStatus,
} from '../engine/structs.ts';
import { type SimLog, type SimState, enqueueEval, findAlloc, replaceAlloc, replaceNode } from './state.ts';

/** nextDrainDeadline is the earliest deadline of a drain still under way, or null. */
export function nextDrainDeadline(state: SimState): Instant | null {
  let next: Instant | null = null;
  for (const t of state.drains.values()) if (next === null || t < next) next = t;
  return next;
}

/** runDrainer marks what may migrate now, applies passed deadlines and finishes drains that are done. */
export function runDrainer(state: SimState, log: SimLog): void {
  if (state.drains.size === 0) return;
  const batch = state.job.Type === JobTypeBatch;
  const marked: string[] = [];
  const mark = (id: string) => {
    const a = findAlloc(state, id)!;
    replaceAlloc(state, { ...a, DesiredTransition: { ...a.DesiredTransition, Migrate: true } });
    marked.push(a.Name);
  };

  for (const [nodeID, deadline] of state.drains) {
    if (deadline > state.now) continue;
    for (const a of state.allocs) if (a.NodeID === nodeID && !terminalStatus(a) && !a.DesiredTransition.Migrate) mark(a.ID);
  }

  // Until the scheduler has acted on the last marks, the marked allocations
  // still count as healthy; Nomad's drainer is saved from counting them twice
  // by the scheduler being quicker than its next pass, the simulator by waiting.
  const waiting = state.evals.some((e) => e.TriggeredBy === EvalTriggerNodeDrain && e.Status === 'pending');
  if (!batch && !waiting) {
    for (const tg of state.job.TaskGroups) {
      let healthy = 0;
      const drainable: string[] = [];
      for (const a of state.allocs) {
        if (a.TaskGroup !== tg.Name || terminalStatus(a)) continue;
        if (a.DeploymentStatus?.Healthy != null) healthy++;
        if (state.drains.has(a.NodeID) && !a.DesiredTransition.Migrate) drainable.push(a.ID);
      }
      const maxParallel = lookupTaskGroup(state.job, tg.Name)?.Migrate?.MaxParallel ?? 1;
      const numToDrain = Math.min(drainable.length, healthy - (tg.Count - maxParallel));
      for (let i = 0; i < numToDrain; i++) mark(drainable[i]!);
    }
  }

  if (marked.length > 0) {
    log.note(state, `the drainer marks ${marked.join(', ')} for migration`);
    enqueueEval(state, EvalTriggerNodeDrain, `the drainer marked ${marked.length} allocation(s) for migration`);
  }

  for (const nodeID of [...state.drains.keys()]) {
    if (state.allocs.some((a) => a.NodeID === nodeID && !terminalStatus(a))) continue;
    state.drains.delete(nodeID);
    const node = state.nodes.find((n) => n.ID === nodeID);
    if (node !== undefined) replaceNode(state, { ...node, Drain: false });
    log.note(state, `${node?.Name || nodeID} finished draining and stays ineligible`, { NodeID: nodeID });
  }
}
