// The node drainer (nomad/drainer at dccea99f7e). Its job watcher makes a
// pass over every draining job (a job with allocations left on a draining
// node) when a drain starts and then whenever an allocation of any draining
// job is written: per group it marks for migration as many allocations on
// draining nodes as the group has healthy allocations above
// count − migrate.max_parallel (an allocation with a health report counts,
// healthy or not, until the servers stop it). The marks are not written at
// once: the drainer gathers them for BATCH_UPDATE_INTERVAL and then writes
// them together with a node-drain evaluation per job, and no pass runs until
// they are written. At a drain's deadline everything left is marked the same
// way. Batch allocations are never marked before the deadline. A node with
// nothing left running finishes its drain and stays ineligible.
//
// Why max_parallel holds for a job alone, and when it does not: after the
// write, the next write to the job's allocations is its own evaluation's
// plan, which stops the marked allocations, so the next pass counts them
// gone. When other jobs drain too, another job's plan can be written first;
// that wakes a pass that still counts this job's marked allocations healthy
// and marks more of them, as a real cluster did.

import {
  type Allocation,
  type Instant,
  EvalTriggerNodeDrain,
  JobTypeBatch,
  SECOND,
  lookupTaskGroup,
  terminalStatus,
} from '../engine/structs.ts';
import { type JobState, type SimState, findAlloc, jobOfAlloc } from './state.ts';
import type { SimLog } from './happenings.ts';
import { enqueueEval, replaceAlloc, replaceNode } from './stateWrites.ts';
import { later } from './math.ts';

/** BATCH_UPDATE_INTERVAL is how long the drainer gathers migration marks before it writes them. */
export const BATCH_UPDATE_INTERVAL = SECOND;

/** nextDrainTime is when the drainer next acts by itself: its batch's write or a drain's deadline to come; null when neither is. */
export function nextDrainTime(state: SimState): Instant | null {
  let next: Instant | null = state.drainer.batch?.commitAt ?? null;
  for (const t of state.drains.values()) if (t > state.now && (next === null || t < next)) next = t;
  return next;
}

/** startDrainWatch makes the drainer look at the cluster at once, as its node watcher does when a drain starts. */
export function startDrainWatch(state: SimState): void {
  state.drainer.wake = true;
}

/** runDrainer writes a batch that is due, makes a pass when one is due, and finishes drains that are done. */
export function runDrainer(state: SimState, log: SimLog): void {
  commitBatch(state, log);
  if (state.drains.size === 0) return;
  const scan = scanDrains(state);
  if (state.drainer.batch === null) {
    const writes = scan.draining.reduce((n, js) => n + js.writes, 0);
    if (state.drainer.wake || writes !== state.drainer.seen || scan.pastDeadline) {
      state.drainer.wake = false;
      state.drainer.seen = writes;
      pass(state, scan.draining);
    }
  }
  finishDrains(state, scan.busy, log);
}

// DrainScan is what one look over every allocation tells the drainer.
interface DrainScan {
  /** draining are the jobs with allocations still running on a draining node. */
  draining: JobState[];
  /** busy are the draining nodes with allocations still running. */
  busy: Set<string>;
  /** pastDeadline is set when a drain's deadline has passed with allocations on its node not yet marked. */
  pastDeadline: boolean;
}

// scanDrains looks at every allocation once.
function scanDrains(state: SimState): DrainScan {
  const scan: DrainScan = { draining: [], busy: new Set(), pastDeadline: false };
  for (const js of state.jobs) {
    let draining = false;
    for (const a of js.allocs) {
      const deadline = state.drains.get(a.NodeID);
      if (deadline === undefined || terminalStatus(a)) continue;
      draining = true;
      scan.busy.add(a.NodeID);
      if (deadline <= state.now && !a.DesiredTransition.Migrate) scan.pastDeadline = true;
    }
    if (draining) scan.draining.push(js);
  }
  return scan;
}

