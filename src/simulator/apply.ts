// Carrying out a person's event on the simulated cluster, as the Nomad API
// call it stands for would: a node's status or drain changes and the
// evaluations Nomad makes for it are queued; a client reports an
// allocation (of any job); an operator changes the scenario's job or its
// deployment.

import {
  type Allocation,
  type Node,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusRun,
  NodeStatusDisconnected,
  NodeStatusDown,
  clientTerminalStatus,
  deploymentActive,
  NodeStatusReady,
  rescheduleEligible,
  allocReschedulePolicy,
  terminalStatus,
  EvalTriggerJobDeregister,
  EvalTriggerJobRegister,
  EvalTriggerNodeUpdate,
  EvalTriggerRetryFailedAlloc,
  EvalTriggerScaling,
  nodeTerminalStatus,
} from '../engine/structs.ts';
import {
  clientCompletes,
  clientFails,
  clientForget,
  clientNeverHealthy,
  clientStops,
  clientWatch,
} from './allocRunner.ts';
import { givenUpNodes, missedHeartbeatStatus } from './heartbeat.ts';
import { startDrainWatch } from './drainer.ts';
import { DEFAULT_DRAIN_DEADLINE, type SimEvent } from '../scenario/events.ts';
import { readEditedJob, registerJob, scaledJob } from './jobs.ts';
import { type EventProblem, eventProblem } from './eventProblem.ts';
import { unblockEvals } from './planApply.ts';
import type { SimLog } from './happenings.ts';
import { type SimState, findAlloc, jobOfAlloc, latestDeployment, mainJob } from './state.ts';
import { enqueueEval, replaceAlloc, replaceNode } from './stateWrites.ts';
import { later } from './math.ts';
import { failDeploymentByUser, pauseDeployment, promoteDeployment, watchHealth } from './watcher.ts';

/**
 * applyEvent carries out one event now. It returns null, or the problem
 * that kept the event from changing anything (an unknown node, a deployment
 * that has ended, …), which the timeline shows beside the event.
 */
export function applyEvent(state: SimState, event: SimEvent, log: SimLog): EventProblem | null {
  switch (event.Kind) {
    case 'node-down':
    case 'node-up':
    case 'node-drain':
    case 'node-ineligible':
    case 'node-eligible':
      return applyNodeEvent(state, event, log);
    case 'alloc-fail':
    case 'alloc-unhealthy':
    case 'alloc-complete':
      return applyAllocEvent(state, event.Kind, event.AllocID, log);
    case 'deployment-promote':
    case 'deployment-fail':
    case 'deployment-pause':
    case 'deployment-resume': {
      // The API refuses commands on a deployment that has ended.
      const js = mainJob(state);
      const d = latestDeployment(js);
      if (d === null) return eventProblem({ code: 'no-deployment' });
      if (!deploymentActive(d)) return eventProblem({ code: 'deployment-ended', status: d.Status });
      if (event.Kind === 'deployment-promote') return promoteDeployment(state, js, d, log);
      if (event.Kind === 'deployment-fail') failDeploymentByUser(state, js, d, log);
      else pauseDeployment(state, js, d, event.Kind === 'deployment-pause', log);
      return null;
    }
    case 'job-scale':
    case 'job-stop':
    case 'job-start':
    case 'job-update':
      return applyJobEvent(state, event, log);
  }
}

