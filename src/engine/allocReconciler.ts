// Upstream: hashicorp/nomad scheduler/reconcile.go, the part of the
// allocReconciler that is the same at dccea99f7e and v1.6.5: its state, and
// the steps neither version changed (markStop, markDelayed,
// filterOldTerminalAllocs, computeUpdates). Each version's reconcile.ts
// extends it with its own Compute and computeGroup.

import type { AllocSet } from './allocSet.ts';
import {
  type Allocation,
  type Deployment,
  type Job,
  type TaskGroup,
  copyDeployment,
  terminalStatus,
} from './structs.ts';
import { type GroupRecorder, NO_TRACE, ReconcileTracer } from './trace.ts';
import type { AllocStopResult, ReconcileTrace, ReconcilerInput } from './types.ts';

/** ReconcilerResults is what the shared steps write into either version's results. */
export interface ReconcilerResults {
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
