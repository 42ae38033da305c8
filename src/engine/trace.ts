// The reconciler's explanation of itself, recorded beside computeGroup: the
// reconciler tells a GroupRecorder what each step produced, and the recorder
// derives the sets, each allocation's decision (a code and its facts) and
// the group's canary state and limit. Upstream has no such thing (it logs a
// summary); the playground's explain view and the runner's --explain are
// built on it. When no explanation is asked for, every hook is a no-op.

import type { Allocation, Deployment, DeploymentState, Job, TaskGroup } from './structs.ts';
import type { AllocSet, DelayedRescheduleInfo } from './allocSet.ts';
import type {
  AllocAction,
  AllocDecision,
  AllocUpdateDecision,
  CanaryCode,
  DecisionCode,
  DeploymentCode,
  GroupTrace,
  LimitDecision,
  ReconcileTrace,
  ReconcilerStep,
} from './types.ts';
import {
  type DecisionFacts,
  type StepFacts,
  describeCanaryState,
  describeDecision,
  describeDeployment,
  describeLimit,
  describeStep,
} from './explain.ts';

/** CanaryInputs are what the group's canary state rests on, as computeGroup has them after placing canaries. */
export interface CanaryInputs {
  dstate: DeploymentState;
  existingDeployment: boolean;
  requireCanary: boolean;
  /** canaryStateBefore is the canary state computeStop saw, before this evaluation's canaries. */
  canaryStateBefore: boolean;
  /** canaryState is the state once they are placed, which computeLimit sees. */
  canaryState: boolean;
  /** wanted is the update strategy's canary count; have the current deployment's canaries. */
  wanted: number;
  have: number;
  /** held is true when a paused or failed deployment places no canaries. */
  held: boolean;
}

/**
 * GroupRecorder hears, step by step, what computeGroup produced for one
 * group. Each hook is named after the step it follows and takes that step's
 * results; the sets it is given are read at once, so later changes to them
 * do not show.
 */
export interface GroupRecorder {
  /** start: the group's allocations and whether the current deployment has the group. */
  start(all: AllocSet, count: number, existingDeployment: boolean): void;
  /** stopAll: a stopped job's or a removed group's allocations, by where they run. */
  stopAll(
    step: 'handleStop' | 'removed group',
    all: AllocSet,
    untainted: AllocSet,
    migrate: AllocSet,
    lost: AllocSet,
  ): void;
  filterOldTerminalAllocs(ignore: AllocSet): void;
  handleGroupCanaries(stopped: AllocSet, canaries: AllocSet, migrate: AllocSet, lost: AllocSet): void;
  filterByTainted(untainted: AllocSet, migrate: AllocSet, lost: AllocSet): void;
  filterByRescheduleable(
    untainted: AllocSet,
    rescheduleNow: AllocSet,
    rescheduleLater: readonly DelayedRescheduleInfo[],
  ): void;
  delayByStopAfterClientDisconnect(lostLater: readonly DelayedRescheduleInfo[]): void;
  /** stopped: computeStop chose this allocation, by the branch the code names. */
  stopped(alloc: Allocation, code: DecisionCode, count: number): void;
  computeStop(count: number, stop: AllocSet, untainted: AllocSet): void;
  /** updated: the update function's decision for one allocation. */
  updated(alloc: Allocation, d: AllocUpdateDecision): void;
  computeUpdates(ignore: AllocSet, inplace: AllocSet, destructive: AllocSet): void;
  /** canaries: the current deployment's canaries that no later step stopped or updated, and the group's canary state. */
  canaries(canaries: AllocSet, stop: AllocSet, destructive: AllocSet, inplace: AllocSet, inputs: CanaryInputs): void;
  computeLimit(tg: TaskGroup, decision: LimitDecision): void;
  /** notReplaced: a failed allocation of the failed deployment that is not replaced. */
  notReplaced(alloc: Allocation): void;
  computePlacements(placeNames: readonly string[], placeReady: boolean): void;
  /** destructiveHeld: the destructive updates that wait, with the limit when the limit holds them (null: the deployment does). */
  destructiveHeld(held: readonly Allocation[], limit: number | null): void;
  deploymentComplete(complete: boolean): void;
  /** disconnects (1.6): filterByTainted's three sets that 0.12 does not have. */
  disconnects(disconnecting: AllocSet, reconnecting: AllocSet, ignore: AllocSet): void;
  /** reconnectStopped (1.6): reconcileReconnecting stopped this allocation, by the branch the code names. */
  reconnectStopped(alloc: Allocation, code: DecisionCode): void;
  /** reconnected (1.6): the reconnecting allocations reconcileReconnecting keeps. */
  reconnected(reconnect: AllocSet): void;
  /** disconnectRescheduled (1.6): the disconnecting allocations replaced now. */
  disconnectRescheduled(rescheduleNow: AllocSet): void;
  /** markedUnknown (1.6): the allocations createTimeoutLaterEvals marks unknown. */
  markedUnknown(ids: readonly string[]): void;
}

