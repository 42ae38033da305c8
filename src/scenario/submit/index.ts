// Submitting a job onto a cluster, as `nomad job plan JOBSPEC` does against
// a live one (Job.Plan in nomad/job_endpoint.go at dccea99f7e): the
// cluster is a scenario whose job is the *running* job (the registered one,
// which its allocations run), the *submitted* job is an HCL jobspec or API
// JSON, and the answer is the scenario in which the submitted job is the one
// being scheduled. Pure: texts and values in, a scenario document out.

import type { Job } from '../../engine/structs.ts';
import { documentNomadVersion } from '../nomadVersion.ts';
import { storedJob } from '../../jobspec/canonical/index.ts';
import { type Diagnostic, DiagnosticCode } from '../diagnostics.ts';
import { isObject } from '../fields.ts';
import { type JobSpecRead, readJobSpec } from '../../jobspec/index.ts';
import { nearestPlace } from '../path.ts';
import { looksLikeInspectOutput } from '../job.ts';
import { nextRegistration } from '../jobSpecJob.ts';
import { locateDiagnostics, parseJsonText } from '../json.ts';
import type { ReadOptions, Scenario } from '../read.ts';
import { type AsyncReadResult, readScenarioAsync, readScenarioValueAsync } from '../readAsync.ts';
import { RUNNING_JOBSPEC_KEY, RUNNING_VARIABLES_KEY, isHclText } from '../tabs.ts';
import { specChanged } from './specChanged.ts';

/** SubmittedJob is the job a person submits: an HCL jobspec with its variables' values (as `-var` and var files give them), or API JSON with or without its `{"Job": …}` wrapper. */
export interface SubmittedJob {
  text: string;
  /** variables are an HCL jobspec's input variables by name; ignored for JSON. */
  variables?: Record<string, unknown>;
}

/**
 * SubmitResult is the scenario after a submission, or why there is none.
 * Diagnostics are split by where they belong: `cluster` ones are placed in
 * the cluster document (its JSON paths, and lines when it was text),
 * `submitted` ones in the submitted job's own text (HCL line:column, or the
 * JSON path within the submitted text, with its line and column).
 */
export type SubmitResult =
  | {
      ok: true;
      /** changed is false when the submitted job's spec is the running job's: the cluster stays as it was. */
      changed: boolean;
      document: Record<string, unknown>;
      /** text is the document as JSON text (made when read); the cluster's own text, byte for byte, when nothing changed. */
      readonly text: string;
      scenario: Scenario;
      /** running is the running job as read from the cluster: after a change, the newest of the scenario's JobVersions. */
      running: Job;
      warnings: { cluster: Diagnostic[]; submitted: Diagnostic[] };
    }
  | {
      ok: false;
      cluster: Diagnostic[];
      submitted: Diagnostic[];
      warnings: { cluster: Diagnostic[]; submitted: Diagnostic[] };
    };

