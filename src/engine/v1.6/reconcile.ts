// Upstream: hashicorp/nomad scheduler/reconcile.go at v1.6.5.
//
// The allocation reconciler of Nomad 1.6: given a job version, its existing
// allocations, the tainted nodes and the latest deployment, it decides which
// allocations to place, stop, migrate, and update in place or destructively,
// whether to create a deployment or change the status of one, and which
// follow-up evaluations to schedule. Beyond 0.12's (../v0.12/reconcile.ts)
// it follows clients that disconnect and reconnect: allocations on a
// disconnected node are marked unknown and waited for, and when the node
// comes back each is weighed against its replacement. It chooses no nodes;
// the scheduler does that.

import {
  type Allocation,
  type DeploymentState,
  type DesiredUpdates,
  type Evaluation,
  type Job,
  type TaskGroup,
  type UpdateStrategy,
  AllocClientStatusFailed,
  AllocClientStatusLost,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusRun,
  AllocStateFieldClientStatus,
  DeploymentStatusBlocked,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionBlocked,
  DeploymentStatusDescriptionNewerJob,
  DeploymentStatusDescriptionPendingForPeer,
  DeploymentStatusDescriptionRunningAutoPromotion,
  DeploymentStatusDescriptionRunningNeedsPromotion,
  DeploymentStatusDescriptionStoppedJob,
  DeploymentStatusDescriptionSuccessful,
  DeploymentStatusFailed,
  DeploymentStatusInitializing,
  DeploymentStatusPaused,
  DeploymentStatusPending,
  DeploymentStatusSuccessful,
  DeploymentStatusUnblocking,
  EvalStatusPending,
  EvalTriggerMaxDisconnectTimeout,
  EvalTriggerRetryFailedAlloc,
  SECOND,
  allocIndex,
  isCanary,
  isHealthy,
  isMultiregion,
  isUnhealthy,
  jobStopped,
  lookupTaskGroup,
  newDeploymentState,
  newDesiredUpdates,
  requiresPromotion,
  serverTerminalStatus,
  transitionShouldForceReschedule,
  transitionShouldMigrate,
  transitionShouldReschedule,
  updateStrategyIsEmpty,
} from '../structs.ts';
import {
  type AllocMatrix,
  type AllocSet,
  type DelayedRescheduleInfo,
  delayByStopAfterClientDisconnect,
  filterByTerminal,
  newAllocMatrix,
} from '../allocSet.ts';
import {
  AllocNameIndex,
  delayByMaxClientDisconnect,
  filterByClientStatus,
  filterByRescheduleable,
  filterByTainted,
  filterOutByClientStatus,
} from './reconcileUtil.ts';
import { appendState, deploymentActive, hasAutoPromote, maxNormScore, newDeployment } from './structs.ts';
import { AllocReconcilerBase } from '../allocReconciler.ts';
import type { GroupRecorder } from '../trace.ts';
import type { DecisionCode, LimitDecision } from '../types.ts';
import type { AllocPlaceResult, ReconcileResults, ReconcilerInput } from './types.ts';

// The status descriptions the scheduler writes on allocations it stops or
// marks (upstream keeps them in generic_sched.go).
export const allocNotNeeded = 'alloc not needed due to job update';
export const allocReconnected = 'alloc not needed due to disconnected client reconnect';
export const allocMigrating = 'alloc is being migrated';
export const allocUpdating = 'alloc is being updated due to job update';
export const allocLost = 'alloc is lost since its node is down';
export const allocUnknown = 'alloc is unknown since its node is disconnected';
export const allocRescheduled = 'alloc was rescheduled because it failed';
export const reschedulingFollowupEvalDesc = 'created for delayed rescheduling';
export const disconnectTimeoutFollowupEvalDesc = 'created for delayed disconnect timeout';

/** batchedFailedAllocWindowSize is how close together reschedule times must be to share one follow-up evaluation. */
export const batchedFailedAllocWindowSize = 5 * SECOND;

/** emptyResults are the results of a reconciliation that has decided nothing yet. */
export function emptyResults(): ReconcileResults {
  return {
    deployment: null,
    deploymentUpdates: [],
    place: [],
    destructiveUpdate: [],
    inplaceUpdate: [],
    stop: [],
    attributeUpdates: new Map(),
    disconnectUpdates: new Map(),
    reconnectUpdates: new Map(),
    desiredTGUpdates: new Map(),
    desiredFollowupEvals: new Map(),
    trace: null,
  };
}

/**
 * reconcile runs the 1.6 reconciler once. Existing allocations are visited
 * by name index, then ID, whatever order they come in (newAllocMatrix), so
 * that one input always gives one result (generated IDs aside).
 */
export function reconcile(input: ReconcilerInput): ReconcileResults {
  return new AllocReconciler(input).compute();
}

// The version's reconciler: the shared state and steps (../allocReconciler.ts),
// and this version's Compute and computeGroup.
class AllocReconciler extends AllocReconcilerBase<ReconcilerInput, ReconcileResults> {
  constructor(input: ReconcilerInput) {
    super(input, emptyResults());
  }

  /** compute reconciles every group and settles the deployment's status. */
  override compute(): ReconcileResults {
    const job = this.input.job;
    const m = newAllocMatrix(job, this.input.existingAllocs);
    this.cancelUnneededDeployments(job);

    if (jobStopped(job)) {
      this.tracer?.jobStopped();
      this.handleStop(m);
      return this.finish();
    }
    this.job = job;

    this.computeDeploymentPaused();
    const deploymentComplete = this.computeDeploymentComplete(m);
    this.computeDeploymentUpdates(deploymentComplete);
    return this.finish();
  }

