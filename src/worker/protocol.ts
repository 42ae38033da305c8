// The typed messages between the page and the reconciler worker. Every
// request carries a sequence number and its response echoes it, so that the
// page can drop answers to texts it has since replaced.

import type { DiffReport } from '../diff/index.ts';
import type { ReconcileTrace } from '../engine/types.ts';
import type { ResultDocument } from '../result/document.ts';
import type { Delta } from './delta.ts';
import type { VariableInfo } from '../jobspec/index.ts';
import type { Scenario } from '../scenario/read.ts';
import type { LocatedDiagnostic } from './locate.ts';
import type { TabTexts } from '../scenario/tabs.ts';
import type { VersionComparison } from './versions.ts';

/** RunRequest asks the worker to read and reconcile the tabs' texts. */
export interface RunRequest {
  type: 'run';
  seq: number;
  texts: TabTexts;
  /** makeCluster asks for a cluster that runs the Job tab's job first (Run it on a cluster): it replaces the Cluster tab's text. */
  makeCluster?: ClusterRequest;
  /** compare asks for the other Nomad version's run too (Compare versions). */
  compare?: boolean;
}

/** ClusterRequest is what the person chose for the cluster made to run their job. */
export interface ClusterRequest {
  /** nodes is how many client nodes. */
  nodes: number;
  /** datacenters are the nodes' datacenters; empty: the job's own. */
  datacenters: string[];
  /** trouble is what happens to one of the nodes: nothing, a drain, or the node going down. */
  trouble: 'none' | 'draining' | 'down';
}

/**
 * RunChangedRequest is a RunRequest that carries only the tabs whose text
 * changed since the previous request to the same worker; the others are
 * the worker's copies. Copying a large Cluster tab to the worker on every
 * keystroke in the Job tab costs both threads time. Sent only to a worker
 * that said it keeps the texts (WorkerReady.keepsTexts).
 */
export interface RunChangedRequest {
  type: 'run-changed';
  seq: number;
  texts: Partial<TabTexts>;
  compare?: boolean;
}

/** WorkerRequest is any message the page sends the worker. */
export type WorkerRequest = RunRequest | RunChangedRequest;

/** RunSuccess is a reconciled scenario: what the reconciler decided and why. */
export interface RunSuccess {
  type: 'result';
  ok: true;
  seq: number;
  scenario: Scenario;
  document: ResultDocument;
  trace: ReconcileTrace | null;
  /** diff compares the job with the versions the running allocations use (absent from older workers). */
  diff?: DiffReport;
  /** millis is how long reading and reconciling took in the worker. */
  millis: number;
  /** jobSpecJob is the job an HCL Job tab stands for, as Nomad stores it (for "Show as API JSON"); absent for JSON. */
  jobSpecJob?: Record<string, unknown> | null;
  /** warnings are the reader's warnings (fields Nomad's API does not have), placed in the tabs; absent when none. */
  warnings?: LocatedDiagnostic[];
  /** jobSpec is what an HCL Job tab's read found besides its job; absent for JSON. */
  jobSpec?: JobSpecFindings;
  /** submission is what submitting the Job tab over the running job gave; absent while the Running tab has no text of its own. */
  submission?: Submission;
  /** madeCluster is the Cluster tab's text that a RunRequest's makeCluster made, which this result is of. */
  madeCluster?: string;
  /** versions is what the other Nomad version decides differently; present when the request asked to compare. */
  versions?: VersionComparison;
}

/**
 * Submission is the Job tab's job submitted over the running job, as
 * `nomad job plan` submits a jobspec over the registered job.
 */
export interface Submission {
  /** runningVersion is the Version of the job the cluster runs. */
  runningVersion: number;
  /** submittedVersion is the Version the Job tab's job is registered as, or null when its spec is the running job's and nothing changes. */
  submittedVersion: number | null;
  /** document is the scenario the submission gives, which any tool reconciles the same way: links and files carry it. */
  document: Record<string, unknown>;
}

/** ResultParts are the large parts of a RunSuccess: what the worker sends as a Delta. */
export type ResultParts = Pick<RunSuccess, 'scenario' | 'document' | 'trace' | 'diff'>;

/**
 * RunSuccessDelta is how the worker sends a RunSuccess: its large parts as
 * a Delta against those of the previous RunSuccess it sent the page (the
 * first against nothing), the rest as it is. The page rebuilds the
 * RunSuccess from its copy of the previous one (see delta.ts).
 */
export interface RunSuccessDelta extends Omit<RunSuccess, 'type' | keyof ResultParts> {
  type: 'result-delta';
  parts: Delta;
}

/** JobSpecFindings are an HCL Job tab's declared variables (for the Variables editor) and its hints, placed in the Job tab. */
export interface JobSpecFindings {
  variables: VariableInfo[];
  hints: LocatedDiagnostic[];
}

/** RunFailure is a text that is not a valid scenario, with every problem found. */
export interface RunFailure {
  type: 'result';
  ok: false;
  seq: number;
  diagnostics: LocatedDiagnostic[];
  millis: number;
  /** jobSpecJob is the API job an HCL Job tab maps to, when the jobspec itself was valid. */
  jobSpecJob?: Record<string, unknown> | null;
  /** jobSpec is what an HCL Job tab's read found besides its job. */
  jobSpec?: JobSpecFindings;
  /** madeCluster is the Cluster tab's text that a RunRequest's makeCluster made, when it made one. */
  madeCluster?: string;
}

/** RunCrash is a bug: the reader or the engine threw. The message is shown as is. */
export interface RunCrash {
  type: 'crash';
  seq: number;
  message: string;
}

/** WorkerReady says the worker has loaded and is listening; run time limits count from here. */
export interface WorkerReady {
  type: 'ready';
  /** keepsTexts says the worker keeps the texts of the last request, so that it may be sent RunChangedRequests. */
  keepsTexts?: boolean;
}

/** WorkerLoading says the worker is loading or running the HCL parser for the run in flight; a 'ready' follows, and the run's time limit counts from it. */
export interface WorkerLoading {
  type: 'loading';
}

/** RunResponse is the answer to one run request. */
export type RunResponse = RunSuccess | RunFailure | RunCrash;

/** WorkerResponse is any message the worker sends the page. */
export type WorkerResponse = RunResponse | RunSuccessDelta | WorkerReady | WorkerLoading;
