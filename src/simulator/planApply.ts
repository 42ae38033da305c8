// Applying one evaluation's results to the simulated cluster: what the
// generic scheduler does after the reconciler (computeJobAllocs and
// computePlacements in scheduler/generic_sched.go) together with what the
// plan applier and state store then write (nomad/plan_apply.go,
// nomad/state/state_store.go), all at dccea99f7e.

import {
  type Allocation,
  type Deployment,
  type Job,
  type Node,
  type NodeScoreMeta,
  AllocClientStatusLost,
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  AllocClientStatusFailed,
  EvalTriggerMaxDisconnectTimeout,
  EvalTriggerQueuedAllocs,
  deploymentActive,
  isZeroTime,
  nextDelay,
  nodeTerminalStatus,
  serverTerminalStatus,
  terminalStatus,
} from '../engine/structs.ts';
import type { ReconcileResults as ReconcileResults16 } from '../engine/v1.6/types.ts';
import type { RunResults } from '../result/run.ts';
import { clientForget, clientStops, clientWatch } from './allocRunner.ts';
import { downgradedJobForPlacement } from './downgrade.ts';
import { setDeploymentStatus, updateDeploymentWithAllocs } from './deployments.ts';
import type { PlacementFailure } from '../result/failure.ts';
import { type Ask, type RankedNode, PlanningCluster, groupAsk } from './placement.ts';
import { type JobState, type QueuedEval, type SimState, findAlloc, latestDeployment } from './state.ts';
import { type SimLog, allocIdentity } from './happenings.ts';
import { account, addAlloc, enqueueEval, replaceAlloc } from './stateWrites.ts';

export type { RankedNode } from './placement.ts';

// Nomad keeps this many reschedule events of an unlimited policy's chain.
const MAX_PAST_RESCHEDULE_EVENTS = 5;

/** PlacedAlloc is one new allocation the plan put on a node. */
export interface PlacedAlloc {
  AllocID: string;
  Name: string;
  TaskGroup: string;
  NodeID: string;
  NodeName: string;
  Canary: boolean;
  PreviousAllocID: string;
  /** Score is the node's normalised score, as `nomad alloc status -verbose` shows it. */
  Score: number;
  /** Ranked are the nodes the stack ranked for it: the chosen one first, then the runners-up, best first. */
  Ranked: RankedNode[];
}

/** AppliedPlan is what applying a plan did beyond the reconciler's own results: where allocations went, and what did not fit. */
export interface AppliedPlan {
  placed: PlacedAlloc[];
  failures: PlacementFailure[];
}

/**
 * applyPlan carries out one evaluation's results: allocations stopped on a
 * down node are marked lost, the deployment is created or updated, stops,
 * in-place updates and follow-up annotations are written, replacements and
 * new allocations are placed (destructive ones first, each stopping its
 * predecessor only when it fits), follow-up evaluations are queued, and
 * a blocked evaluation waits for room when something did not fit.
 */