  /** computeDeploymentComplete reconciles each group and reports whether the deployment is complete for all of them. */
  private computeDeploymentComplete(m: AllocMatrix): boolean {
    let complete = true;
    for (const [group, set] of m) {
      const groupComplete = this.computeGroup(group, set);
      complete = complete && groupComplete;
    }
    return complete;
  }

  /**
   * computeDeploymentUpdates marks a complete deployment successful (or
   * blocked, for a multiregion job that has not gone past blocked), moves an
   * initializing deployment to pending now that its state is computed, and
   * says of a created deployment whether it awaits promotion.
   */
  private computeDeploymentUpdates(deploymentComplete: boolean): void {
    const d = this.deployment;
    if (d !== null) {
      if (deploymentComplete) {
        if (isMultiregion(this.job)) {
          // Unblocking and successful come after blocked: never go back.
          if (d.Status !== DeploymentStatusUnblocking && d.Status !== DeploymentStatusSuccessful) {
            this.result.deploymentUpdates.push({
              DeploymentID: d.ID,
              Status: DeploymentStatusBlocked,
              StatusDescription: DeploymentStatusDescriptionBlocked,
            });
          }
        } else {
          this.result.deploymentUpdates.push({
            DeploymentID: d.ID,
            Status: DeploymentStatusSuccessful,
            StatusDescription: DeploymentStatusDescriptionSuccessful,
          });
        }
      }
      if (d.Status === DeploymentStatusInitializing) {
        this.result.deploymentUpdates.push({
          DeploymentID: d.ID,
          Status: DeploymentStatusPending,
          StatusDescription: DeploymentStatusDescriptionPendingForPeer,
        });
      }
    }

    const created = this.result.deployment;
    if (created !== null && requiresPromotion(created)) {
      created.StatusDescription = hasAutoPromote(created)
        ? DeploymentStatusDescriptionRunningAutoPromotion
        : DeploymentStatusDescriptionRunningNeedsPromotion;
    }
  }

  /**
   * computeDeploymentPaused holds placements back while the deployment is
   * paused, or pending or initializing (a multiregion deployment waiting
   * for its turn), and notes a failed deployment.
   */
  private computeDeploymentPaused(): void {
    if (this.deployment === null) return;
    const status = this.deployment.Status;
    this.deploymentPaused =
      status === DeploymentStatusPaused ||
      status === DeploymentStatusPending ||
      status === DeploymentStatusInitializing;
    this.deploymentFailed = status === DeploymentStatusFailed;
  }

  /**
   * cancelUnneededDeployments drops a deployment that no longer applies:
   * all of them when the job is stopped, one for another job version, and a
   * successful one. An active one is cancelled on the way.
   */
  private cancelUnneededDeployments(job: Job | null): void {
    const d = this.deployment;
    if (jobStopped(job)) {
      if (d !== null && deploymentActive(d)) {
        this.result.deploymentUpdates.push({
          DeploymentID: d.ID,
          Status: DeploymentStatusCancelled,
          StatusDescription: DeploymentStatusDescriptionStoppedJob,
        });
      }
      this.tracer?.deployment('job-stopped', d, job);
      this.oldDeployment = d;
      this.deployment = null;
      return;
    }
    if (d === null) {
      this.tracer?.deployment('none', d, job);
      return;
    }

    if (d.JobCreateIndex !== job.CreateIndex || d.JobVersion !== job.Version) {
      if (deploymentActive(d)) {
        this.result.deploymentUpdates.push({
          DeploymentID: d.ID,
          Status: DeploymentStatusCancelled,
          StatusDescription: DeploymentStatusDescriptionNewerJob,
        });
      }
      this.tracer?.deployment('other-version', d, job);
      this.oldDeployment = d;
      this.deployment = null;
    }

    if (d.Status === DeploymentStatusSuccessful) {
      this.tracer?.deployment('successful', d, job);
      this.oldDeployment = d;
      this.deployment = null;
    }
    if (this.deployment !== null) this.tracer?.deployment('current', d, job);
  }

  /** handleStop stops every allocation of a stopped job that has not finished. */
  private handleStop(m: AllocMatrix): void {
    for (const [group, all] of m) {
      const set = filterByTerminal(all);
      const desired = newDesiredUpdates();
      desired.Stop = this.filterAndStopAll(set, this.recorder(group, false), 'handleStop', all);
      this.result.desiredTGUpdates.set(group, desired);
    }
  }

  /**
   * filterAndStopAll stops a whole set, marking those on down or gone nodes
   * lost; of the allocations with nothing to do only the unknown ones are
   * stopped. It counts the whole set as stopped, as upstream does.
   */
  private filterAndStopAll(
    set: AllocSet,
    trace: GroupRecorder,
    step: 'handleStop' | 'removed group',
    all: AllocSet,
  ): number {
    const { untainted, migrate, lost, disconnecting, reconnecting, ignore } = filterByTainted(
      set,
      this.input.taintedNodes,
      this.input.supportsDisconnectedClients,
      this.input.now,
    );
    this.markStop(untainted, '', allocNotNeeded);
    this.markStop(migrate, '', allocNotNeeded);
    this.markStop(lost, AllocClientStatusLost, allocLost);
    this.markStop(disconnecting, '', allocNotNeeded);
    this.markStop(reconnecting, '', allocNotNeeded);
    const unknown = filterByClientStatus(ignore, AllocClientStatusUnknown);
    this.markStop(unknown, '', allocNotNeeded);
    trace.stopAll(step, all, untainted.union(disconnecting, reconnecting, unknown), migrate, lost);
    return set.size;
  }