// pass is the job watcher's handleJob over the draining jobs, then the
// deadline notifier: the allocations to mark join the drainer's batch.
function pass(state: SimState, draining: readonly JobState[]): void {
  const marks: string[] = [];
  for (const js of draining) {
    if (js.job.Type === JobTypeBatch) continue;
    for (const tg of js.job.TaskGroups) {
      let healthy = 0;
      const drainable: string[] = [];
      for (const a of js.allocs) {
        if (a.TaskGroup !== tg.Name || terminalStatus(a)) continue;
        if (a.DeploymentStatus?.Healthy != null) healthy++;
        if (state.drains.has(a.NodeID) && !a.DesiredTransition.Migrate) drainable.push(a.ID);
      }
      const maxParallel = lookupTaskGroup(js.job, tg.Name)?.Migrate?.MaxParallel ?? 1;
      const numToDrain = Math.min(drainable.length, healthy - (tg.Count - maxParallel));
      for (let i = 0; i < numToDrain; i++) marks.push(drainable[i]!);
    }
  }
  for (const js of state.jobs) {
    for (const a of js.allocs) {
      const deadline = state.drains.get(a.NodeID);
      if (deadline !== undefined && deadline <= state.now && !terminalStatus(a) && !a.DesiredTransition.Migrate)
        marks.push(a.ID);
    }
  }
  const unique = [...new Set(marks)];
  if (unique.length > 0) state.drainer.batch = { commitAt: later(state.now, BATCH_UPDATE_INTERVAL), allocIDs: unique };
}

// commitBatch writes the batch's marks once it is due, with one node-drain
// evaluation per job it concerns (jobs by ID: Go visits them in random order).
function commitBatch(state: SimState, log: SimLog): void {
  const batch = state.drainer.batch;
  if (batch === null || batch.commitAt > state.now) return;
  state.drainer.batch = null;
  const byJob = new Map<JobState, Allocation[]>();
  for (const id of batch.allocIDs) {
    const a = findAlloc(state, id);
    const js = jobOfAlloc(state, id);
    if (a === undefined || js === undefined || terminalStatus(a)) continue;
    replaceAlloc(state, { ...a, DesiredTransition: { ...a.DesiredTransition, Migrate: true } });
    byJob.set(js, [...(byJob.get(js) ?? []), a]);
  }
  const jobs = [...byJob.keys()].sort((a, b) => (a.job.ID < b.job.ID ? -1 : a.job.ID > b.job.ID ? 1 : 0));
  for (const js of jobs) {
    const marked = byJob.get(js)!;
    log.note(state, `the drainer marks ${marked.map((a) => a.Name).join(', ')} for migration`, {
      Kind: 'drain-marked',
      Allocs: marked.map((a) => ({ ID: a.ID, Name: a.Name, JobVersion: a.Job.Version })),
    });
    enqueueEval(
      state,
      js,
      EvalTriggerNodeDrain,
      `the drainer marked ${marked.length} allocation(s) of ${js.job.ID} for migration`,
    );
  }
  // The drainer's own write does not wake it: it waits for the next one.
  state.drainer.seen = scanDrains(state).draining.reduce((n, js) => n + js.writes, 0);
}

// finishDrains ends the drain of every node with nothing left running on it (NodesDrainComplete).
function finishDrains(state: SimState, busy: ReadonlySet<string>, log: SimLog): void {
  for (const nodeID of [...state.drains.keys()]) {
    if (busy.has(nodeID)) continue;
    state.drains.delete(nodeID);
    const node = state.nodes.find((n) => n.ID === nodeID);
    if (node !== undefined) replaceNode(state, { ...node, Drain: false });
    log.note(state, `${node?.Name || nodeID} finished draining and stays ineligible`, {
      Kind: 'node-drained',
      NodeID: nodeID,
      Name: node?.Name || nodeID,
    });
  }
}
