// What the worker does when the Running tab has a text of its own: the
// Cluster tab with the Running tab's job is the cluster, and the Job tab's
// job is submitted onto it as `nomad job plan` submits a jobspec
// (scenario/submit); the scenario that gives is reconciled.

import { storedJob } from '../jobspec/canonical/index.ts';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import type { Scenario } from '../scenario/read.ts';
import { isObject } from '../scenario/fields.ts';
import { readJobSpec } from '../jobspec/index.ts';
import { jobSpecVariables } from '../scenario/readAsync.ts';
import { submitJob } from '../scenario/submit/index.ts';
import { type ParseCache, type TabTexts, isHclText, joinTabs, runningText } from '../scenario/tabs.ts';
import { RUNNING_VARIABLES_KEY } from '../scenario/tabs.ts';
import { JOBSPEC_VARIABLES_KEY } from '../scenario/variablesText.ts';
import { crash, inTab, joinFailure, reconciled } from './answers.ts';
import { type LocatedDiagnostic, locateAll } from './locate.ts';
import type { JobSpecFindings, RunRequest, RunResponse } from './protocol.ts';

/**
 * ClusterAndSubmission is the cluster document (the Cluster tab with the
 * running job as its job, and the running job's variable values as its
 * JobSpecVariables) and the submitted job's variable values.
 */
type ClusterAndSubmission =
  | { ok: true; cluster: Record<string, unknown>; variables: Record<string, unknown>; problems: Diagnostic[] }
  | { ok: false; response: RunResponse };

// runningParsed keeps the running job's and the cluster's last parse, as the run's cache keeps the submitted job's.
const runningParsed: ParseCache = new Map();

// splitTexts makes the cluster document out of the Running and Cluster tabs.
// The Cluster tab's JobSpecVariables are the submitted job's values; its
// RunningJobSpecVariables, when present, the running job's (else the same).
function splitTexts(req: RunRequest, cache: ParseCache, millis: () => number): ClusterAndSubmission {
  // A JSON Job tab's syntax errors are found and worded as when nothing is submitted.
  if (!isHclText(req.texts.job)) {
    const submitted = joinTabs({ job: req.texts.job, cluster: req.texts.cluster }, cache);
    if (!submitted.ok) return { ok: false, response: joinFailure(req, submitted.problems, millis()) };
  }
  // The running job has a parse cache of its own: under the same key as the submitted job's, each would evict the other.
  const joined = joinTabs({ job: runningText(req.texts), cluster: req.texts.cluster }, runningParsed);
  if (!joined.ok) {
    const problems = joined.problems.map((p) => (p.tab === 'job' ? { ...p, tab: 'running' as const } : p));
    return { ok: false, response: joinFailure(req, problems, millis()) };
  }
  const { [RUNNING_VARIABLES_KEY]: runningValues, [JOBSPEC_VARIABLES_KEY]: submittedValues, ...rest } = joined.document;
  const ownRunning = RUNNING_VARIABLES_KEY in joined.document;
  const cluster: Record<string, unknown> = { ...rest };
  const forRunning = ownRunning ? runningValues : submittedValues;
  if (forRunning != null) cluster[JOBSPEC_VARIABLES_KEY] = forRunning;
  const submitted = jobSpecVariables({ [JOBSPEC_VARIABLES_KEY]: submittedValues });
  return { ok: true, cluster, variables: submitted.values, problems: submitted.diagnostics };
}

/**
 * submittedScenario is the scenario document and scenario that submitting
 * the Job tab over the running job gives, or null when either job, or the
 * cluster, has problems (the reconciler worker's answer says which). The
 * rollout worker films it.
 */