export function applyPlan(
  state: SimState,
  js: JobState,
  evaluation: QueuedEval,
  results: RunResults,
  log: SimLog,
): AppliedPlan {
  state.index++;
  const hadBlocked = state.evals.some((e) => e.Status === 'blocked');
  markLostOnDownNodes(state, js);

  if (results.deployment !== null) {
    js.deployments.push(results.deployment);
    log.note(
      state,
      `deployment ${results.deployment.ID.slice(0, 8)} created for job version ${results.deployment.JobVersion}`,
      {
        Kind: 'deployment-created',
        DeploymentID: results.deployment.ID,
        JobVersion: results.deployment.JobVersion,
      },
    );
  }
  // The deployment the plan's allocations join: the created one, or the latest as the reconciler saw it.
  const planDeployment: Deployment | null = results.deployment ?? latestDeployment(js);
  for (const u of results.deploymentUpdates) {
    const d = js.deployments.find((x) => x.ID === u.DeploymentID);
    if (d === undefined) continue;
    setDeploymentStatus(js, d, u.Status, u.StatusDescription);
    log.note(state, `deployment ${d.ID.slice(0, 8)} is ${u.Status}: ${u.StatusDescription}`, {
      Kind: 'deployment-status',
      DeploymentID: d.ID,
      JobVersion: d.JobVersion,
      Status: u.Status,
      Detail: u.StatusDescription,
    });
  }

  // The cluster as the plan places in it, built only for a plan that places (after its stops).
  for (const stop of results.stop) writeStop(state, stop.alloc.ID, stop.clientStatus, stop.followupEvalID);
  if ('disconnectUpdates' in results) writeClientStatusUpdates(state, results, log);

  const inplace: { alloc: Allocation; existing: Allocation }[] = [];
  for (const update of results.inplaceUpdate) {
    const existing = findAlloc(state, update.ID)!;
    let updated: Allocation = { ...existing, Job: update.Job, ModifyTime: state.now };
    const deploymentID = planDeployment?.ID ?? '';
    if (updated.DeploymentID !== deploymentID)
      updated = { ...updated, DeploymentID: deploymentID, DeploymentStatus: null };
    replaceAlloc(state, updated);
    inplace.push({ alloc: updated, existing });
    if (updated.DeploymentStatus === null) clientWatch(state, updated);
  }
  updateDeploymentWithAllocs(js, inplace, state.now);

  for (const [id, annotated] of results.attributeUpdates) {
    const existing = findAlloc(state, id)!;
    replaceAlloc(state, { ...existing, FollowupEvalID: annotated.FollowupEvalID });
  }

  const placing = results.place.length + results.destructiveUpdate.length > 0;
  const outcome = placing
    ? placeAll(
        state,
        js,
        new PlanningCluster(js.job, state.nodes, { used: state.used, groupsOnNode: js.groupsOnNode }, state.shuffle),
        results,
        planDeployment,
      )
    : { placed: [], failures: [] };

  // Delayed reschedules get their evaluations, unless this one was itself delayed (delayInstead).
  const followUps = [...results.desiredFollowupEvals.values()].flat();
  const delayInstead = followUps.length > 0 && isZeroTime(evaluation.WaitUntil);
  if (delayInstead) {
    for (const f of followUps) enqueueEval(state, js, f.TriggeredBy, followUpWhy(f.TriggeredBy), f.WaitUntil, f.ID);
  }
  if (
    outcome.failures.length > 0 &&
    !delayInstead &&
    !state.evals.some((e) => e.Status === 'blocked' && e.JobID === js.job.ID)
  ) {
    const blocked = enqueueEval(state, js, EvalTriggerQueuedAllocs, 'allocations that did not fit wait for room');
    blocked.Status = 'blocked';
  }
  // Stopped allocations free room on their nodes, which may unblock an earlier blocked evaluation.
  if (hadBlocked && results.stop.length + results.destructiveUpdate.length > 0)
    unblockEvals(state, 'allocations stopped and freed room');
  return outcome;
}

// followUpWhy says why a follow-up evaluation waits: a reschedule's delay,
// or (1.6) the max_client_disconnect of allocations whose client is away.
function followUpWhy(trigger: string): string {
  return trigger === EvalTriggerMaxDisconnectTimeout
    ? 'allocations of a disconnected client are lost then, unless it is back'
    : 'a failed allocation may be rescheduled then';
}

/**
 * unblockEvals lets a blocked evaluation run again, as Nomad's blocked-evals
 * tracker does when a node is added, becomes ready or eligible, or frees room.
 */
export function unblockEvals(state: SimState, why: string): void {
  for (const e of state.evals) {
    if (e.Status !== 'blocked') continue;
    e.Status = 'pending';
    e.Why = `unblocked: ${why}`;
  }
}

// markLostOnDownNodes is updateNonTerminalAllocsToLost: an allocation the
// server already stopped on a node that is down or gone, and whose client
// still says pending or running, is marked lost (its client cannot say so).
function markLostOnDownNodes(state: SimState, js: JobState): void {
  const nodes = new Map<string, Node>(state.nodes.map((n) => [n.ID, n]));
  for (const a of js.allocs) {
    if (a.ClientStatus !== AllocClientStatusPending && a.ClientStatus !== AllocClientStatusRunning) continue;
    if (!serverTerminalStatus(a)) continue;
    const node = nodes.get(a.NodeID);
    if (node !== undefined && !nodeTerminalStatus(node)) continue;
    replaceAlloc(state, { ...a, ClientStatus: AllocClientStatusLost, ModifyTime: state.now });
  }
}

