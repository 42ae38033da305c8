// The scenario reader: JSON text (or an already parsed value) in, a fully
// defaulted Scenario or a list of diagnostics out. It never throws on bad
// input. One pass over the document checks and converts everything; only
// when something is wrong does it look for positions in the text.

import type { Allocation, Deployment, Instant, Job, Node } from '../engine/structs.ts';
import { type Diagnostic, DiagnosticCode } from './diagnostics.ts';
import { readAllocations } from './alloc.ts';
import { readDeployment } from './deployment.ts';
import { Reader, describeValue, isObject, readInstant, readString } from './fields.ts';
import { checkJobFieldNames } from './fieldNames.ts';
import { readJob } from './job.ts';
import type { TextBudget } from './budget.ts';
import { locateDiagnostics, parseJsonText } from './json.ts';
import { readNodes } from './node.ts';
import { indexPath } from './path.ts';
import { readJobVersions } from './versions.ts';
import { type OtherJob, readOtherJobs } from './otherJobs.ts';
import { type NomadVersion, readNomadVersion } from './nomadVersion.ts';
import { readPriority } from './nomad16.ts';
import { type SimulationSettings, readSimulation } from './simulation.ts';

/** Scenario is one situation to reconcile: the job version being scheduled, its earlier versions, the cluster and the allocations. */
export interface Scenario {
  Name: string;
  Description: string;
  Now: Instant;
  EvalID: string;
  Job: Job;
  JobVersions: Job[];
  Nodes: Node[];
  Allocations: Allocation[];
  Deployment: Deployment | null;
  /** OtherJobs are the other jobs sharing the cluster (optional, read by the rollout simulator; the reconciler ignores them). */
  OtherJobs?: OtherJob[];
  /** Simulation holds the rollout simulator's settings (optional; the reconciler ignores them). */
  Simulation?: SimulationSettings;
  /**
   * NomadVersion is "1.6" when the document asks for Nomad v1.6.5's
   * reconciler; absent means the seed's, "0.12". Under "1.6" the model's
   * objects carry the fields of scenario/nomad16.ts, and may hold values
   * the 0.12 model does not name (an unknown allocation, a disconnected
   * node, an initializing deployment).
   */
  NomadVersion?: '1.6';
  /** EvalPriority is the evaluation's priority under 1.6 (default: the job's Priority); absent under 0.12, which has none. */
  EvalPriority?: number;
}

/** ReadOptions supply the clock and ID generator for documents that leave Now or EvalID out. */
export interface ReadOptions {
  /** now gives the evaluation time when the document has no Now; default: the wall clock. */
  now?: () => Instant;
  /** generateID makes the EvalID when the document has none; default: crypto.randomUUID. */
  generateID?: () => string;
  /**
   * jobSpec maps a `JobSpec` (HCL) to the API job. HashiCorp's parser loads
   * asynchronously, so readScenarioAsync (scenario/readAsync.ts) parses the
   * jobspec first and supplies this; without it a JobSpec is reported.
   */
  jobSpec?: (text: string) => { job: unknown; diagnostics: Diagnostic[] };
  /** textBudget bounds the text before it is parsed; default: the page's TEXT_BUDGET. */
  textBudget?: TextBudget;
  /** nomadVersion overrides the document's NomadVersion (the command line's --nomad-version). */
  nomadVersion?: NomadVersion;
}

/**
 * ReadResult is a scenario, or why the document is not one. `warnings` are
 * problems that do not stop the read (fields of the job that Nomad's API
 * does not have); absent when there are none.
 */
export type ReadResult =
  | { ok: true; scenario: Scenario; warnings?: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[]; warnings?: Diagnostic[] };

/**
 * readScenario reads a scenario document from JSON text. Diagnostics carry
 * the line and column of the value they are about.
 */
export function readScenario(text: string, options: ReadOptions = {}): ReadResult {
  if (typeof text !== 'string') return readScenarioValue(text, options);
  const parsed = parseJsonText(text, options.textBudget);
  if (!parsed.ok) return parsed;
  const result = readScenarioValue(parsed.value, options);
  // One pass places them all: the errors and the warnings.
  const unplaced = [...(result.ok ? [] : result.diagnostics), ...(result.warnings ?? [])];
  if (unplaced.length > 0) locateDiagnostics(text, unplaced);
  return result;
}

/** readScenarioValue reads a scenario document that is already parsed; its diagnostics have paths but no positions. */
export function readScenarioValue(value: unknown, options: ReadOptions = {}): ReadResult {
  const r = new Reader();
  const scenario = readDocument(r, value, options);
  const warnings = r.warnings.length > 0 ? { warnings: r.warnings } : {};
  if (scenario === null || r.diagnostics.length > 0) {
    return { ok: false, diagnostics: r.diagnostics, ...warnings };
  }
  return { ok: true, scenario, ...warnings };
}