// The submitted job, read as far as comparing it needs: its stored form,
// where it came from, and how its paths map to the submitted text.
type ReadSubmission =
  | { ok: true; kind: 'hcl'; stored: Record<string, unknown>; place: JobSpecRead['place'] }
  | { ok: true; kind: 'json'; job: Record<string, unknown>; wrapped: boolean }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * submitJob submits `submitted` onto `cluster` (a scenario document, as JSON
 * text or already parsed) as Nomad's Job.Plan does. When the submitted
 * job's stored spec equals the running job's (upstream's SpecChanged is
 * false), nothing changes. Otherwise the submitted job becomes the next
 * version (Version one above the highest, JobModifyIndex above every index
 * the cluster carries), the running job joins JobVersions, and the
 * allocations that named no JobVersion and no inline Job are pinned to the
 * running job's version, so they keep running it. An HCL running job's text
 * and variables are kept in RunningJobSpec and RunningJobSpecVariables
 * (the reconciler ignores them). An HCL submitted job stays HCL (the
 * document's JobSpec), JSON stays JSON (its Job).
 */
export async function submitJob(
  cluster: string | Record<string, unknown>,
  submitted: SubmittedJob,
  options: ReadOptions = {},
): Promise<SubmitResult> {
  const clusterText = typeof cluster === 'string' ? cluster : null;
  const parsed = clusterText === null ? null : parseJsonText(clusterText, options.textBudget);
  const clusterDoc = parsed === null ? cluster : parsed.ok ? parsed.value : null;
  const clusterRead: AsyncReadResult =
    clusterText !== null
      ? await readScenarioAsync(clusterText, options)
      : await readScenarioValueAsync(clusterDoc, options);
  const nomad16 = documentNomadVersion(clusterDoc, options.nomadVersion) === '1.6';
  const submission = await readSubmission(submitted, options, nomad16);
  const clusterWarnings = clusterRead.warnings ?? [];
  if (!clusterRead.ok || !submission.ok || !isObject(clusterDoc)) {
    return {
      ok: false,
      cluster: clusterRead.ok ? [] : clusterRead.diagnostics,
      submitted: submission.ok ? [] : submission.diagnostics,
      warnings: { cluster: clusterWarnings, submitted: [] },
    };
  }
  const running = clusterRead.scenario.Job;
  const runningStored = runningJobObject(clusterDoc, clusterRead);
  const submittedStored = submission.kind === 'hcl' ? submission.stored : submission.job;

  const submittedID = typeof submittedStored.ID === 'string' ? submittedStored.ID : submittedStored.Name;
  if (typeof submittedID === 'string' && submittedID !== running.ID) {
    const d: Diagnostic = {
      code: DiagnosticCode.Mismatch,
      path: submission.kind === 'json' && !submission.wrapped ? 'ID' : 'Job.ID',
      message: `the submitted job is ${JSON.stringify(submittedID)}, but the cluster runs ${JSON.stringify(running.ID)}: submit a new version of the running job`,
    };
    return {
      ok: false,
      cluster: [],
      submitted: placeSubmitted([d], submitted, submission),
      warnings: { cluster: clusterWarnings, submitted: [] },
    };
  }

  if (!specChanged(runningStored, submittedStored)) {
    return {
      ok: true,
      changed: false,
      document: clusterDoc,
      get text() {
        return clusterText ?? documentText(clusterDoc);
      },
      scenario: clusterRead.scenario,
      running,
      warnings: { cluster: clusterWarnings, submitted: [] },
    };
  }

  const document = registerSubmitted(clusterDoc, clusterRead.scenario, runningStored, submitted, submission);
  const read = await readScenarioValueAsync(document, options);
  const [submittedProblems, clusterProblems] = read.ok ? [[], []] : splitDiagnostics(read.diagnostics);
  // The cluster's own warnings were found when it was read; only the submitted job's are new.
  const [submittedWarnings] = splitDiagnostics(read.warnings ?? []);
  const warnings = {
    cluster: clusterWarnings,
    submitted: placeSubmitted(submittedWarnings, submitted, submission, true),
  };
  if (!read.ok) {
    return {
      ok: false,
      cluster: clusterProblems,
      submitted: placeSubmitted(submittedProblems, submitted, submission, true),
      warnings,
    };
  }
  return {
    ok: true,
    changed: true,
    document,
    // Written out only when asked for: the page submits on every keystroke and never reads it.
    get text() {
      return documentText(document);
    },
    scenario: read.scenario,
    running,
    warnings,
  };
}

// readSubmission reads the submitted job into its stored form: an HCL
// jobspec as `nomad job run` reads and the agent stores it, API JSON as
// the scenario reader takes a `Job` (the job as Nomad stores it).
async function readSubmission(
  submitted: SubmittedJob,
  options: ReadOptions,
  nomad16: boolean,
): Promise<ReadSubmission> {
  if (isHclText(submitted.text)) {
    const spec = await readJobSpec(submitted.text, submitted.variables ?? {}, nomad16 ? { nomad16 } : {});
    if (spec.job === null) return { ok: false, diagnostics: spec.diagnostics.map((d) => ({ ...d })) };
    const stored = storedJob(spec.job, nomad16);
    return isObject(stored)
      ? { ok: true, kind: 'hcl', stored, place: (path: string) => nearestPlace(spec.place, path) }
      : { ok: false, diagnostics: [] };
  }
  const parsed = parseJsonText(submitted.text, options.textBudget);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const value = parsed.value;
  if (!isObject(value)) {
    const d: Diagnostic = {
      code: DiagnosticCode.WrongType,
      path: '',
      message:
        'expected a job: an HCL jobspec, or API JSON (a job object, or {"Job": …} as `nomad job inspect` prints it)',
    };
    locateDiagnostics(submitted.text, [d]);
    return { ok: false, diagnostics: [d] };
  }
  const wrapped = looksLikeInspectOutput(value);
  return { ok: true, kind: 'json', job: wrapped ? value.Job : value, wrapped };
}

// runningJobObject is the running job as Nomad stores it: the cluster's
// Job (unwrapped), or the job its JobSpec stands for, numbered as read.
function runningJobObject(doc: Record<string, unknown>, read: AsyncReadResult): Record<string, unknown> {
  if (typeof doc.JobSpec === 'string' && doc.Job == null && isObject(read.jobSpecJob)) return read.jobSpecJob;
  const job = doc.Job;
  if (isObject(job)) return looksLikeInspectOutput(job) ? job.Job : job;
  return {};
}

// registerSubmitted writes the document in which the submitted job is the
// one being scheduled. Fields keep the cluster's order; the job goes where
// the cluster's job was.
function registerSubmitted(
  doc: Record<string, unknown>,
  scenario: Scenario,
  runningStored: Record<string, unknown>,
  submitted: SubmittedJob,
  submission: ReadSubmission & { ok: true },
): Record<string, unknown> {
  const running = scenario.Job;
  // The running job joins JobVersions with its numbers written out, as the reader read them.
  const runningEntry: Record<string, unknown> = {
    ...runningStored,
    Version: running.Version,
    JobModifyIndex: running.JobModifyIndex,
    ModifyIndex: running.ModifyIndex,
  };
  const versions: unknown[] = [...(Array.isArray(doc.JobVersions) ? (doc.JobVersions as unknown[]) : []), runningEntry];
  const allocations = Array.isArray(doc.Allocations)
    ? doc.Allocations.map((a: unknown) =>
        isObject(a) && a.JobVersion == null && a.Job == null ? { ...a, JobVersion: running.Version } : a,
      )
    : doc.Allocations;

  const jobFields: Record<string, unknown> = {};
  if (submission.kind === 'hcl') {
    jobFields.JobSpec = submitted.text;
    if (submitted.variables && Object.keys(submitted.variables).length > 0)
      jobFields.JobSpecVariables = submitted.variables;
  } else {
    const next = nextRegistration({ ...doc, JobVersions: versions, Allocations: allocations });
    const job: Record<string, unknown> = { ...submission.job };
    if (next !== null) {
      job.Version = next.Version;
      job.JobModifyIndex = next.JobModifyIndex;
      job.ModifyIndex = next.JobModifyIndex;
    }
    // A new version is not stable until its deployment succeeds.
    if (job.Stable !== undefined) job.Stable = false;
    jobFields.Job = submission.wrapped ? { Job: job } : job;
  }
  const runningFields: Record<string, unknown> = {};
  if (typeof doc.JobSpec === 'string' && doc.Job == null) {
    runningFields[RUNNING_JOBSPEC_KEY] = doc.JobSpec;
    if (doc.JobSpecVariables != null) runningFields[RUNNING_VARIABLES_KEY] = doc.JobSpecVariables;
  }

  const out: Record<string, unknown> = {};
  const replaced = new Set(['Job', 'JobSpec', 'JobSpecVariables', RUNNING_JOBSPEC_KEY, RUNNING_VARIABLES_KEY]);
  let placed = false;
  const placeJob = () => {
    if (placed) return;
    Object.assign(out, jobFields, runningFields);
    placed = true;
  };
  for (const key of Object.keys(doc)) {
    if (key === 'Job' || key === 'JobSpec') placeJob();
    else if (key === 'JobVersions') out.JobVersions = versions;
    else if (key === 'Allocations') out.Allocations = allocations;
    else if (!replaced.has(key)) out[key] = doc[key];
  }
  placeJob();
  out.JobVersions = versions;
  return out;
}

// splitDiagnostics separates the diagnostics about the submitted job (the
// document's Job, JobSpec and JobSpecVariables) from the others.
function splitDiagnostics(diagnostics: readonly Diagnostic[]): [Diagnostic[], Diagnostic[]] {
  const submitted: Diagnostic[] = [];
  const other: Diagnostic[] = [];
  for (const d of diagnostics) {
    const top = /^[A-Za-z]*/.exec(d.path)?.[0];
    (top === 'Job' || top === 'JobSpec' || top === 'JobSpecVariables' ? submitted : other).push(d);
  }
  return [submitted, other];
}

// placeSubmitted gives diagnostics about the submitted job their places in
// its text. An HCL jobspec's are placed by the reader, or here by their job
// path (`Job.ID`). A JSON job's path is the document's `Job…` path taken
// into the submitted text (`fromDocument`), or already the text's own.
function placeSubmitted(
  diagnostics: Diagnostic[],
  submitted: SubmittedJob,
  submission: ReadSubmission,
  fromDocument = false,
): Diagnostic[] {
  if (!submission.ok) return diagnostics;
  const out = diagnostics.map((d) => ({ ...d }));
  if (submission.kind === 'hcl') {
    for (const d of out) if (d.line === undefined) Object.assign(d, submission.place(d.path));
    return out;
  }
  if (fromDocument) for (const d of out) d.path = d.path.replace(/^Job\.?/, '');
  locateDiagnostics(submitted.text, out);
  return out;
}

// documentText is the document as the JSON text the page and links carry.
function documentText(doc: Record<string, unknown>): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