export async function submittedScenario(
  texts: TabTexts,
): Promise<{ document: Record<string, unknown>; scenario: Scenario } | null> {
  const split = splitTexts({ type: 'run', seq: 0, texts }, new Map(), () => 0);
  if (!split.ok || split.problems.length > 0) return null;
  const submitted = await submitJob(split.cluster, { text: texts.job, variables: split.variables });
  return submitted.ok ? { document: submitted.document, scenario: submitted.scenario } : null;
}

/**
 * handleSubmission reads the running job's cluster and submits the Job
 * tab's job onto it; it never throws. Problems of the running job are
 * placed in the Running tab, of the submitted job in the Job tab, of the
 * rest in the Cluster tab.
 */
export async function handleSubmission(
  req: RunRequest,
  cache: ParseCache,
  clock: () => number = () => performance.now(),
): Promise<RunResponse> {
  const started = clock();
  const millis = () => clock() - started;
  try {
    const split = splitTexts(req, cache, millis);
    if (!split.ok) return split.response;
    const texts = req.texts;
    const [submitted, findings] = await Promise.all([
      submitJob(split.cluster, { text: texts.job, variables: split.variables }),
      jobSpecFindings(texts.job, split.variables),
    ]);
    const extra = { jobSpecJob: findings.job, ...(findings.jobSpec ? { jobSpec: findings.jobSpec } : {}) };
    if (!submitted.ok || split.problems.length > 0) {
      const diagnostics = [
        ...inCluster(submitted.ok ? [] : submitted.cluster, texts),
        ...locateAll(split.problems, texts),
        ...inTab(submitted.ok ? [] : submitted.submitted, 'job'),
        ...warningsOf(submitted.warnings, texts),
      ];
      return { type: 'result', ok: false, seq: req.seq, diagnostics, millis: millis(), ...extra };
    }
    const response = reconciled(req, submitted.scenario, started, clock);
    if (response.type !== 'result' || !response.ok) return response;
    const scenario = submitted.scenario;
    const runningVersion = submitted.changed ? (scenario.JobVersions.at(-1)?.Version ?? 0) : scenario.Job.Version;
    const warnings = warningsOf(submitted.warnings, texts);
    return {
      ...response,
      ...extra,
      ...(warnings.length > 0 ? { warnings } : {}),
      submission: {
        runningVersion,
        submittedVersion: submitted.changed ? scenario.Job.Version : null,
        document: submitted.document,
      },
    };
  } catch (err) {
    return crash(req, err);
  }
}

// inCluster places the cluster document's diagnostics: those the HCL reader
// placed in the running jobspec, and those about its `Job`, in the Running
// tab; the rest by their paths in the Cluster tab.
function inCluster(diagnostics: readonly Diagnostic[], texts: TabTexts): LocatedDiagnostic[] {
  const placed = diagnostics.filter((d) => d.line !== undefined);
  const unplaced = diagnostics.filter((d) => d.line === undefined);
  return [...inTab(placed, 'running'), ...locateAll(unplaced, texts, 'running')];
}

// warningsOf places a submission's warnings as its errors are placed.
function warningsOf(
  warnings: { cluster: Diagnostic[]; submitted: Diagnostic[] },
  texts: TabTexts,
): LocatedDiagnostic[] {
  return [...inCluster(warnings.cluster, texts), ...inTab(warnings.submitted, 'job')];
}

// jobSpecFindings reads an HCL Job tab for what the page shows besides the
// plan: its declared variables (the Variables editor), its hints, and the
// job as Nomad stores it (Show as API JSON). A JSON Job tab has none.
async function jobSpecFindings(
  text: string,
  variables: Record<string, unknown>,
): Promise<{ job: Record<string, unknown> | null; jobSpec: JobSpecFindings | null }> {
  if (!isHclText(text)) return { job: null, jobSpec: null };
  const spec = await readJobSpec(text, variables);
  const stored = spec.job === null ? null : storedJob(spec.job);
  return {
    job: isObject(stored) ? stored : null,
    jobSpec: { variables: spec.variables, hints: inTab(spec.hints, 'job') },
  };
}