// writeClientStatusUpdates writes 1.6's unknown and reconnected
// allocations (AppendUnknownAlloc; AppendAlloc of a reconnect update): each
// is the reconciler's copy, with its new state entry, status, description
// and follow-up evaluation.
function writeClientStatusUpdates(state: SimState, results: ReconcileResults16, log: SimLog): void {
  for (const update of results.disconnectUpdates.values()) {
    replaceAlloc(state, { ...update, ModifyTime: state.now });
    log.note(state, `${update.Name} is unknown: it may reconnect until its max_client_disconnect runs out`, {
      Kind: 'alloc-unknown',
      ...allocIdentity(update),
    });
  }
  for (const update of results.reconnectUpdates.values()) {
    replaceAlloc(state, { ...update, ModifyTime: state.now });
    log.note(state, `${update.Name} reconnected and keeps running`, {
      Kind: 'alloc-reconnected',
      ...allocIdentity(update),
    });
  }
}

// writeStop writes a stop (AppendStoppedAlloc): desired status stop, the
// client status the plan gives (lost) or else the client stopping it, and
// the follow-up evaluation when there is one. The description is in the
// evaluation's results.
function writeStop(state: SimState, allocID: string, clientStatus: string, followupEvalID: string): void {
  const existing = findAlloc(state, allocID)!;
  let stopped: Allocation = { ...existing, DesiredStatus: AllocDesiredStatusStop, ModifyTime: state.now };
  if (clientStatus !== '') stopped = { ...stopped, ClientStatus: clientStatus as Allocation['ClientStatus'] };
  if (followupEvalID !== '') stopped = { ...stopped, FollowupEvalID: followupEvalID };
  if (stopped.ClientStatus !== AllocClientStatusLost) stopped = clientStops(stopped, state.now);
  replaceAlloc(state, stopped);
  clientForget(state, allocID);
}

// placeAll places the destructive replacements, then the other placements,
// as computePlacements does. A group that failed once is not tried again in
// this plan: later failures are only counted (CoalescedFailures).
function placeAll(
  state: SimState,
  js: JobState,
  cluster: PlanningCluster,
  results: RunResults,
  planDeployment: Deployment | null,
): AppliedPlan {
  const placed: PlacedAlloc[] = [];
  const created: { alloc: Allocation; existing: null }[] = [];
  const failed = new Map<string, PlacementFailure>();
  // Upstream keeps the deployment of a downgraded placement for the placements after it.
  let deploymentID = planDeployment !== null && deploymentActive(planDeployment) ? planDeployment.ID : '';

  type Missing = {
    name: string;
    tg: (typeof results.place)[number]['taskGroup'];
    previous: Allocation | null;
    canary: boolean;
    reschedule: boolean;
    destructive: boolean;
    /** downgrade is 1.6's DowngradeNonCanary, with the lowest job version the placement may run. */
    downgrade: { minJobVersion: number } | null;
  };
  const missing: Missing[] = [
    ...results.destructiveUpdate.map((d) => ({
      name: d.placeName,
      tg: d.placeTaskGroup,
      previous: d.stopAlloc,
      canary: false,
      reschedule: false,
      destructive: true,
      downgrade: null,
    })),
    ...results.place.map((p) => ({
      name: p.name,
      tg: p.taskGroup,
      previous: p.previousAlloc,
      canary: p.canary,
      reschedule: p.reschedule,
      destructive: false,
      downgrade: 'downgradeNonCanary' in p && p.downgradeNonCanary ? { minJobVersion: p.minJobVersion } : null,
    })),
  ];

  for (const m of missing) {
    let tg = m.tg;
    let job = js.job;
    if (m.downgrade !== null) {
      const downgraded = downgradedJobForPlacement(js, tg.Name, m.downgrade.minJobVersion);
      if (downgraded !== null) {
        job = downgraded.job;
        tg = job.TaskGroups.find((g) => g.Name === tg.Name)!;
        deploymentID = downgraded.deploymentID;
      }
    }
    const already = failed.get(tg.Name);
    if (already !== undefined) {
      already.Failed++;
      continue;
    }
    const ask: Ask = groupAsk(tg);
    const previous = m.previous === null ? null : (findAlloc(state, m.previous.ID) ?? m.previous);
    // A destructive replacement frees its predecessor's room before looking for a node.
    // A destructive replacement looks for room as if its predecessor were gone; it is stopped only once the new one fits.
    const released = m.destructive && previous !== null && !terminalStatus(previous);
    if (released) account(state, js, previous, -1);
    const choice = cluster.select(tg, ask, penaltyNodes(previous), preferredNode(state, tg, previous));
    if (released) account(state, js, previous, 1);
    if (!('node' in choice)) {
      failed.set(tg.Name, choice);
      continue;
    }
    if (m.destructive && previous !== null) writeStop(state, previous.ID, '', '');
    const alloc = newAlloc(
      state,
      job,
      m.name,
      tg.Name,
      choice.node,
      deploymentID,
      previous,
      m.reschedule,
      m.canary && planDeployment !== null,
    );
    // 1.6's reconnect logic weighs a replacement's score against its original's (AllocMetric's top five).
    if (state.nomadVersion === '1.6') alloc.Metrics = { ScoreMetaData: choice.ranked.slice(0, 5).map(scoreMeta) };
    addAlloc(state, js, alloc);
    if (previous !== null) {
      const prev = findAlloc(state, previous.ID)!;
      replaceAlloc(state, { ...prev, NextAllocation: alloc.ID });
    }
    created.push({ alloc, existing: null });
    clientWatch(state, alloc);
    placed.push({
      AllocID: alloc.ID,
      Name: alloc.Name,
      TaskGroup: alloc.TaskGroup,
      NodeID: choice.node.ID,
      NodeName: choice.node.Name,
      Canary: alloc.DeploymentStatus?.Canary ?? false,
      PreviousAllocID: previous?.ID ?? '',
      Score: choice.score,
      Ranked: choice.ranked,
    });
  }
  updateDeploymentWithAllocs(js, created, state.now);
  return { placed, failures: [...failed.values()] };
}