// applyNodeEvent changes a node. Down and up make a node-update evaluation
// for each job with allocations on the node (Node.UpdateStatus,
// createNodeEvals); a drain marks the node ineligible and hands it to the
// drainer; a node that becomes usable again unblocks blocked evaluations.
function applyNodeEvent(
  state: SimState,
  event: Extract<SimEvent, { NodeID: string }>,
  log: SimLog,
): EventProblem | null {
  const node = state.nodes.find((n) => n.ID === event.NodeID);
  if (node === undefined) return eventProblem({ code: 'unknown-node', subject: event.NodeID });
  const label = node.Name || node.ID;
  switch (event.Kind) {
    case 'node-down': {
      if (nodeTerminalStatus(node)) return eventProblem({ code: 'node-already-down', subject: label });
      if (node.Status === NodeStatusDisconnected)
        return eventProblem({ code: 'node-already-disconnected', subject: label });
      // The client stops heartbeating: the servers decide what that means.
      const status = missedHeartbeatStatus(state, node);
      replaceNode(state, { ...node, Status: status });
      // A client that cannot reach the servers reports nothing more.
      for (const js of state.jobs) for (const a of js.allocs) if (a.NodeID === node.ID) clientForget(state, a.ID);
      if (status === NodeStatusDisconnected) {
        log.note(state, `${label} missed its heartbeats: disconnected, its allocations may reconnect`, {
          Kind: 'node-disconnected',
          NodeID: node.ID,
          Name: label,
        });
        createNodeEvals(state, node.ID, `${label} disconnected`);
      } else {
        log.note(state, `${label} is down`, { Kind: 'node-down', NodeID: node.ID, Name: label });
        createNodeEvals(state, node.ID, `${label} went down`);
      }
      return null;
    }
    case 'node-up':
      if (node.Status === NodeStatusReady) return eventProblem({ code: 'node-already-ready', subject: label });
      if (node.Status === NodeStatusDisconnected) {
        reconnectClient(state, node, log);
        return null;
      }
      replaceNode(state, { ...node, Status: NodeStatusReady });
      log.note(state, `${label} is ready again`, { Kind: 'node-ready', NodeID: node.ID, Name: label });
      createNodeEvals(state, node.ID, `${label} became ready`);
      unblockEvals(state, `${label} became ready`);
      return null;
    case 'node-drain':
      if (node.Drain) return eventProblem({ code: 'node-already-draining', subject: label });
      replaceNode(state, { ...node, Drain: true, SchedulingEligibility: 'ineligible' });
      state.drains.set(node.ID, later(state.now, event.Deadline ?? DEFAULT_DRAIN_DEADLINE));
      startDrainWatch(state);
      log.note(state, `${label} starts draining`, { Kind: 'node-draining', NodeID: node.ID, Name: label });
      return null;
    case 'node-ineligible':
      if (node.SchedulingEligibility === 'ineligible')
        return eventProblem({ code: 'node-already-ineligible', subject: label });
      replaceNode(state, { ...node, SchedulingEligibility: 'ineligible' });
      log.note(state, `${label} is ineligible for new allocations`, {
        Kind: 'node-ineligible',
        NodeID: node.ID,
        Name: label,
      });
      return null;
    case 'node-eligible':
      if (node.Drain) return eventProblem({ code: 'node-draining', subject: label });
      if (node.SchedulingEligibility === 'eligible')
        return eventProblem({ code: 'node-already-eligible', subject: label });
      replaceNode(state, { ...node, SchedulingEligibility: 'eligible' });
      log.note(state, `${label} is eligible again`, { Kind: 'node-eligible', NodeID: node.ID, Name: label });
      unblockEvals(state, `${label} became eligible`);
      return null;
  }
}

// applyAllocEvent is a client's report. A failure queues an alloc-failure
// evaluation when the policy still allows a reschedule (Node.UpdateAlloc),
// and inside a deployment the watcher hears of the unhealthy allocation.
function applyAllocEvent(
  state: SimState,
  kind: 'alloc-fail' | 'alloc-unhealthy' | 'alloc-complete',
  allocID: string,
  log: SimLog,
): EventProblem | null {
  const alloc = findAlloc(state, allocID);
  if (alloc === undefined) return eventProblem({ code: 'unknown-alloc', subject: allocID });
  if (terminalStatus(alloc)) return eventProblem({ code: 'alloc-stopped', subject: alloc.Name });
  const node = state.nodes.find((n) => n.ID === alloc.NodeID);
  if (node === undefined || nodeTerminalStatus(node))
    return eventProblem({ code: 'alloc-node-down', subject: alloc.Name });
  if (node.Status === NodeStatusDisconnected)
    return eventProblem({ code: 'alloc-node-disconnected', subject: alloc.Name });
  if (kind === 'alloc-unhealthy') {
    if (alloc.DeploymentStatus?.Healthy != null)
      return eventProblem({ code: 'alloc-health-reported', subject: alloc.Name });
    if (!state.client.has(alloc.ID)) clientWatch(state, alloc);
    clientNeverHealthy(state, alloc, log);
    return null;
  }
  if (kind === 'alloc-complete') {
    clientCompletes(state, alloc, log);
    unblockEvals(state, `${alloc.Name} completed and freed room`);
    return null;
  }
  const report = clientFails(state, alloc, log);
  const failed = findAlloc(state, allocID)!;
  if (failed.FollowupEvalID === '' && rescheduleEligible(failed, allocReschedulePolicy(failed), state.now)) {
    enqueueEval(state, jobOfAlloc(state, allocID)!, EvalTriggerRetryFailedAlloc, `${alloc.Name} failed`);
  }
  if (report !== null) watchHealth(state, [report], log);
  unblockEvals(state, `${alloc.Name} failed and freed room`);
  return null;
}