  /**
   * computeGroup reconciles one task group, step by step, and reports
   * whether the deployment is complete as far as this group is concerned.
   */
  private computeGroup(group: string, all: AllocSet): boolean {
    const desiredChanges = newDesiredUpdates();
    this.result.desiredTGUpdates.set(group, desiredChanges);
    const tg = lookupTaskGroup(this.job, group);
    const trace = this.recorder(group, tg === undefined);

    // A group the job no longer has: stop everything it still runs.
    if (tg === undefined) {
      desiredChanges.Stop = this.filterAndStopAll(all, trace, 'removed group', all);
      return true;
    }

    const { dstate, existingDeployment } = this.initializeDeploymentState(group, tg);
    trace.start(all, tg.Count, existingDeployment);

    // Finished allocations of older versions are neither replaced nor counted.
    let ignore: AllocSet;
    ({ filtered: all, ignore } = this.filterOldTerminalAllocs(all));
    desiredChanges.Ignore += ignore.size;
    trace.filterOldTerminalAllocs(ignore);

    // The current deployment's canaries, kept apart; all still holds them.
    let canaries: AllocSet;
    ({ canaries, all } = this.cancelUnneededCanaries(all, desiredChanges, trace));

    // Where the allocations run, and whether their client went away.
    let {
      untainted,
      migrate,
      lost,
      disconnecting,
      reconnecting,
      ignore: nothingToDo,
    } = filterByTainted(all, this.input.taintedNodes, this.input.supportsDisconnectedClients, this.input.now);
    desiredChanges.Ignore += nothingToDo.size;
    trace.filterByTainted(untainted, migrate, lost);
    trace.disconnects(disconnecting, reconnecting, nothingToDo);

    // Which failed allocations are replaced now, and which later.
    let rescheduleNow: AllocSet;
    let rescheduleLater: DelayedRescheduleInfo[];
    ({ untainted, rescheduleNow, rescheduleLater } = filterByRescheduleable(
      untainted,
      this.input.batch,
      false,
      this.input.now,
      this.input.evalID,
      this.deployment,
    ));
    trace.filterByRescheduleable(untainted, rescheduleNow, rescheduleLater);

    // Allocations whose node came back are weighed against their
    // replacements first: which to keep can only be decided now.
    if (reconnecting.size > 0) {
      const { reconnect, stop } = this.reconcileReconnecting(reconnecting, all, trace);
      desiredChanges.Stop += stop.size;
      untainted = untainted.difference(stop);
      migrate = migrate.difference(stop);
      lost = lost.difference(stop);
      disconnecting = disconnecting.difference(stop);
      // Upstream also takes them out of the reconnecting and nothing-to-do
      // sets, which are not read again.

      this.computeReconnecting(reconnect);
      // What reconnects is reconciled below like any running allocation.
      untainted = untainted.union(reconnect);
    }

    // Allocations on a disconnected node: replaced now, later or not at all,
    // and marked unknown until their max_client_disconnect runs out.
    let timeoutLaterEvals = new Map<string, string>();
    if (disconnecting.size > 0) {
      const later = filterByRescheduleable(
        disconnecting,
        this.input.batch,
        true,
        this.input.now,
        this.input.evalID,
        this.deployment,
      );
      trace.disconnectRescheduled(later.rescheduleNow);
      rescheduleNow = rescheduleNow.union(later.rescheduleNow);
      untainted = untainted.union(later.untainted);
      rescheduleLater.push(...later.rescheduleLater);
      timeoutLaterEvals = this.createTimeoutLaterEvals(disconnecting, tg.Name);
      trace.markedUnknown([...timeoutLaterEvals.keys()]);
    }

    // Lost allocations of a group with stop_after_client_disconnect wait.
    let lostLaterEvals = new Map<string, string>();
    let lostLater: DelayedRescheduleInfo[] = [];
    if (lost.size > 0) {
      lostLater = delayByStopAfterClientDisconnect(lost, this.input.now);
      lostLaterEvals = this.createLostLaterEvals(lostLater, tg.Name);
    }
    trace.delayByStopAfterClientDisconnect(lostLater);

    // computeStop marks the disconnecting allocations' evaluations too;
    // where both know an allocation, the disconnect timeout wins.
    for (const [allocID, evalID] of timeoutLaterEvals) lostLaterEvals.set(allocID, evalID);

    // Follow-up evaluations for the allocations to replace later.
    this.createRescheduleLaterEvals(rescheduleLater, all, tg.Name);

    // Names in use: running allocations, migrating ones, those to be
    // replaced now and lost ones keep theirs.
    const nameIndex = new AllocNameIndex(
      this.input.jobID,
      group,
      tg.Count,
      untainted.union(migrate, rescheduleNow, lost),
    );

    // Stop what exceeds the count, and every lost allocation.
    let isCanarying = dstate.DesiredCanaries !== 0 && !dstate.Promoted;
    const stop = this.computeStop(
      tg,
      nameIndex,
      untainted,
      migrate,
      lost,
      canaries,
      isCanarying,
      lostLaterEvals,
      trace,
    );
    desiredChanges.Stop += stop.size;
    untainted = untainted.difference(stop);
    trace.computeStop(tg.Count, stop, untainted);

    // In-place updates now; destructive ones as the limit allows, below.
    const { ignore: ignoreUpdates, inplace, destructive } = this.computeUpdates(tg, untainted, trace);
    desiredChanges.Ignore += ignoreUpdates.size;
    desiredChanges.InPlaceUpdate += inplace.size;
    if (!existingDeployment) dstate.DesiredTotal += destructive.size + inplace.size;
    trace.computeUpdates(ignoreUpdates, inplace, destructive);

    // Canaries of an unpromoted deployment are not counted for placement.
    const isCanaryingBefore = isCanarying;
    if (isCanarying) untainted = untainted.difference(canaries);
    const requiresCanaries = this.requiresCanaries(tg, dstate, destructive, canaries);
    if (requiresCanaries) this.computeCanaries(tg, dstate, destructive, canaries, desiredChanges, nameIndex);

    // How many non-canary allocations may be placed now.
    isCanarying = dstate.DesiredCanaries !== 0 && !dstate.Promoted;
    trace.canaries(canaries, stop, destructive, inplace, {
      dstate,
      existingDeployment,
      requireCanary: requiresCanaries,
      canaryStateBefore: isCanaryingBefore,
      canaryState: isCanarying,
      wanted: tg.Update?.Canary ?? 0,
      have: canaries.size,
      held: this.deploymentPaused || this.deploymentFailed,
    });
    const underProvisionedBy = this.computeUnderProvisionedBy(tg, untainted, destructive, migrate, isCanarying);
    trace.computeLimit(tg, underProvisionedBy);

    // Placements wait while a lost allocation's stop_after_client_disconnect runs.
    let place: AllocPlaceResult[] = [];
    if (lostLater.length === 0) {
      place = this.computePlacements(tg, nameIndex, untainted, migrate, rescheduleNow, lost, isCanarying);
      if (!existingDeployment) dstate.DesiredTotal += place.length;
    }

    // Placements may be made freely unless the deployment is paused, failed or canarying.
    const deploymentPlaceReady = !this.deploymentPaused && !this.deploymentFailed && !isCanarying;
    const remaining = this.computeReplacements(
      deploymentPlaceReady,
      desiredChanges,
      place,
      rescheduleNow,
      lost,
      underProvisionedBy.limit,
      trace,
    );
    trace.computePlacements(
      place.map((p) => p.name),
      deploymentPlaceReady,
    );

    if (deploymentPlaceReady) {
      this.computeDestructiveUpdates(destructive, remaining, desiredChanges, tg, underProvisionedBy.limit, trace);
    } else {
      desiredChanges.Ignore += destructive.size;
      trace.destructiveHeld(destructive.values(), null);
    }

    this.computeMigrations(desiredChanges, migrate, tg, isCanarying);
    this.createDeployment(tg.Name, tg.Update, existingDeployment, dstate, all, destructive);

    // A deployment still initializing is sent whole, so that the plan
    // applier stores the state just computed.
    if (this.deployment !== null && this.deployment.Status === DeploymentStatusInitializing) {
      this.result.deployment = this.deployment;
    }

    const deploymentComplete = this.isDeploymentComplete(
      group,
      destructive,
      inplace,
      migrate,
      rescheduleNow,
      place,
      rescheduleLater,
      requiresCanaries,
    );
    trace.deploymentComplete(deploymentComplete);
    return deploymentComplete;
  }