const noop = (): void => {};

/** NO_TRACE is the recorder used when no explanation was asked for. */
export const NO_TRACE: GroupRecorder = {
  start: noop,
  stopAll: noop,
  filterOldTerminalAllocs: noop,
  handleGroupCanaries: noop,
  filterByTainted: noop,
  filterByRescheduleable: noop,
  delayByStopAfterClientDisconnect: noop,
  stopped: noop,
  computeStop: noop,
  updated: noop,
  computeUpdates: noop,
  canaries: noop,
  computeLimit: noop,
  notReplaced: noop,
  computePlacements: noop,
  destructiveHeld: noop,
  deploymentComplete: noop,
  disconnects: noop,
  reconnectStopped: noop,
  reconnected: noop,
  disconnectRescheduled: noop,
  markedUnknown: noop,
};

/** ReconcileTracer collects the traces of all groups of one reconciliation. */
export class ReconcileTracer {
  private readonly trace: ReconcileTrace = { jobStopped: false, deploymentCode: null, deploymentNote: '', groups: [] };
  private readonly pending: { g: GroupTrace; decisions: Map<string, AllocDecision> }[] = [];

  /** jobStopped records that the job is stopped or purged. */
  jobStopped(): void {
    this.trace.jobStopped = true;
  }

  /** deployment records what cancelDeployments made of the deployment; a later call replaces an earlier one. */
  deployment(code: DeploymentCode, d: Deployment | null, job: Job | null): void {
    if (d === null && code !== 'none') return;
    this.trace.deploymentCode = code;
    this.trace.deploymentNote = describeDeployment(code, d, job);
  }

  /** finish returns the trace, with each group's decisions, the latest for each allocation. */
  finish(): ReconcileTrace {
    for (const { g, decisions } of this.pending) g.decisions = [...decisions.values()];
    return this.trace;
  }

  /** group starts the trace of one group and returns its recorder. */
  group(name: string, removed: boolean): GroupRecorder {
    const g: GroupTrace = {
      group: name,
      removed,
      steps: [],
      existingDeployment: false,
      canaryState: false,
      canaryCode: null,
      canaryReason: '',
      requireCanary: false,
      limit: 0,
      limitCode: null,
      limitReason: '',
      deploymentComplete: false,
      decisions: [],
    };
    this.trace.groups.push(g);
    // The latest decision for an allocation wins: later steps refine earlier ones.
    const decisions = new Map<string, AllocDecision>();
    this.pending.push({ g, decisions });
    return new GroupTraceRecorder(g, decisions);
  }
}

// GroupTraceRecorder fills one group's trace from the hooks.
class GroupTraceRecorder implements GroupRecorder {
  // Sets an earlier step produced that a later one's trace needs.
  private untaintedBeforeReschedule: AllocSet | null = null;
  private rescheduleLater: readonly DelayedRescheduleInfo[] = [];

  constructor(
    private readonly g: GroupTrace,
    private readonly decisions: Map<string, AllocDecision>,
  ) {}