// readDocument reads the top level. Each part is read even when an earlier
// one failed, so that one read reports as much as it can.
function readDocument(r: Reader, value: unknown, options: ReadOptions): Scenario | null {
  if (!isObject(value)) {
    r.report(DiagnosticCode.WrongType, '', `expected the scenario to be a JSON object, got ${describeValue(value)}`);
    return null;
  }
  // The version decides which values the rest may hold, so it comes first.
  const version = options.nomadVersion ?? readNomadVersion(r, value.NomadVersion);
  r.nomad16 = version === '1.6';
  const job = readScheduledJob(r, value, options);
  const evalPriority =
    r.nomad16 && job !== null ? readPriority(r, value.EvalPriority, '', 'EvalPriority', job.Priority) : null;
  const versions = job === null ? [] : readJobVersions(r, value.JobVersions, job);
  const byVersion = new Map<number, Job>();
  if (job !== null) {
    byVersion.set(job.Version, job);
    for (const v of versions) if (!byVersion.has(v.Version)) byVersion.set(v.Version, v);
  }
  const nodes = readNodes(r, value.Nodes, '', 'Nodes');
  const allocations =
    job === null ? [] : readAllocations(r, value.Allocations, '', 'Allocations', { current: job, byVersion });
  const deployment =
    job === null ? null : readDeployment(r, value.Deployment, '', 'Deployment', job, evalPriority ?? job.Priority);
  warnUnknownNodes(r, allocations, nodes);
  const name = readString(r, value.Name, '', 'Name', '');
  const description = readString(r, value.Description, '', 'Description', '');
  const now = value.Now == null ? defaultNow(options) : readInstant(r, value.Now, '', 'Now', 0);
  const evalID = value.EvalID == null ? defaultEvalID(options) : readString(r, value.EvalID, '', 'EvalID', '');
  const others = job === null ? [] : readOtherJobs(r, value.OtherJobs, job, allocations);
  const simulation = readSimulation(r, value.Simulation);
  if (job === null) return null;
  const scenario: Scenario = {
    Name: name,
    Description: description,
    Now: now,
    EvalID: evalID,
    Job: job,
    JobVersions: versions,
    Nodes: nodes,
    Allocations: allocations,
    Deployment: deployment,
  };
  if (evalPriority !== null) {
    scenario.NomadVersion = '1.6';
    scenario.EvalPriority = evalPriority;
  }
  if (others.length > 0) scenario.OtherJobs = others;
  if (simulation !== null) scenario.Simulation = simulation;
  return scenario;
}

// readScheduledJob reads the job being scheduled from Job, or from JobSpec
// through options.jobSpec; exactly one of the two is allowed.
function readScheduledJob(r: Reader, doc: Record<string, unknown>, options: ReadOptions): Job | null {
  const hasJob = doc.Job != null;
  const hasSpec = doc.JobSpec != null;
  if (hasJob && hasSpec) {
    r.report(DiagnosticCode.WrongType, 'JobSpec', 'give either Job or JobSpec, not both');
    return null;
  }
  if (hasSpec) {
    if (typeof doc.JobSpec !== 'string') {
      r.wrongTypeAt('JobSpec', 'an HCL jobspec as a string', doc.JobSpec);
      return null;
    }
    if (!options.jobSpec) {
      r.report(
        DiagnosticCode.Unsupported,
        'JobSpec',
        'HCL jobspecs are read by readScenarioAsync, which loads the HCL parser; this synchronous read takes the job as API JSON in Job (for example the output of `nomad job run -output`)',
      );
      return null;
    }
    const spec = options.jobSpec(doc.JobSpec);
    // The jobspec's own diagnostics already carry their places in its text.
    for (const d of spec.diagnostics) r.diagnostics.push({ ...d });
    if (spec.diagnostics.length > 0 || spec.job == null) return null;
    return readJob(r, spec.job, 'Job', null);
  }
  if (!hasJob) {
    r.report(DiagnosticCode.Required, 'Job', 'required: give the job being scheduled as a JSON object');
    return null;
  }
  checkJobFieldNames(r, doc.Job, 'Job');
  return readJob(r, doc.Job, 'Job', null);
}

// warnUnknownNodes flags, once, the allocations whose node is not in Nodes:
// Nomad takes a node it does not know for one that was garbage-collected,
// so they are lost, which a scenario pasted without its nodes rarely means.
function warnUnknownNodes(r: Reader, allocations: readonly Allocation[], nodes: readonly Node[]): void {
  const ids = new Set(nodes.map((n) => n.ID));
  let first = -1;
  let count = 0;
  for (let i = 0; i < allocations.length; i++) {
    const id = allocations[i]!.NodeID;
    if (id === '' || ids.has(id)) continue;
    if (first < 0) first = i;
    count++;
  }
  if (count === 0) return;
  const which = count === 1 ? 'allocation is' : 'allocations are';
  r.warn(
    DiagnosticCode.UnknownNode,
    `${indexPath('Allocations', first)}.NodeID`,
    `${count} ${which} on ${count === 1 ? 'a node' : 'nodes'} not in Nodes (this one's: ${JSON.stringify(allocations[first]!.NodeID)}): Nomad treats a node it does not know as garbage-collected, so ${count === 1 ? 'it is' : 'they are'} lost`,
  );
}

function defaultNow(options: ReadOptions): Instant {
  return options.now ? options.now() : Date.now() * 1e6;
}

function defaultEvalID(options: ReadOptions): string {
  return options.generateID ? options.generateID() : globalThis.crypto.randomUUID();
}
