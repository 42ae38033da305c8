// From a read scenario to the reconciler's results: the glue the
// command-line runner, the tests and the browser worker share. The
// scenario's NomadVersion chooses the reconciler.

import { v4 as uuidv4 } from 'uuid';
import { reconcile as reconcile012 } from '../engine/v0.12/reconcile.ts';
import { genericAllocUpdateFn as updateFn012, taintedNodes as tainted012 } from '../engine/v0.12/util.ts';
import { reconcile as reconcile16 } from '../engine/v1.6/reconcile.ts';
import { genericAllocUpdateFn as updateFn16, taintedNodes as tainted16 } from '../engine/v1.6/util.ts';
import { JobTypeBatch, type Node } from '../engine/structs.ts';
import type { AllocUpdateFn, ReconcileResults as ReconcileResults012 } from '../engine/types.ts';
import type { ReconcileResults as ReconcileResults16 } from '../engine/v1.6/types.ts';
import type { Scenario } from '../scenario/read.ts';
import { type ResultDocument, toResultDocument } from './document.ts';

/** RunOptions tune one run; all are optional. */
export interface RunOptions {
  /** trace asks for the reconciler's reasoning (results.trace). */
  trace?: boolean;
  /** generateID makes the IDs of a created deployment and follow-up evaluations (default: UUID v4). */
  generateID?: () => string;
  /** allocUpdateFn replaces the scheduler's update classification (upstream's tests do this). */
  allocUpdateFn?: AllocUpdateFn;
}

/** ReconcileResults are what either reconciler decided: 1.6's have its disconnect and reconnect updates too. */
export type ReconcileResults = ReconcileResults012 | ReconcileResults16;

/** RunOutput is the reconciler's results and their result document. */
export interface RunOutput {
  results: ReconcileResults;
  document: ResultDocument;
}

/**
 * runScenario reconciles a scenario as Nomad's generic scheduler would, with
 * the reconciler its NomadVersion names: the tainted nodes are derived from
 * the scenario's nodes, and allocations are classified by that version's
 * genericAllocUpdateFn unless the options say otherwise. Under 1.6 it calls
 * the reconciler as generic_sched.go does at v1.6.5: every server handles
 * disconnected clients, and the evaluation's priority is the scenario's
 * EvalPriority.
 */
export function runScenario(scenario: Scenario, options: RunOptions = {}): RunOutput {
  const nodes = new Map<string, Node>();
  for (const n of scenario.Nodes) nodes.set(n.ID, n);
  const nomad16 = scenario.NomadVersion === '1.6';
  const input = {
    allocUpdateFn: options.allocUpdateFn ?? (nomad16 ? updateFn16 : updateFn012)(nodes),
    batch: scenario.Job.Type === JobTypeBatch,
    jobID: scenario.Job.ID,
    job: scenario.Job,
    deployment: scenario.Deployment,
    existingAllocs: scenario.Allocations,
    taintedNodes: (nomad16 ? tainted16 : tainted012)(nodes, scenario.Allocations),
    evalID: scenario.EvalID,
    now: scenario.Now,
    generateID: options.generateID ?? uuidv4,
    trace: options.trace ?? false,
  };
  const results = nomad16
    ? reconcile16({
        ...input,
        evalPriority: scenario.EvalPriority ?? scenario.Job.Priority,
        supportsDisconnectedClients: true,
      })
    : reconcile012(input);
  return { results, document: toResultDocument(results) };
}