  /** initializeDeploymentState is the group's state in the current deployment, or a fresh one from its update strategy. */
  private initializeDeploymentState(
    group: string,
    tg: TaskGroup,
  ): { dstate: DeploymentState; existingDeployment: boolean } {
    const existing = this.deployment?.TaskGroups.get(group);
    if (existing !== undefined) return { dstate: existing, existingDeployment: true };
    const dstate = newDeploymentState();
    if (tg.Update !== null && !updateStrategyIsEmpty(tg.Update)) {
      dstate.AutoRevert = tg.Update.AutoRevert;
      dstate.AutoPromote = tg.Update.AutoPromote;
      dstate.ProgressDeadline = tg.Update.ProgressDeadline;
    }
    return { dstate, existingDeployment: false };
  }

  /** requiresCanaries reports whether a destructive change, with fewer canaries than the strategy wants and none promoted, needs canaries. */
  private requiresCanaries(tg: TaskGroup, dstate: DeploymentState, destructive: AllocSet, canaries: AllocSet): boolean {
    return tg.Update !== null && destructive.size !== 0 && canaries.size < tg.Update.Canary && !dstate.Promoted;
  }

  /** computeCanaries sets the canaries the group wants and, unless the deployment is paused or failed, places the missing ones. */
  private computeCanaries(
    tg: TaskGroup,
    dstate: DeploymentState,
    destructive: AllocSet,
    canaries: AllocSet,
    desiredChanges: DesiredUpdates,
    nameIndex: AllocNameIndex,
  ): void {
    const strategy = tg.Update!;
    dstate.DesiredCanaries = strategy.Canary;
    if (this.deploymentPaused || this.deploymentFailed) return;
    desiredChanges.Canary += strategy.Canary - canaries.size;
    for (const name of nameIndex.nextCanaries(desiredChanges.Canary, canaries, destructive)) {
      this.result.place.push(placement(name, tg, { canary: true }));
    }
  }

  /**
   * cancelUnneededCanaries stops the unpromoted canaries of an old or failed
   * deployment, stops (or marks lost) the current deployment's canaries on
   * draining or lost nodes, and returns the canaries that remain along with
   * the group's allocations without the ones stopped. Canaries that are
   * disconnecting, reconnecting or have nothing to do stay in the group but
   * are not counted as canaries.
   */
  private cancelUnneededCanaries(
    all: AllocSet,
    desiredChanges: DesiredUpdates,
    trace: GroupRecorder,
  ): { canaries: AllocSet; all: AllocSet } {
    const stop: string[][] = [];
    if (this.oldDeployment !== null) {
      for (const s of this.oldDeployment.TaskGroups.values()) if (!s.Promoted) stop.push(s.PlacedCanaries);
    }
    if (this.deployment !== null && this.deployment.Status === DeploymentStatusFailed) {
      for (const s of this.deployment.TaskGroups.values()) if (!s.Promoted) stop.push(s.PlacedCanaries);
    }

    const stopSet = all.fromKeys(...stop);
    this.markStop(stopSet, '', allocNotNeeded);
    desiredChanges.Stop += stopSet.size;
    all = all.difference(stopSet);

    let canaries = all.empty();
    let migrate = all.empty();
    let lost = all.empty();
    if (this.deployment !== null) {
      const ids: string[][] = [];
      for (const s of this.deployment.TaskGroups.values()) ids.push(s.PlacedCanaries);
      canaries = all.fromKeys(...ids);
      ({
        untainted: canaries,
        migrate,
        lost,
      } = filterByTainted(canaries, this.input.taintedNodes, this.input.supportsDisconnectedClients, this.input.now));
      // Not counted in desiredChanges: the deployment goes on, and these
      // passing failures say nothing of its progress.
      this.markStop(migrate, '', allocMigrating);
      this.markStop(lost, AllocClientStatusLost, allocLost);
      all = all.difference(migrate, lost);
    }
    trace.handleGroupCanaries(stopSet, canaries, migrate, lost);
    return { canaries, all };
  }

