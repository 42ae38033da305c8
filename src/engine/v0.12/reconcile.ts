// Upstream: hashicorp/nomad scheduler/reconcile.go at dccea99f7e (the seed).
//
// The allocation reconciler: given a job version, its existing allocations,
// the tainted nodes and the latest deployment, it decides which allocations
// to place, stop, migrate, and update in place or destructively, whether to
// create a deployment or change the status of one, and which follow-up
// evaluations to schedule. It chooses no nodes; the scheduler does that.

import {
  type Allocation,
  type DeploymentState,
  type DesiredUpdates,
  type Evaluation,
  type Job,
  type TaskGroup,
  AllocClientStatusLost,
  DeploymentStatusBlocked,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionBlocked,
  DeploymentStatusDescriptionNewerJob,
  DeploymentStatusDescriptionPausedForPeer,
  DeploymentStatusDescriptionRunningAutoPromotion,
  DeploymentStatusDescriptionRunningNeedsPromotion,
  DeploymentStatusDescriptionStoppedJob,
  DeploymentStatusDescriptionSuccessful,
  DeploymentStatusFailed,
  DeploymentStatusPaused,
  DeploymentStatusSuccessful,
  EvalStatusPending,
  EvalTriggerRetryFailedAlloc,
  SECOND,
  allocIndex,
  deploymentActive,
  hasAutoPromote,
  isCanary,
  isHealthy,
  isMultiregion,
  isUnhealthy,
  jobStopped,
  lookupTaskGroup,
  newDeployment,
  newDeploymentState,
  newDesiredUpdates,
  requiresPromotion,
  updateStrategyIsEmpty,
} from '../structs.ts';
import { AllocNameIndex } from '../allocNameIndex.ts';
import {
  type AllocMatrix,
  type AllocSet,
  type DelayedRescheduleInfo,
  delayByStopAfterClientDisconnect,
  filterByTerminal,
  newAllocMatrix,
} from '../allocSet.ts';
import { filterByRescheduleable, filterByTainted } from './reconcileUtil.ts';
import { AllocReconcilerBase } from '../allocReconciler.ts';
import type { GroupRecorder } from '../trace.ts';
import type { AllocPlaceResult, DecisionCode, LimitDecision, ReconcileResults, ReconcilerInput } from '../types.ts';

// The status descriptions the scheduler writes on allocations it stops
// (upstream keeps them in generic_sched.go).
export const allocNotNeeded = 'alloc not needed due to job update';
export const allocMigrating = 'alloc is being migrated';
export const allocUpdating = 'alloc is being updated due to job update';
export const allocLost = 'alloc is lost since its node is down';
export const allocRescheduled = 'alloc was rescheduled because it failed';
export const reschedulingFollowupEvalDesc = 'created for delayed rescheduling';

/** batchedFailedAllocWindowSize is how close together reschedule times must be to share one follow-up evaluation. */
export const batchedFailedAllocWindowSize = 5 * SECOND;

/** emptyResults are the results of a reconciliation that has decided nothing yet: where the reconciler starts, and what an evaluation that never ran decided. */
export function emptyResults(): ReconcileResults {
  return {
    deployment: null,
    deploymentUpdates: [],
    place: [],
    destructiveUpdate: [],
    inplaceUpdate: [],
    stop: [],
    attributeUpdates: new Map(),
    desiredTGUpdates: new Map(),
    desiredFollowupEvals: new Map(),
    trace: null,
  };
}

