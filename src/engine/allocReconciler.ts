// Upstream: hashicorp/nomad scheduler/reconcile.go, the part of the
// allocReconciler that is the same at dccea99f7e and v1.6.5: its state, and
// the steps neither version changed (cancelUnneededDeployments but for what
// counts as active, markStop, markDelayed, filterOldTerminalAllocs,
// computeUpdates). Each version's reconcile.ts extends it with its own
// Compute and computeGroup.

import { AllocNameIndex } from './allocNameIndex.ts';
import { type AllocSet, filterByTerminal } from './allocSet.ts';
import {
  type Allocation,
  type Deployment,
  type DeploymentStatusUpdate,
  type Job,
  type TaskGroup,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionNewerJob,
  DeploymentStatusDescriptionStoppedJob,
  DeploymentStatusSuccessful,
  SECOND,
  allocIndex,
  copyDeployment,
  jobStopped,
  terminalStatus,
} from './structs.ts';
import { type GroupRecorder, NO_TRACE, ReconcileTracer } from './trace.ts';
import type { AllocStopResult, DecisionCode, ReconcileTrace, ReconcilerInput } from './types.ts';

// The status descriptions the scheduler writes on allocations it stops,
// the same in both versions (upstream keeps them in generic_sched.go).
export const allocNotNeeded = 'alloc not needed due to job update';
export const allocMigrating = 'alloc is being migrated';
export const allocUpdating = 'alloc is being updated due to job update';
export const allocLost = 'alloc is lost since its node is down';
export const allocRescheduled = 'alloc was rescheduled because it failed';
export const reschedulingFollowupEvalDesc = 'created for delayed rescheduling';

/** batchedFailedAllocWindowSize is how close together reschedule times must be to share one follow-up evaluation. */
export const batchedFailedAllocWindowSize = 5 * SECOND;

/** ReconcilerResults is what the shared steps write into either version's results. */
export interface ReconcilerResults {
  deploymentUpdates: DeploymentStatusUpdate[];
  inplaceUpdate: Allocation[];
  stop: AllocStopResult[];
  trace: ReconcileTrace | null;
}

// UpdateOutcome names computeUpdates' outcomes: the position of each set in its split.
const UpdateOutcome = { Ignore: 0, Inplace: 1, Destructive: 2 } as const;

/**
 * AllocReconcilerBase holds one reconciliation's state, for either
 * version's AllocReconciler. Upstream's constructor takes nine arguments
 * (eleven in 1.6); here they come as one input object, and the results,
 * which each version shapes, as a second.
 */
export abstract class AllocReconcilerBase<I extends ReconcilerInput, R extends ReconcilerResults> {
  /** job is the job being scheduled; compute sets it once it knows the job is not stopped or purged. */
  protected job!: Job;
  /** oldDeployment is a deployment that no longer applies (cancelled, successful, or for another job version). */
  protected oldDeployment: Deployment | null = null;
  /** deployment is the deployment the job is in, copied so the input stays untouched. */
  protected deployment: Deployment | null;
  protected deploymentPaused = false;
  protected deploymentFailed = false;
  protected readonly tracer: ReconcileTracer | null;

  constructor(
    protected readonly input: I,
    protected readonly result: R,
  ) {
    this.deployment = input.deployment ? copyDeployment(input.deployment) : null;
    this.tracer = input.trace ? new ReconcileTracer() : null;
  }

  /** compute reconciles every group and settles the deployment's status. */
  abstract compute(): R;

  /**
   * cancelUnneededDeployments (0.12's cancelDeployments) drops a deployment
   * that no longer applies: all of them when the job is stopped, one for
   * another job version, and a successful one. An active one, by the
   * version's own deploymentActive, is cancelled on the way.
   */
  protected cancelUnneededDeployments(job: Job | null, deploymentActive: (d: Deployment) => boolean): void {
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

  /** finish attaches the trace, when one was asked for, and gives the results. */
  protected finish(): R {
    if (this.tracer) this.result.trace = this.tracer.finish();
    return this.result;
  }

  /** recorder is where a group's trace goes: nowhere unless one was asked for. */
  protected recorder(group: string, removed: boolean): GroupRecorder {
    return this.tracer ? this.tracer.group(group, removed) : NO_TRACE;
  }

  /** markStop stops each allocation of the set with the given client status and description. */
  protected markStop(allocs: AllocSet, clientStatus: string, statusDescription: string): void {
    for (const alloc of allocs.values()) {
      this.result.stop.push({ alloc, clientStatus, statusDescription, followupEvalID: '' });
    }
  }

  /** markDelayed is markStop that also records each allocation's follow-up evaluation, when it has one. */
  protected markDelayed(
    allocs: AllocSet,
    clientStatus: string,
    statusDescription: string,
    followupEvals: ReadonlyMap<string, string>,
  ): void {
    for (const alloc of allocs.values()) {
      this.result.stop.push({
        alloc,
        clientStatus,
        statusDescription,
        followupEvalID: followupEvals.get(alloc.ID) ?? '',
      });
    }
  }

  /**
   * filterOldTerminalAllocs sets aside, for batch jobs only, finished
   * allocations of older job versions: they are neither replaced nor counted.
   */
  protected filterOldTerminalAllocs(all: AllocSet): { filtered: AllocSet; ignore: AllocSet } {
    const ignore = all.empty();
    if (!this.input.batch) return { filtered: all, ignore };
    const filtered = all.empty();
    for (const alloc of all.values()) {
      const older = alloc.Job.Version < this.job.Version || alloc.Job.CreateIndex < this.job.CreateIndex;
      (older && terminalStatus(alloc) ? ignore : filtered).add(alloc);
    }
    return { filtered, ignore };
  }

  /**
   * stopOverCount is the rest of computeStop, the same in both versions:
   * while the group runs `remove` more than its count, it stops allocations
   * in this order of preference: those sharing a name with a promoted
   * canary, migrating ones with the highest indexes, untainted ones with the
   * highest indexes, and finally any (duplicate names). It adds them to
   * `stop` and gives it back.
   */
  protected stopOverCount(
    group: TaskGroup,
    nameIndex: AllocNameIndex,
    untainted: AllocSet,
    migrate: AllocSet,
    canaries: AllocSet,
    canaryState: boolean,
    remove: number,
    stop: AllocSet,
    trace: GroupRecorder,
  ): AllocSet {
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
   * computeUpdates asks the update function about each remaining allocation
   * and splits them into those to leave alone, those updated in place
   * (recorded in the results at once) and those needing a destructive update.
   */
  protected computeUpdates(
    group: TaskGroup,
    untainted: AllocSet,
    trace: GroupRecorder,
  ): {
    ignore: AllocSet;
    inplace: AllocSet;
    destructive: AllocSet;
  } {
    const [ignore, inplace, destructive] = untainted.split(3, (alloc) => {
      const d = this.input.allocUpdateFn(alloc, this.job, group);
      trace.updated(alloc, d);
      if (d.ignore) return UpdateOutcome.Ignore;
      if (d.destructive) return UpdateOutcome.Destructive;
      this.result.inplaceUpdate.push(d.updated!);
      return UpdateOutcome.Inplace;
    });
    return { ignore: ignore!, inplace: inplace!, destructive: destructive! };
  }
}