  /**
   * computeUnderProvisionedBy is how many changes the group may make now:
   * its count when there is no update strategy or nothing to replace;
   * max_parallel when there is no deployment yet; nothing while the
   * deployment is paused, failed or awaiting promotion; otherwise
   * max_parallel less the deployment's allocations not yet healthy, and
   * nothing at all once one of them is unhealthy. It returns the number with
   * the branch that set it, for the explanation.
   */
  private computeUnderProvisionedBy(
    group: TaskGroup,
    untainted: AllocSet,
    destructive: AllocSet,
    migrate: AllocSet,
    isCanarying: boolean,
  ): LimitDecision {
    if (updateStrategyIsEmpty(group.Update)) return { limit: group.Count, code: 'no-update-strategy' };
    if (destructive.size + migrate.size === 0) return { limit: group.Count, code: 'nothing-to-replace' };
    const maxParallel = group.Update!.MaxParallel;
    if (this.deployment === null) return { limit: maxParallel, code: 'max-parallel' };
    if (this.deploymentPaused) return { limit: 0, code: 'deployment-paused' };
    if (this.deploymentFailed) return { limit: 0, code: 'deployment-failed' };
    if (isCanarying) return { limit: 0, code: 'canaries-unpromoted' };

    let underProvisionedBy = maxParallel;
    const { match } = untainted.filterByDeployment(this.deployment.ID);
    for (const alloc of match.values()) {
      if (isUnhealthy(alloc.DeploymentStatus)) return { limit: 0, code: 'unhealthy-allocation' };
      if (!isHealthy(alloc.DeploymentStatus)) underProvisionedBy--;
    }
    // Scaling up during a destructive change can push it below zero.
    return { limit: underProvisionedBy < 0 ? 0 : underProvisionedBy, code: 'max-parallel' };
  }

  /**
   * computePlacements lists the placements the group needs: a replacement
   * for each allocation to reschedule now, then one for each lost
   * allocation while the group is short of its count, then new names for
   * whatever the count still lacks.
   */
  private computePlacements(
    group: TaskGroup,
    nameIndex: AllocNameIndex,
    untainted: AllocSet,
    migrate: AllocSet,
    reschedule: AllocSet,
    lost: AllocSet,
    isCanarying: boolean,
  ): AllocPlaceResult[] {
    const place: AllocPlaceResult[] = [];
    for (const alloc of reschedule.values()) {
      place.push(replacement(alloc, group, isCanarying, { reschedule: true }));
    }

    let existing = untainted.size + migrate.size + reschedule.size;
    for (const alloc of lost.values()) {
      if (existing >= group.Count) break;
      existing++;
      place.push(replacement(alloc, group, isCanarying, { lost: true }));
    }

    if (existing < group.Count) {
      for (const name of nameIndex.next(group.Count - existing)) {
        place.push(placement(name, group, { downgradeNonCanary: isCanarying }));
      }
    }
    return place;
  }

  /**
   * computeReplacements applies the placements when the deployment allows
   * them, stopping the failed allocations they replace. Otherwise it still
   * replaces lost allocations, and failed ones due now unless they belong to
   * the failed deployment, so that the job does not shrink. Allocations only
   * disconnecting are replaced but not stopped: they may come back. It
   * returns how many more changes the limit allows.
   */
  private computeReplacements(
    deploymentPlaceReady: boolean,
    desiredChanges: DesiredUpdates,
    place: readonly AllocPlaceResult[],
    rescheduleNow: AllocSet,
    lost: AllocSet,
    underProvisionedBy: number,
    trace: GroupRecorder,
  ): number {
    // Only those that really failed are stopped.
    const failed = rescheduleNow.split(2, (a) =>
      this.result.disconnectUpdates.has(a.ID) || a.ClientStatus === AllocClientStatusUnknown ? 1 : 0,
    )[0]!;

    if (deploymentPlaceReady) {
      desiredChanges.Place += place.length;
      for (const p of place) this.result.place.push(p);
      this.markStop(failed, '', allocRescheduled);
      desiredChanges.Stop += failed.size;
      return underProvisionedBy - Math.min(place.length, underProvisionedBy);
    }

    if (lost.size !== 0) {
      const allowed = Math.min(lost.size, place.length);
      desiredChanges.Place += allowed;
      for (const p of place.slice(0, allowed)) this.result.place.push(p);
    }

    if (rescheduleNow.size === 0 || place.length === 0) return underProvisionedBy;

    for (const p of place) {
      const prev = p.previousAlloc;
      const partOfFailedDeployment =
        this.deploymentFailed && prev !== null && this.deployment!.ID === prev.DeploymentID;
      if (!partOfFailedDeployment && p.reschedule) {
        this.result.place.push(p);
        desiredChanges.Place++;
        if (this.result.disconnectUpdates.has(prev!.ID)) continue;
        this.result.stop.push({
          alloc: prev!,
          clientStatus: '',
          statusDescription: allocRescheduled,
          followupEvalID: '',
        });
        desiredChanges.Stop++;
      } else if (p.reschedule && prev !== null) {
        trace.notReplaced(prev);
      }
    }
    return underProvisionedBy;
  }