  private step(step: ReconcilerStep, sets: Record<string, Iterable<string>>, facts?: StepFacts): void {
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(sets)) out[k] = [...v];
    this.g.steps.push({ step, note: describeStep(step, facts), sets: out });
  }

  private decide(
    allocs: Iterable<Allocation>,
    action: AllocAction,
    step: ReconcilerStep,
    code: DecisionCode,
    facts: Partial<DecisionFacts> = {},
  ): void {
    for (const a of allocs) {
      const d: DecisionFacts = { allocID: a.ID, name: a.Name, action, step, code, ...facts };
      this.decisions.delete(a.ID);
      this.decisions.set(a.ID, { ...d, reason: describeDecision(d) });
    }
  }

  start(all: AllocSet, count: number, existingDeployment: boolean): void {
    this.g.existingDeployment = existingDeployment;
    this.step('start', { all: all.keys() }, { size: all.size, count });
  }

  stopAll(
    step: 'handleStop' | 'removed group',
    all: AllocSet,
    untainted: AllocSet,
    migrate: AllocSet,
    lost: AllocSet,
  ): void {
    const stopped = step === 'handleStop';
    if (stopped) this.decide(all.values(), 'ignore', step, 'already-terminal');
    this.step(step, { untainted: untainted.keys(), migrate: migrate.keys(), lost: lost.keys() });
    this.decide(untainted.values(), 'stop', step, stopped ? 'job-stopped' : 'group-removed');
    this.decide(migrate.values(), 'stop', step, stopped ? 'job-stopped' : 'group-removed');
    this.decide(lost.values(), 'lost', step, stopped ? 'job-stopped-lost' : 'group-removed-lost');
    if (!stopped) this.g.deploymentComplete = true;
  }

  filterOldTerminalAllocs(ignore: AllocSet): void {
    if (ignore.size === 0) return;
    this.step('filterOldTerminalAllocs', { ignore: ignore.keys() });
    this.decide(ignore.values(), 'ignore', 'filterOldTerminalAllocs', 'old-terminal');
  }

  handleGroupCanaries(stopped: AllocSet, canaries: AllocSet, migrate: AllocSet, lost: AllocSet): void {
    this.decide(stopped.values(), 'stop', 'handleGroupCanaries', 'old-canary');
    this.decide(migrate.values(), 'stop', 'handleGroupCanaries', 'canary-migrating');
    this.decide(lost.values(), 'lost', 'handleGroupCanaries', 'canary-lost');
    this.step('handleGroupCanaries', {
      stoppedCanaries: stopped.keys(),
      canaries: canaries.keys(),
      migratingCanaries: migrate.keys(),
      lostCanaries: lost.keys(),
    });
  }

  filterByTainted(untainted: AllocSet, migrate: AllocSet, lost: AllocSet): void {
    this.untaintedBeforeReschedule = untainted;
    this.step('filterByTainted', { untainted: untainted.keys(), migrate: migrate.keys(), lost: lost.keys() });
    this.decide(untainted.values(), 'ignore', 'filterByTainted', 'untainted');
    this.decide(migrate.values(), 'migrate', 'filterByTainted', 'migrating');
    this.decide(lost.values(), 'lost', 'filterByTainted', 'node-lost');
  }

  filterByRescheduleable(
    untainted: AllocSet,
    rescheduleNow: AllocSet,
    rescheduleLater: readonly DelayedRescheduleInfo[],
  ): void {
    this.rescheduleLater = [...rescheduleLater];
    this.step('filterByRescheduleable', {
      untainted: untainted.keys(),
      rescheduleNow: rescheduleNow.keys(),
      rescheduleLater: rescheduleLater.map((r) => r.allocID),
    });
    // What the filter dropped: replaced already, or terminal and not counted.
    for (const a of this.untaintedBeforeReschedule?.values() ?? []) {
      if (untainted.has(a.ID) || rescheduleNow.has(a.ID)) continue;
      if (a.NextAllocation !== '') this.decide([a], 'ignore', 'filterByRescheduleable', 'already-replaced');
      else this.decide([a], 'ignore', 'filterByRescheduleable', 'not-counted', { clientStatus: a.ClientStatus });
    }
    this.decide(rescheduleNow.values(), 'reschedule-now', 'filterByRescheduleable', 'reschedule-now');
  }

  delayByStopAfterClientDisconnect(lostLater: readonly DelayedRescheduleInfo[]): void {
    for (const r of lostLater) {
      this.decide([r.alloc], 'lost', 'delayByStopAfterClientDisconnect', 'lost-waiting', {
        waitUntil: r.rescheduleTime,
      });
    }
  }

  stopped(alloc: Allocation, code: DecisionCode, count: number): void {
    this.decide([alloc], 'stop', 'computeStop', code, code === 'stop-highest-index' ? { groupCount: count } : {});
  }

  computeStop(count: number, stop: AllocSet, untainted: AllocSet): void {
    this.step('computeStop', { stop: stop.keys(), untainted: untainted.keys() }, { count });
  }

  updated(alloc: Allocation, d: AllocUpdateDecision): void {
    const facts = d.reason === undefined ? {} : { updateReason: d.reason };
    // Leaving an unknown or reconnected allocation alone says nothing new
    // about it (1.6): its disconnect decision stands.
    if (d.ignore && KEPT_ACROSS_UPDATES.has(this.decisions.get(alloc.ID)?.code)) return;
    if (d.ignore) this.decide([alloc], 'ignore', 'computeUpdates', 'update-ignore', facts);
    else if (d.destructive) this.decide([alloc], 'destructive', 'computeUpdates', 'update-destructive', facts);
    else this.decide([alloc], 'inplace', 'computeUpdates', 'update-inplace', facts);
  }

  computeUpdates(ignore: AllocSet, inplace: AllocSet, destructive: AllocSet): void {
    // A failed allocation waiting for its reschedule is left alone by the
    // update step; the wait is what decides its fate.
    for (const r of this.rescheduleLater) {
      if (!ignore.has(r.allocID)) continue;
      this.decide([r.alloc], 'reschedule-later', 'filterByRescheduleable', 'reschedule-later', {
        waitUntil: r.rescheduleTime,
      });
    }
    this.step('computeUpdates', { ignore: ignore.keys(), inplace: inplace.keys(), destructive: destructive.keys() });
  }

  canaries(canaries: AllocSet, stop: AllocSet, destructive: AllocSet, inplace: AllocSet, c: CanaryInputs): void {
    const kept = canaries.values().filter((a) => !stop.has(a.ID) && !destructive.has(a.ID) && !inplace.has(a.ID));
    this.decide(
      kept,
      'canary',
      'handleGroupCanaries',
      c.canaryStateBefore ? 'canary-awaiting-promotion' : 'canary-kept',
    );
    this.g.requireCanary = c.requireCanary;
    this.g.canaryState = c.canaryState;
    const code = canaryCode(c.dstate, c.wanted);
    const placing = c.requireCanary && !c.held ? c.wanted - c.have : 0;
    this.g.canaryCode = code;
    this.g.canaryReason = describeCanaryState({
      code,
      desired: c.dstate.DesiredCanaries,
      placing,
      existingDeployment: c.existingDeployment,
    });
  }

  computeLimit(tg: TaskGroup, decision: LimitDecision): void {
    this.g.limit = decision.limit;
    this.g.limitCode = decision.code;
    this.g.limitReason = describeLimit({ ...decision, count: tg.Count, maxParallel: tg.Update?.MaxParallel ?? 0 });
  }

  notReplaced(alloc: Allocation): void {
    this.decide([alloc], 'ignore', 'computeGroup', 'failed-deployment-not-replaced');
  }

  computePlacements(placeNames: readonly string[], placeReady: boolean): void {
    this.step('computePlacements', { place: placeNames }, { placeReady });
  }

  destructiveHeld(held: readonly Allocation[], limit: number | null): void {
    if (limit === null) this.decide(held, 'ignore', 'computeGroup', 'held-by-deployment');
    else this.decide(held, 'ignore', 'computeGroup', 'held-by-limit', { placementLimit: limit });
  }

  deploymentComplete(complete: boolean): void {
    this.g.deploymentComplete = complete;
  }

  disconnects(disconnecting: AllocSet, reconnecting: AllocSet, ignore: AllocSet): void {
    this.decide(disconnecting.values(), 'ignore', 'filterByTainted', 'disconnecting');
    this.decide(reconnecting.values(), 'ignore', 'filterByTainted', 'reconnecting');
    this.decide(ignore.values(), 'ignore', 'filterByTainted', 'nothing-to-do');
    const last = this.g.steps.at(-1);
    if (last?.step === 'filterByTainted') {
      Object.assign(last.sets, {
        disconnecting: disconnecting.keys(),
        reconnecting: reconnecting.keys(),
        ignore: ignore.keys(),
      });
    }
  }

  reconnectStopped(alloc: Allocation, code: DecisionCode): void {
    this.decide([alloc], 'stop', 'reconcileReconnecting', code);
  }

  reconnected(reconnect: AllocSet): void {
    this.decide(reconnect.values(), 'ignore', 'reconcileReconnecting', 'reconnected');
    this.step('reconcileReconnecting', { reconnect: reconnect.keys() });
  }

  disconnectRescheduled(rescheduleNow: AllocSet): void {
    this.decide(rescheduleNow.values(), 'reschedule-now', 'filterByRescheduleable', 'disconnected-replaced');
  }

  markedUnknown(ids: readonly string[]): void {
    this.step('createTimeoutLaterEvals', { unknown: ids });
  }
}

// KEPT_ACROSS_UPDATES are the decisions an update step that changes nothing leaves in place.
const KEPT_ACROSS_UPDATES: ReadonlySet<DecisionCode | undefined> = new Set<DecisionCode>([
  'disconnecting',
  'reconnected',
]);

// canaryCode says where the group stands with canaries, from its state in
// the deployment and the canaries its update strategy wants.
function canaryCode(dstate: DeploymentState, wanted: number): CanaryCode {
  if (dstate.DesiredCanaries === 0) return wanted === 0 ? 'none-wanted' : 'no-destructive-change';
  return dstate.Promoted ? 'promoted' : 'awaiting-promotion';
}