// scoreMeta is a ranked node as the allocation's metrics keep it.
function scoreMeta(r: RankedNode): NodeScoreMeta {
  return { NodeID: r.NodeID, NormScore: r.NormScore, Scores: { ...r.Scores } };
}

// newAlloc is a pending allocation of the current job on the chosen node.
function newAlloc(
  state: SimState,
  job: Job,
  name: string,
  group: string,
  node: Node,
  deploymentID: string,
  previous: Allocation | null,
  reschedule: boolean,
  canary: boolean,
): Allocation {
  return {
    ID: state.nextID(),
    Name: name,
    JobID: job.ID,
    TaskGroup: group,
    NodeID: node.ID,
    NodeName: node.Name,
    Job: job,
    DesiredStatus: AllocDesiredStatusRun,
    ClientStatus: AllocClientStatusPending,
    DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
    DeploymentID: deploymentID,
    DeploymentStatus: canary ? { Healthy: null, Canary: true } : null,
    RescheduleTracker: previous !== null && reschedule ? rescheduleTracker(state, previous) : null,
    FollowupEvalID: '',
    NextAllocation: '',
    PreviousAllocation: previous?.ID ?? '',
    TaskStates: null,
    AllocStates: [],
    ModifyTime: state.now,
    CreateIndex: state.index,
  };
}

// rescheduleTracker is updateRescheduleTracker: the previous allocation's
// events (those within the policy's interval, or the last few of an
// unlimited policy) plus one for this reschedule with the delay it waited.
function rescheduleTracker(state: SimState, prev: Allocation): Allocation['RescheduleTracker'] {
  const policy = prev.Job.TaskGroups.find((g) => g.Name === prev.TaskGroup)?.ReschedulePolicy ?? null;
  const past = prev.RescheduleTracker?.Events ?? [];
  let kept = past;
  if (policy !== null && policy.Attempts > 0) {
    kept = past.filter((e) => policy.Interval > 0 && state.now - e.RescheduleTime <= policy.Interval);
  } else if (past.length > MAX_PAST_RESCHEDULE_EVENTS) {
    kept = past.slice(past.length - MAX_PAST_RESCHEDULE_EVENTS);
  }
  return {
    Events: [
      ...kept.map((e) => ({ ...e })),
      { RescheduleTime: state.now, PrevAllocID: prev.ID, PrevNodeID: prev.NodeID, Delay: nextDelay(prev) },
    ],
  };
}

// penaltyNodes are the nodes a replacement should avoid: where its predecessor failed, and where its chain was rescheduled from.
function penaltyNodes(previous: Allocation | null): Set<string> {
  const out = new Set<string>();
  if (previous === null) return out;
  if (previous.ClientStatus === AllocClientStatusFailed) out.add(previous.NodeID);
  for (const e of previous.RescheduleTracker?.Events ?? []) out.add(e.PrevNodeID);
  return out;
}

// preferredNode is the predecessor's node for a group with a sticky ephemeral disk, while that node is ready.
function preferredNode(
  state: SimState,
  tg: { EphemeralDisk: { Sticky: boolean } },
  previous: Allocation | null,
): Node | null {
  if (previous === null || !tg.EphemeralDisk.Sticky) return null;
  const node = state.nodes.find((n) => n.ID === previous.NodeID);
  return node !== undefined && node.Status === 'ready' ? node : null;
}