  /** computeDestructiveUpdates replaces, in name order, as many allocations as the limit leaves; the rest wait. */
  private computeDestructiveUpdates(
    destructive: AllocSet,
    underProvisionedBy: number,
    desiredChanges: DesiredUpdates,
    tg: TaskGroup,
    limit: number,
    trace: GroupRecorder,
  ): void {
    const minimum = Math.min(destructive.size, underProvisionedBy);
    desiredChanges.DestructiveUpdate += minimum;
    desiredChanges.Ignore += destructive.size - minimum;
    const ordered = destructive.nameOrder();
    for (const alloc of ordered.slice(0, minimum)) {
      this.result.destructiveUpdate.push({
        placeName: alloc.Name,
        placeTaskGroup: tg,
        stopAlloc: alloc,
        stopStatusDescription: allocUpdating,
      });
    }
    trace.destructiveHeld(ordered.slice(minimum), limit);
  }

  /** computeMigrations moves every allocation the drainer asked to move: stopped here, placed anew. */
  private computeMigrations(
    desiredChanges: DesiredUpdates,
    migrate: AllocSet,
    tg: TaskGroup,
    isCanarying: boolean,
  ): void {
    desiredChanges.Migrate += migrate.size;
    for (const alloc of migrate.nameOrder()) {
      this.result.stop.push({ alloc, clientStatus: '', statusDescription: allocMigrating, followupEvalID: '' });
      this.result.place.push(replacement(alloc, tg, isCanarying, {}));
    }
  }

  /**
   * createDeployment creates the job's deployment, or adds the group to the
   * one another group created, when the job's spec changes or it runs for
   * the first time, if the group has an update strategy and work to do.
   */
  private createDeployment(
    groupName: string,
    strategy: UpdateStrategy | null,
    existingDeployment: boolean,
    dstate: DeploymentState,
    all: AllocSet,
    destructive: AllocSet,
  ): void {
    if (existingDeployment || updateStrategyIsEmpty(strategy) || dstate.DesiredTotal === 0) return;

    const updatingSpec = destructive.size !== 0 || this.result.inplaceUpdate.length !== 0;
    let hadRunning = false;
    for (const alloc of all.values()) {
      if (alloc.Job.Version === this.job.Version && alloc.Job.CreateIndex === this.job.CreateIndex) {
        hadRunning = true;
        break;
      }
    }
    if (hadRunning && !updatingSpec) return;

    if (this.deployment === null) {
      this.deployment = newDeployment(this.job, this.input.generateID(), this.input.evalPriority);
      this.result.deployment = this.deployment;
    }
    this.deployment.TaskGroups.set(groupName, dstate);
  }

  /** isDeploymentComplete reports whether nothing is left to do and, in a deployment, everything is healthy and promoted. */
  private isDeploymentComplete(
    groupName: string,
    destructive: AllocSet,
    inplace: AllocSet,
    migrate: AllocSet,
    rescheduleNow: AllocSet,
    place: readonly AllocPlaceResult[],
    rescheduleLater: readonly DelayedRescheduleInfo[],
    requiresCanaries: boolean,
  ): boolean {
    const complete =
      destructive.size + inplace.size + place.length + migrate.size + rescheduleNow.size + rescheduleLater.length ===
        0 && !requiresCanaries;
    if (!complete || this.deployment === null) return false;
    const ds = this.deployment.TaskGroups.get(groupName);
    if (ds === undefined) return true;
    return !(
      ds.HealthyAllocs < Math.max(ds.DesiredTotal, ds.DesiredCanaries) ||
      (ds.DesiredCanaries > 0 && !ds.Promoted)
    );
  }

  /**
   * computeStop marks every lost allocation, then, while the group runs more
   * than its count (unknown allocations not counted), stops allocations in
   * this order of preference: those sharing a name with a promoted canary,
   * migrating ones with the highest indexes, untainted ones with the highest
   * indexes, and finally any (duplicate names). Canaries of an unpromoted
   * deployment are never stopped here.
   */
  private computeStop(
    group: TaskGroup,
    nameIndex: AllocNameIndex,
    untainted: AllocSet,
    migrate: AllocSet,
    lost: AllocSet,
    canaries: AllocSet,
    isCanarying: boolean,
    followupEvals: ReadonlyMap<string, string>,
    trace: GroupRecorder,
  ): AllocSet {
    const stop = lost.union();
    this.markDelayed(lost, AllocClientStatusLost, allocLost, followupEvals);

    if (isCanarying) untainted = untainted.difference(canaries);

    // Unknown allocations are waited for, so they do not count against the count.
    const knownUntainted = filterOutByClientStatus(untainted, AllocClientStatusUnknown);
    let remove = knownUntainted.size + migrate.size - group.Count;
    if (remove <= 0) return stop;

    untainted = filterByTerminal(untainted);
    const stopOne = (alloc: Allocation, from: AllocSet, why: DecisionCode): boolean => {
      stop.add(alloc);
      this.result.stop.push({ alloc, clientStatus: '', statusDescription: allocNotNeeded, followupEvalID: '' });
      from.delete(alloc.ID);
      trace.stopped(alloc, why, group.Count);
      remove--;
      return remove === 0;
    };

    if (!isCanarying && canaries.size !== 0) {
      const canaryNames = canaries.nameSet();
      for (const alloc of untainted.difference(canaries).values()) {
        if (canaryNames.has(alloc.Name) && stopOne(alloc, untainted, 'stop-canary-name')) {
          return stop;
        }
      }
    }

    if (migrate.size !== 0) {
      const migratingNames = new AllocNameIndex(this.input.jobID, group.Name, group.Count, migrate);
      const removeNames = migratingNames.highest(remove);
      for (const alloc of migrate.values()) {
        if (!removeNames.has(alloc.Name)) continue;
        nameIndex.unsetIndex(allocIndex(alloc));
        if (stopOne(alloc, migrate, 'stop-migrating')) return stop;
      }
    }

    const removeNames = nameIndex.highest(remove);
    for (const alloc of untainted.values()) {
      if (removeNames.has(alloc.Name) && stopOne(alloc, untainted, 'stop-highest-index')) {
        return stop;
      }
    }

    // Duplicate names can leave too many; stop any until the count fits.
    for (const alloc of untainted.values()) {
      if (stopOne(alloc, untainted, 'stop-duplicate-name')) return stop;
    }
    return stop;
  }