/**
 * reconcile runs the reconciler once. Existing allocations are visited by
 * name index, then ID, whatever order they come in (newAllocMatrix), so that
 * one input always gives one result (generated IDs aside).
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
    this.cancelDeployments(job);

    if (jobStopped(job)) {
      this.tracer?.jobStopped();
      this.handleStop(m);
      return this.finish();
    }
    this.job = job;

    if (this.deployment !== null) {
      this.deploymentPaused = this.deployment.Status === DeploymentStatusPaused;
      this.deploymentFailed = this.deployment.Status === DeploymentStatusFailed;
    } else if (isMultiregion(this.job) && this.job.Region !== this.job.Multiregion!.Regions[0]!.Name) {
      // A deployment created below starts paused in every region but the
      // first, so nothing may be placed for it yet either.
      this.deploymentPaused = true;
    }

    let complete = true;
    for (const [group, set] of m) {
      const groupComplete = this.computeGroup(group, set);
      complete = complete && groupComplete;
    }

    if (this.deployment !== null && complete) {
      const multiregion = isMultiregion(this.job);
      this.result.deploymentUpdates.push({
        DeploymentID: this.deployment.ID,
        Status: multiregion ? DeploymentStatusBlocked : DeploymentStatusSuccessful,
        StatusDescription: multiregion ? DeploymentStatusDescriptionBlocked : DeploymentStatusDescriptionSuccessful,
      });
    }

    const created = this.result.deployment;
    if (created !== null && requiresPromotion(created)) {
      created.StatusDescription = hasAutoPromote(created)
        ? DeploymentStatusDescriptionRunningAutoPromotion
        : DeploymentStatusDescriptionRunningNeedsPromotion;
    }
    return this.finish();
  }

  /**
   * cancelDeployments drops a deployment that no longer applies: all of them
   * when the job is stopped, one for another job version, and a successful
   * one. An active one is cancelled on the way.
   */
  private cancelDeployments(job: Job | null): void {
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

  /** handleStop stops every allocation of a stopped job, marking those on down nodes lost. */
  private handleStop(m: AllocMatrix): void {
    for (const [group, all] of m) {
      const set = filterByTerminal(all);
      const desired = newDesiredUpdates();
      desired.Stop = set.size;
      this.result.desiredTGUpdates.set(group, desired);
      const { untainted, migrate, lost } = filterByTainted(set, this.input.taintedNodes);
      this.markStop(untainted, '', allocNotNeeded);
      this.markStop(migrate, '', allocNotNeeded);
      this.markStop(lost, AllocClientStatusLost, allocLost);
      this.recorder(group, false).stopAll('handleStop', all, untainted, migrate, lost);
    }
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
      const { untainted, migrate, lost } = filterByTainted(all, this.input.taintedNodes);
      this.markStop(untainted, '', allocNotNeeded);
      this.markStop(migrate, '', allocNotNeeded);
      this.markStop(lost, AllocClientStatusLost, allocLost);
      desiredChanges.Stop = untainted.size + migrate.size + lost.size;
      trace.stopAll('removed group', all, untainted, migrate, lost);
      return true;
    }

    // The group's state in the current deployment, or a fresh one.
    const existing = this.deployment?.TaskGroups.get(group);
    const existingDeployment = existing !== undefined;
    const dstate: DeploymentState = existing ?? newDeploymentState();
    if (!existingDeployment && tg.Update !== null && !updateStrategyIsEmpty(tg.Update)) {
      dstate.AutoRevert = tg.Update.AutoRevert;
      dstate.AutoPromote = tg.Update.AutoPromote;
      dstate.ProgressDeadline = tg.Update.ProgressDeadline;
    }
    trace.start(all, tg.Count, existingDeployment);

    // Finished allocations of older versions are neither replaced nor counted.
    let ignore: AllocSet;
    ({ filtered: all, ignore } = this.filterOldTerminalAllocs(all));
    desiredChanges.Ignore += ignore.size;
    trace.filterOldTerminalAllocs(ignore);

    // The current deployment's canaries, kept apart; all still holds them.
    let canaries: AllocSet;
    ({ canaries, all } = this.handleGroupCanaries(all, desiredChanges, trace));

    // Where the allocations run: untainted, to migrate, or lost.
    let { untainted, migrate, lost } = filterByTainted(all, this.input.taintedNodes);
    trace.filterByTainted(untainted, migrate, lost);

    // Which failed allocations are replaced now, and which later.
    let rescheduleNow: AllocSet;
    let rescheduleLater: DelayedRescheduleInfo[];
    ({ untainted, rescheduleNow, rescheduleLater } = filterByRescheduleable(
      untainted,
      this.input.batch,
      this.input.now,
      this.input.evalID,
      this.deployment,
    ));
    trace.filterByRescheduleable(untainted, rescheduleNow, rescheduleLater);

    // Lost allocations of a group with stop_after_client_disconnect wait.
    const lostLater = delayByStopAfterClientDisconnect(lost, this.input.now);
    const lostLaterEvals = this.handleDelayedLost(lostLater, tg.Name);
    trace.delayByStopAfterClientDisconnect(lostLater);

    // Follow-up evaluations for the failed allocations to replace later.
    this.handleDelayedReschedules(rescheduleLater, all, tg.Name);

    // Names in use: running allocations, migrating ones and those to be
    // replaced now keep theirs.
    const nameIndex = new AllocNameIndex(this.input.jobID, group, tg.Count, untainted.union(migrate, rescheduleNow));

    // Stop what exceeds the count, and every lost allocation.
    let canaryState = dstate.DesiredCanaries !== 0 && !dstate.Promoted;
    const stop = this.computeStop(
      tg,
      nameIndex,
      untainted,
      migrate,
      lost,
      canaries,
      canaryState,
      lostLaterEvals,
      trace,
    );
    desiredChanges.Stop += stop.size;
    untainted = untainted.difference(stop);
    trace.computeStop(tg.Count, stop, untainted);

    // In-place updates now; destructive ones as the limit allows, below.
    const { ignore: updateIgnore, inplace, destructive } = this.computeUpdates(tg, untainted, trace);
    desiredChanges.Ignore += updateIgnore.size;
    desiredChanges.InPlaceUpdate += inplace.size;
    if (!existingDeployment) dstate.DesiredTotal += destructive.size + inplace.size;
    trace.computeUpdates(updateIgnore, inplace, destructive);

    // Canaries of an unpromoted deployment are not counted for placement.
    const canaryStateBefore = canaryState;
    if (canaryState) untainted = untainted.difference(canaries);

    // A destructive change with fewer canaries than the strategy wants places canaries.
    const numDestructive = destructive.size;
    const strategy = tg.Update;
    const canariesPromoted = dstate.Promoted;
    const requireCanary =
      numDestructive !== 0 && strategy !== null && canaries.size < strategy.Canary && !canariesPromoted;
    if (requireCanary && !this.deploymentPaused && !this.deploymentFailed) {
      const number = strategy.Canary - canaries.size;
      desiredChanges.Canary += number;
      if (!existingDeployment) dstate.DesiredCanaries = strategy.Canary;
      for (const name of nameIndex.nextCanaries(number, canaries, destructive)) {
        this.result.place.push({ name, canary: true, taskGroup: tg, previousAlloc: null, reschedule: false });
      }
    }

    // How many changes may be made now.
    canaryState = dstate.DesiredCanaries !== 0 && !dstate.Promoted;
    trace.canaries(canaries, stop, destructive, inplace, {
      dstate,
      existingDeployment,
      requireCanary,
      canaryStateBefore,
      canaryState,
      wanted: strategy?.Canary ?? 0,
      have: canaries.size,
      held: this.deploymentPaused || this.deploymentFailed,
    });
    const limit = this.computeLimit(tg, untainted, destructive, migrate, canaryState);
    trace.computeLimit(tg, limit);

    // Placements wait while a lost allocation's stop_after_client_disconnect runs.
    let place: AllocPlaceResult[] = [];
    if (lostLater.length === 0) {
      place = this.computePlacements(tg, nameIndex, untainted, migrate, rescheduleNow);
      if (!existingDeployment) dstate.DesiredTotal += place.length;
    }

    const deploymentPlaceReady = !this.deploymentPaused && !this.deploymentFailed && !canaryState;
    let remaining = limit.limit;
    if (deploymentPlaceReady) {
      desiredChanges.Place += place.length;
      for (const p of place) this.result.place.push(p);
      this.markStop(rescheduleNow, '', allocRescheduled);
      desiredChanges.Stop += rescheduleNow.size;
      remaining -= Math.min(place.length, remaining);
    } else {
      // Even when the deployment holds placements back, lost allocations and
      // failed ones due now are replaced, so that the job does not shrink.
      if (lost.size !== 0) {
        const allowed = Math.min(lost.size, place.length);
        desiredChanges.Place += allowed;
        for (const p of place.slice(0, allowed)) this.result.place.push(p);
      }
      if (rescheduleNow.size !== 0) {
        for (const p of place) {
          const prev = p.previousAlloc;
          const inFailedDeployment =
            this.deploymentFailed && prev !== null && this.deployment!.ID === prev.DeploymentID;
          if (p.reschedule && !inFailedDeployment) {
            this.result.place.push(p);
            desiredChanges.Place++;
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
      }
    }
    trace.computePlacements(
      place.map((p) => p.name),
      deploymentPlaceReady,
    );

    // Destructive updates, as many as the limit leaves.
    if (deploymentPlaceReady) {
      const min = Math.min(destructive.size, remaining);
      desiredChanges.DestructiveUpdate += min;
      desiredChanges.Ignore += destructive.size - min;
      const ordered = destructive.nameOrder();
      for (const alloc of ordered.slice(0, min)) {
        this.result.destructiveUpdate.push({
          placeName: alloc.Name,
          placeTaskGroup: tg,
          stopAlloc: alloc,
          stopStatusDescription: allocUpdating,
        });
      }
      trace.destructiveHeld(ordered.slice(min), limit.limit);
    } else {
      desiredChanges.Ignore += destructive.size;
      trace.destructiveHeld(destructive.values(), null);
    }

    // Migrate every allocation the drainer asked to move.
    desiredChanges.Migrate += migrate.size;
    for (const alloc of migrate.nameOrder()) {
      this.result.stop.push({ alloc, clientStatus: '', statusDescription: allocMigrating, followupEvalID: '' });
      this.result.place.push({
        name: alloc.Name,
        canary: false,
        taskGroup: tg,
        previousAlloc: alloc,
        reschedule: false,
      });
    }

    // A deployment is created when the job's spec changes or it runs for
    // the first time, if the group has an update strategy and work to do.
    const updatingSpec = destructive.size !== 0 || this.result.inplaceUpdate.length !== 0;
    let hadRunning = false;
    for (const alloc of all.values()) {
      if (alloc.Job.Version === this.job.Version && alloc.Job.CreateIndex === this.job.CreateIndex) {
        hadRunning = true;
        break;
      }
    }
    if (
      !existingDeployment &&
      !updateStrategyIsEmpty(strategy) &&
      dstate.DesiredTotal !== 0 &&
      (!hadRunning || updatingSpec)
    ) {
      if (this.deployment === null) {
        this.deployment = newDeployment(this.job, this.input.generateID());
        if (isMultiregion(this.job) && this.job.Region !== this.job.Multiregion!.Regions[0]!.Name) {
          this.deployment.Status = DeploymentStatusPaused;
          this.deployment.StatusDescription = DeploymentStatusDescriptionPausedForPeer;
        }
        this.result.deployment = this.deployment;
      }
      this.deployment.TaskGroups.set(group, dstate);
    }

    // Complete when nothing is left to do and, in a deployment, everything is healthy and promoted.
    let deploymentComplete =
      destructive.size + inplace.size + place.length + migrate.size + rescheduleNow.size + rescheduleLater.length ===
        0 && !requireCanary;
    if (deploymentComplete && this.deployment !== null) {
      const ds = this.deployment.TaskGroups.get(group);
      if (ds !== undefined) {
        if (
          ds.HealthyAllocs < Math.max(ds.DesiredTotal, ds.DesiredCanaries) ||
          (ds.DesiredCanaries > 0 && !ds.Promoted)
        ) {
          deploymentComplete = false;
        }
      }
    }
    trace.deploymentComplete(deploymentComplete);
    return deploymentComplete;
  }

  /**
   * handleGroupCanaries stops the unpromoted canaries of an old or failed
   * deployment, stops (or marks lost) the current deployment's canaries on
   * tainted nodes, and returns the canaries that remain along with the
   * group's allocations without the ones stopped.
   */
  private handleGroupCanaries(
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
      ({ untainted: canaries, migrate, lost } = filterByTainted(canaries, this.input.taintedNodes));
      this.markStop(migrate, '', allocMigrating);
      this.markStop(lost, AllocClientStatusLost, allocLost);
      all = all.difference(migrate, lost);
    }
    trace.handleGroupCanaries(stopSet, canaries, migrate, lost);
    return { canaries, all };
  }

  /**
   * computeLimit is how many changes the group may make now: its count when
   * there is no update strategy or nothing to replace; nothing while the
   * deployment is paused, failed or awaiting promotion; otherwise
   * max_parallel less the deployment's allocations not yet healthy, and
   * nothing at all once one of them is unhealthy. It returns the limit with
   * the branch that set it, for the explanation.
   */
  private computeLimit(
    group: TaskGroup,
    untainted: AllocSet,
    destructive: AllocSet,
    migrate: AllocSet,
    canaryState: boolean,
  ): LimitDecision {
    if (updateStrategyIsEmpty(group.Update)) return { limit: group.Count, code: 'no-update-strategy' };
    if (destructive.size + migrate.size === 0) return { limit: group.Count, code: 'nothing-to-replace' };
    if (this.deploymentPaused) return { limit: 0, code: 'deployment-paused' };
    if (this.deploymentFailed) return { limit: 0, code: 'deployment-failed' };
    if (canaryState) return { limit: 0, code: 'canaries-unpromoted' };

    let limit = group.Update!.MaxParallel;
    if (this.deployment !== null) {
      const { match } = untainted.filterByDeployment(this.deployment.ID);
      for (const alloc of match.values()) {
        if (isUnhealthy(alloc.DeploymentStatus)) return { limit: 0, code: 'unhealthy-allocation' };
        if (!isHealthy(alloc.DeploymentStatus)) limit--;
      }
    }
    // Scaling up during a destructive change can push the limit below zero.
    return { limit: limit < 0 ? 0 : limit, code: 'max-parallel' };
  }

  /**
   * computePlacements lists the placements the group needs: a replacement
   * for each allocation to reschedule now, then new names for whatever the
   * count still lacks.
   */
  private computePlacements(
    group: TaskGroup,
    nameIndex: AllocNameIndex,
    untainted: AllocSet,
    migrate: AllocSet,
    reschedule: AllocSet,
  ): AllocPlaceResult[] {
    const place: AllocPlaceResult[] = [];
    for (const alloc of reschedule.values()) {
      place.push({
        name: alloc.Name,
        taskGroup: group,
        previousAlloc: alloc,
        reschedule: true,
        canary: isCanary(alloc.DeploymentStatus),
      });
    }
    const existing = untainted.size + migrate.size + reschedule.size;
    if (existing >= group.Count) return place;
    for (const name of nameIndex.next(group.Count - existing)) {
      place.push({ name, taskGroup: group, previousAlloc: null, reschedule: false, canary: false });
    }
    return place;
  }

  /**
   * computeStop marks every lost allocation, then, while the group runs more
   * than its count, stops allocations in this order of preference: those
   * sharing a name with a promoted canary, migrating ones with the highest
   * indexes, untainted ones with the highest indexes, and finally any
   * (duplicate names). Canaries of an unpromoted deployment are never
   * stopped here.
   */
  private computeStop(
    group: TaskGroup,
    nameIndex: AllocNameIndex,
    untainted: AllocSet,
    migrate: AllocSet,
    lost: AllocSet,
    canaries: AllocSet,
    canaryState: boolean,
    followupEvals: ReadonlyMap<string, string>,
    trace: GroupRecorder,
  ): AllocSet {
    const stop = lost.union();
    this.markDelayed(lost, AllocClientStatusLost, allocLost, followupEvals);

    if (canaryState) untainted = untainted.difference(canaries);

    let remove = untainted.size + migrate.size - group.Count;
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

    if (!canaryState && canaries.size !== 0) {
      const canaryNames = canaries.nameSet();
      for (const alloc of untainted.difference(canaries).values()) {
        if (canaryNames.has(alloc.Name) && stopOne(alloc, untainted, 'stop-canary-name')) {
          return stop;
        }
      }
    }

    if (migrate.size !== 0) {
      const mNames = new AllocNameIndex(this.input.jobID, group.Name, group.Count, migrate);
      const removeNames = mNames.highest(remove);
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
   * handleDelayedReschedules schedules follow-up evaluations for failed
   * allocations to replace later, and annotates each with its evaluation.
   */
  private handleDelayedReschedules(rescheduleLater: DelayedRescheduleInfo[], all: AllocSet, tgName: string): void {
    const followups = this.handleDelayedLost(rescheduleLater, tgName);
    for (const [allocID, evalID] of followups) {
      const existing = all.get(allocID)!;
      this.result.attributeUpdates.set(allocID, { ...existing, FollowupEvalID: evalID });
    }
  }

  /**
   * handleDelayedLost creates follow-up evaluations for allocations to be
   * replaced later, batching together those due within a few seconds of the
   * batch's first, and returns each allocation's evaluation ID. Like
   * upstream, it replaces the group's earlier list of follow-ups, so a
   * group with both delayed lost and delayed failed allocations keeps only
   * the latter's evaluations (upstream's behaviour, kept on purpose).
   */
  private handleDelayedLost(rescheduleLater: DelayedRescheduleInfo[], tgName: string): Map<string, string> {
    const ids = new Map<string, string>();
    if (rescheduleLater.length === 0) return ids;

    rescheduleLater.sort((x, y) => x.rescheduleTime - y.rescheduleTime);
    const evals: Evaluation[] = [];
    let batchStart = rescheduleLater[0]!.rescheduleTime;
    let current = this.followupEval(batchStart, reschedulingFollowupEvalDesc);
    evals.push(current);
    for (const info of rescheduleLater) {
      if (info.rescheduleTime - batchStart >= batchedFailedAllocWindowSize) {
        batchStart = info.rescheduleTime;
        // Upstream leaves the description of every batch after the first empty.
        current = this.followupEval(batchStart, '');
        evals.push(current);
      }
      ids.set(info.allocID, current.ID);
    }
    this.result.desiredFollowupEvals.set(tgName, evals);
    return ids;
  }

  private followupEval(waitUntil: number, statusDescription: string): Evaluation {
    return {
      ID: this.input.generateID(),
      Namespace: this.job.Namespace,
      Priority: this.job.Priority,
      Type: this.job.Type,
      TriggeredBy: EvalTriggerRetryFailedAlloc,
      JobID: this.job.ID,
      JobModifyIndex: this.job.ModifyIndex,
      Status: EvalStatusPending,
      StatusDescription: statusDescription,
      WaitUntil: waitUntil,
    };
  }
}