// applyJobEvent registers a new job version and queues its evaluation, as
// `nomad job scale`, `nomad job stop`, `nomad job run` do. Registering the
// same specification again still evaluates the job.
function applyJobEvent(
  state: SimState,
  event: Extract<SimEvent, { Kind: `job-${string}` }>,
  log: SimLog,
): EventProblem | null {
  const js = mainJob(state);
  let spec = js.job;
  let trigger = EvalTriggerJobRegister;
  switch (event.Kind) {
    case 'job-scale': {
      const scaled = scaledJob(js.job, event.TaskGroup, event.Count);
      if ('code' in scaled) return scaled;
      spec = scaled;
      trigger = EvalTriggerScaling;
      break;
    }
    case 'job-stop':
      if (js.job.Stop) return eventProblem({ code: 'job-already-stopped' });
      spec = { ...js.job, Stop: true };
      trigger = EvalTriggerJobDeregister;
      break;
    case 'job-start':
      if (!js.job.Stop) return eventProblem({ code: 'job-already-running' });
      spec = { ...js.job, Stop: false };
      break;
    case 'job-update': {
      const edited = readEditedJob(js.job, event.Job);
      if ('code' in edited) return edited;
      spec = edited;
      break;
    }
  }
  const changed = registerJob(state, js, spec);
  log.note(state, changed ? `job version ${js.job.Version} is registered` : 'the job is registered again, unchanged', {
    Kind: changed ? 'job-registered' : 'job-unchanged',
    JobVersion: js.job.Version,
  });
  enqueueEval(state, js, trigger, describeJobEvent(event));
  return null;
}

// reconnectClient is a disconnected client heartbeating again: it reports
// its allocations as they run (those the servers marked unknown are running
// again, and keep the unknown entry the reconciler looks for), stops those
// the servers stopped meanwhile, and its node is ready; each job on it is
// evaluated, and the reconciler decides which of an allocation and its
// replacement stays.
function reconnectClient(state: SimState, node: Node, log: SimLog): void {
  const label = node.Name || node.ID;
  replaceNode(state, { ...node, Status: NodeStatusReady });
  for (const js of state.jobs) {
    for (const a of js.allocs) {
      if (a.NodeID !== node.ID || clientTerminalStatus(a)) continue;
      if (a.DesiredStatus !== AllocDesiredStatusRun) {
        replaceAlloc(state, clientStops(a, state.now));
        continue;
      }
      let reported: Allocation = a;
      if (a.ClientStatus === AllocClientStatusUnknown) {
        reported = { ...a, ClientStatus: AllocClientStatusRunning, ModifyTime: state.now };
        replaceAlloc(state, reported);
      }
      clientWatch(state, reported);
    }
  }
  log.note(state, `${label} is back: it reconnects`, { Kind: 'node-reconnected', NodeID: node.ID, Name: label });
  createNodeEvals(state, node.ID, `${label} reconnected`);
  unblockEvals(state, `${label} reconnected`);
}

/**
 * giveUpOnDisconnectedNodes marks down each disconnected node whose
 * allocations can no longer reconnect (upstream's next missed heartbeat),
 * and evaluates the jobs on it.
 */
export function giveUpOnDisconnectedNodes(state: SimState, log: SimLog): void {
  for (const node of givenUpNodes(state)) {
    const label = node.Name || node.ID;
    replaceNode(state, { ...node, Status: NodeStatusDown });
    log.note(state, `${label} is down: none of its allocations may reconnect any more`, {
      Kind: 'node-down',
      NodeID: node.ID,
      Name: label,
    });
    createNodeEvals(state, node.ID, `${label} went down`);
  }
}

// createNodeEvals queues a node-update evaluation for every job with allocations on the node.
function createNodeEvals(state: SimState, nodeID: string, why: string): void {
  for (const js of state.jobs) {
    if (js.allocs.some((a) => a.NodeID === nodeID)) enqueueEval(state, js, EvalTriggerNodeUpdate, why);
  }
}

// describeJobEvent says in words what the operator did.
function describeJobEvent(event: Extract<SimEvent, { Kind: `job-${string}` }>): string {
  switch (event.Kind) {
    case 'job-scale':
      return `group ${JSON.stringify(event.TaskGroup)} scaled to ${event.Count}`;
    case 'job-stop':
      return 'the job was stopped';
    case 'job-start':
      return 'the job was started again';
    case 'job-update':
      return 'the job was edited';
  }
}