  /**
   * reconcileReconnecting decides, for each allocation whose node came back,
   * whether it reconnects or is stopped: one that failed meanwhile, that the
   * server no longer wants, that was asked to move or that runs an older job
   * is stopped; otherwise it is weighed against its replacement and the one
   * not kept is stopped (a failed replacement is already stopped). Every
   * reconnecting allocation ends in exactly one of the two sets.
   */
  private reconcileReconnecting(
    reconnecting: AllocSet,
    all: AllocSet,
    trace: GroupRecorder,
  ): { reconnect: AllocSet; stop: AllocSet } {
    const stop = all.empty();
    const stopAs = (alloc: Allocation, clientStatus: string, statusDescription: string, why: DecisionCode): void => {
      stop.add(alloc);
      this.result.stop.push({ alloc, clientStatus, statusDescription, followupEvalID: '' });
      trace.reconnectStopped(alloc, why);
    };

    for (const reconnectingAlloc of reconnecting.values()) {
      if (!serverTerminalStatus(reconnectingAlloc) && reconnectingAlloc.ClientStatus === AllocClientStatusFailed) {
        stopAs(reconnectingAlloc, AllocClientStatusFailed, allocRescheduled, 'reconnect-failed');
        continue;
      }

      if (reconnectingAlloc.DesiredStatus !== AllocDesiredStatusRun || this.mustNotResume(reconnectingAlloc)) {
        stopAs(reconnectingAlloc, '', allocNotNeeded, 'reconnect-not-wanted');
        continue;
      }

      // Its replacement, unless the server already stopped that one.
      const replacementAlloc = all.get(reconnectingAlloc.NextAllocation);
      if (replacementAlloc === undefined || serverTerminalStatus(replacementAlloc)) continue;

      if (pickReconnectingAlloc(reconnectingAlloc, replacementAlloc) === replacementAlloc) {
        if (!stop.has(reconnectingAlloc.ID)) stopAs(reconnectingAlloc, '', allocNotNeeded, 'reconnect-replaced');
      } else if (replacementAlloc.ClientStatus !== AllocClientStatusFailed) {
        stopAs(replacementAlloc, '', allocReconnected, 'replacement-not-needed');
      }
    }

    const reconnect = reconnecting.difference(stop);
    trace.reconnected(reconnect);
    return { reconnect, stop };
  }

  // mustNotResume reports whether someone asked the allocation to move or be
  // replaced, or it runs an older job: it does not come back as it was.
  private mustNotResume(alloc: Allocation): boolean {
    return (
      transitionShouldMigrate(alloc.DesiredTransition) ||
      transitionShouldReschedule(alloc.DesiredTransition) ||
      transitionShouldForceReschedule(alloc.DesiredTransition) ||
      alloc.Job.Version < this.job.Version ||
      alloc.Job.CreateIndex < this.job.CreateIndex
    );
  }

  /**
   * computeReconnecting records, for each reconnected allocation that runs
   * and may resume, a copy whose states note the client status again, so
   * that later evaluations know it is back.
   */
  private computeReconnecting(reconnecting: AllocSet): void {
    for (const alloc of reconnecting.values()) {
      if (this.mustNotResume(alloc)) continue;
      if (alloc.DesiredStatus !== AllocDesiredStatusRun) continue;
      if (alloc.ClientStatus !== AllocClientStatusRunning) continue;
      this.result.reconnectUpdates.set(
        alloc.ID,
        appendState(alloc, AllocStateFieldClientStatus, alloc.ClientStatus, this.input.now),
      );
    }
  }

  /**
   * createRescheduleLaterEvals schedules follow-up evaluations for the
   * allocations to replace later and annotates each with its evaluation; an
   * allocation being marked unknown carries it on that update instead.
   */
  private createRescheduleLaterEvals(rescheduleLater: DelayedRescheduleInfo[], all: AllocSet, tgName: string): void {
    const followups = this.createLostLaterEvals(rescheduleLater, tgName);
    for (const later of rescheduleLater) {
      const evalID = followups.get(later.allocID)!;
      const disconnecting = this.result.disconnectUpdates.get(later.allocID);
      if (disconnecting !== undefined) disconnecting.FollowupEvalID = evalID;
      else this.result.attributeUpdates.set(later.allocID, { ...all.get(later.alloc.ID)!, FollowupEvalID: evalID });
    }
  }

