// From a read scenario to the reconciler's results: the glue the
// command-line runner, the tests and the browser worker share.

import { v4 as uuidv4 } from 'uuid';
import { reconcile } from '../engine/v0.12/reconcile.ts';
import { JobTypeBatch, type Node } from '../engine/structs.ts';
import type { AllocUpdateFn, ReconcileResults } from '../engine/types.ts';
import { genericAllocUpdateFn, taintedNodes } from '../engine/v0.12/util.ts';
import type { Scenario } from '../scenario/read.ts';
import { reconcile as reconcile16 } from '../engine/v1.6/reconcile.ts';
import * as util16 from '../engine/v1.6/util.ts';
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

/** RunOutput is the reconciler's results and their result document. */
export interface RunOutput {
  results: ReconcileResults;
  document: ResultDocument;
}

/**
 * runScenario reconciles a scenario as Nomad's generic scheduler would: the
 * tainted nodes are derived from the scenario's nodes, and allocations are
 * classified by genericAllocUpdateFn unless the options say otherwise.
 */
export function runScenario(scenario: Scenario, options: RunOptions = {}): RunOutput {
  const nodes = new Map<string, Node>();
  for (const n of scenario.Nodes) nodes.set(n.ID, n);
  if (scenario.NomadVersion === '1.6') {
    const r16 = reconcile16({
      allocUpdateFn: options.allocUpdateFn ?? util16.genericAllocUpdateFn(nodes),
      batch: scenario.Job.Type === JobTypeBatch,
      jobID: scenario.Job.ID,
      job: scenario.Job,
      deployment: scenario.Deployment,
      existingAllocs: scenario.Allocations,
      taintedNodes: util16.taintedNodes(nodes, scenario.Allocations),
      evalID: scenario.EvalID,
      now: scenario.Now,
      generateID: options.generateID ?? uuidv4,
      trace: options.trace ?? false,
      evalPriority: scenario.EvalPriority ?? scenario.Job.Priority,
      supportsDisconnectedClients: true,
    });
    return { results: r16 as unknown as ReconcileResults, document: toResultDocument(r16 as unknown as ReconcileResults) };
  }
  const results = reconcile({
    allocUpdateFn: options.allocUpdateFn ?? genericAllocUpdateFn(nodes),
    batch: scenario.Job.Type === JobTypeBatch,
    jobID: scenario.Job.ID,
    job: scenario.Job,
    deployment: scenario.Deployment,
    existingAllocs: scenario.Allocations,
    taintedNodes: taintedNodes(nodes, scenario.Allocations),
    evalID: scenario.EvalID,
    now: scenario.Now,
    generateID: options.generateID ?? uuidv4,
    trace: options.trace ?? false,
  });
  return { results, document: toResultDocument(results) };
}