  /**
   * createLostLaterEvals creates follow-up evaluations for allocations to be
   * replaced later, batching together those due within a few seconds of the
   * batch's first, adds them to the group's list, and returns each
   * allocation's evaluation ID.
   */
  private createLostLaterEvals(rescheduleLater: DelayedRescheduleInfo[], tgName: string): Map<string, string> {
    const ids = new Map<string, string>();
    if (rescheduleLater.length === 0) return ids;

    rescheduleLater.sort((x, y) => x.rescheduleTime - y.rescheduleTime);
    const evals: Evaluation[] = [];
    let batchStart = rescheduleLater[0]!.rescheduleTime;
    let current = this.followupEval(batchStart, EvalTriggerRetryFailedAlloc, reschedulingFollowupEvalDesc);
    evals.push(current);
    for (const info of rescheduleLater) {
      if (info.rescheduleTime - batchStart >= batchedFailedAllocWindowSize) {
        batchStart = info.rescheduleTime;
        // Upstream leaves the description of every batch after the first empty.
        current = this.followupEval(batchStart, EvalTriggerRetryFailedAlloc, '');
        evals.push(current);
      }
      ids.set(info.allocID, current.ID);
    }
    this.appendFollowupEvals(tgName, evals);
    return ids;
  }

  /**
   * createTimeoutLaterEvals creates, for the allocations on disconnected
   * nodes, the follow-up evaluations that will find them lost once their
   * max_client_disconnect runs out (batched as reschedules are), and marks
   * each allocation unknown with its evaluation. When one of them would time
   * out at once it creates nothing (upstream logs an error).
   */
  private createTimeoutLaterEvals(disconnecting: AllocSet, tgName: string): Map<string, string> {
    const ids = new Map<string, string>();
    const timeoutDelays = delayByMaxClientDisconnect(disconnecting, this.input.now);
    if (timeoutDelays === null || timeoutDelays.length === 0) return ids;

    timeoutDelays.sort((x, y) => x.rescheduleTime - y.rescheduleTime);
    const evals: Evaluation[] = [];
    let batchStart = timeoutDelays[0]!.rescheduleTime;
    let current = this.followupEval(batchStart, EvalTriggerMaxDisconnectTimeout, disconnectTimeoutFollowupEvalDesc);
    evals.push(current);
    for (const info of timeoutDelays) {
      if (info.rescheduleTime - batchStart >= batchedFailedAllocWindowSize) {
        batchStart = info.rescheduleTime;
        current = this.followupEval(batchStart, EvalTriggerMaxDisconnectTimeout, disconnectTimeoutFollowupEvalDesc);
        evals.push(current);
      }
      ids.set(info.allocID, current.ID);

      const unknown = appendState(info.alloc, AllocStateFieldClientStatus, AllocClientStatusUnknown, this.input.now);
      unknown.ClientStatus = AllocClientStatusUnknown;
      unknown.ClientDescription = allocUnknown;
      unknown.FollowupEvalID = current.ID;
      this.result.disconnectUpdates.set(unknown.ID, unknown);
    }
    this.appendFollowupEvals(tgName, evals);
    return ids;
  }

  /** appendFollowupEvals adds evaluations to the group's list (1.6 keeps earlier ones; 0.12 replaced them). */
  private appendFollowupEvals(tgName: string, evals: Evaluation[]): void {
    const existing = this.result.desiredFollowupEvals.get(tgName);
    this.result.desiredFollowupEvals.set(tgName, existing ? [...existing, ...evals] : evals);
  }

  private followupEval(waitUntil: number, triggeredBy: string, statusDescription: string): Evaluation {
    return {
      ID: this.input.generateID(),
      Namespace: this.job.Namespace,
      Priority: this.input.evalPriority,
      Type: this.job.Type,
      TriggeredBy: triggeredBy,
      JobID: this.job.ID,
      JobModifyIndex: this.job.ModifyIndex,
      Status: EvalStatusPending,
      StatusDescription: statusDescription,
      WaitUntil: waitUntil,
    };
  }
}

/**
 * pickReconnectingAlloc chooses between an allocation that reconnected and
 * its replacement, keeping the original unless the replacement runs a newer
 * job, or scores better (or alone has a score) without being worse off:
 * running, or the original not running either.
 */
export function pickReconnectingAlloc(original: Allocation, replacement: Allocation): Allocation {
  if (replacement.Job.Version > original.Job.Version || replacement.Job.CreateIndex > original.Job.CreateIndex) {
    return replacement;
  }
  const originalScore = maxNormScore(original.Metrics);
  const replacementScore = maxNormScore(replacement.Metrics);
  const replacementHasBetterScore =
    (originalScore === null && replacementScore !== null) ||
    (originalScore !== null && replacementScore !== null && replacementScore.NormScore > originalScore.NormScore);
  const replacementIsRunning = replacement.ClientStatus === AllocClientStatusRunning;
  const originalNotRunning = original.ClientStatus !== AllocClientStatusRunning;
  return replacementHasBetterScore && (replacementIsRunning || originalNotRunning) ? replacement : original;
}

// placement is a new allocation of the group with no previous one.
function placement(
  name: string,
  taskGroup: TaskGroup,
  facts: { canary?: boolean; downgradeNonCanary?: boolean },
): AllocPlaceResult {
  return {
    name,
    taskGroup,
    canary: facts.canary ?? false,
    previousAlloc: null,
    reschedule: false,
    lost: false,
    downgradeNonCanary: facts.downgradeNonCanary ?? false,
    minJobVersion: 0,
  };
}

// replacement is a placement that takes the place of `alloc`, under its
// name, a canary if it was one, and at least its job version.
function replacement(
  alloc: Allocation,
  taskGroup: TaskGroup,
  isCanarying: boolean,
  facts: { reschedule?: boolean; lost?: boolean },
): AllocPlaceResult {
  const canary = isCanary(alloc.DeploymentStatus);
  return {
    name: alloc.Name,
    taskGroup,
    canary,
    previousAlloc: alloc,
    reschedule: facts.reschedule ?? false,
    lost: facts.lost ?? false,
    downgradeNonCanary: isCanarying && !canary,
    minJobVersion: alloc.Job.Version,
  };
}
