// What the worker does with one request, as a plain function so that tests
// can call it without a worker: join the tabs, read the scenario, reconcile.

import { readScenarioValue } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';
import type { Diagnostic } from '../scenario/diagnostics.ts';
import { crash, inTab, joinFailure, reconciled, withWarnings } from './answers.ts';
import { locateAll } from './locate.ts';
import { handleMakeCluster } from './madeCluster.ts';
import { handleSubmission } from './submitted.ts';
import { compareVersions } from './versions.ts';
import type { RunRequest, RunResponse, WorkerRequest } from './protocol.ts';
import { type ParseCache, type TabTexts, isHclText, joinTabs } from '../scenario/tabs.ts';

// parsed keeps each tab's last parse: the reader, the engine and the diff
// never change the document they are given, so an unchanged tab's object is
// read again as it is.
const parsed: ParseCache = new Map();

/**
 * completeRequest turns a request into a RunRequest with both tabs' texts:
 * a RunChangedRequest takes the tabs it leaves out from `last`, the texts
 * of the worker's previous request. A RunChangedRequest with no previous
 * texts is a bug in the page.
 */
export function completeRequest(req: WorkerRequest, last: TabTexts | null): RunRequest {
  if (req.type === 'run') return req;
  if (last === null) throw new Error('completeRequest: changed texts came before any texts');
  return { type: 'run', seq: req.seq, texts: { ...last, ...req.texts }, ...(req.compare ? { compare: true } : {}) };
}

/** handleRun reads and reconciles the texts of one request; it never throws. */
export function handleRun(req: RunRequest, clock: () => number = () => performance.now()): RunResponse {
  const started = clock();
  try {
    const joined = joinTabs(req.texts, parsed);
    if (!joined.ok) return joinFailure(req, joined.problems, clock() - started);
    // The joined document has no text of its own, so diagnostics are placed
    // by their paths in the tab that holds them.
    const read = readScenarioValue(joined.document);
    if (!read.ok) {
      return {
        type: 'result',
        ok: false,
        seq: req.seq,
        diagnostics: locateAll(withWarnings(read.diagnostics, read.warnings), req.texts),
        millis: clock() - started,
      };
    }
    return withLocatedWarnings(reconciled(req, read.scenario, started, clock), read.warnings, req.texts);
  } catch (err) {
    return crash(req, err);
  }
}

/**
 * handleRunAsync is handleRun for a Job tab that may hold an HCL jobspec,
 * be submitted over a running job of its own (handleSubmission), or be
 * given a cluster made for it first (handleMakeCluster):
 * the HCL reader is loaded (once, on the first jobspec) and run first;
 * JSON tabs are handled by handleRun as they are. Diagnostics about the
 * jobspec and the job it maps to are placed in the Job tab's text.
 */
export async function handleRunAsync(
  req: RunRequest,
  clock: () => number = () => performance.now(),
): Promise<RunResponse> {
  const response = await answerRun(req, clock);
  if (!req.compare || response.type !== 'result' || !response.ok) return response;
  // The document the result is of: a submission's, or the tabs joined (a made cluster's text in its tab).
  const texts = response.madeCluster === undefined ? req.texts : { ...req.texts, cluster: response.madeCluster };
  const joined = response.submission === undefined ? joinTabs(texts, parsed) : null;
  const document = response.submission?.document ?? (joined?.ok ? joined.document : null);
  if (document === null) return response;
  try {
    const side = { document: response.document, trace: response.trace };
    return { ...response, versions: await compareVersions(document, response.scenario, side) };
  } catch (err) {
    return crash(req, err);
  }
}

// answerRun is handleRunAsync's answer for this version alone.
async function answerRun(req: RunRequest, clock: () => number): Promise<RunResponse> {
  if (req.makeCluster)
    return handleMakeCluster({ ...req, makeCluster: req.makeCluster }, (r) => answerRun(r, clock), clock);
  if (req.texts.running !== undefined) return handleSubmission(req, parsed, clock);
  if (!isHclText(req.texts.job)) return handleRun(req, clock);
  const started = clock();
  try {
    const joined = joinTabs(req.texts, parsed);
    if (!joined.ok) return joinFailure(req, joined.problems, clock() - started);
    const read = await readScenarioValueAsync(joined.document);
    const jobSpecJob = read.jobSpecJob ?? null;
    const jobSpec = read.jobSpecInfo && {
      variables: read.jobSpecInfo.variables,
      hints: inTab(read.jobSpecInfo.hints, 'job'),
    };
    if (!read.ok) {
      // Placed diagnostics are in the jobspec, that is the Job tab; the rest by their paths.
      const all = withWarnings(read.diagnostics, read.warnings);
      const unplaced = all.filter((d) => d.line === undefined);
      const diagnostics = [...inTab(all, 'job'), ...locateAll(unplaced, req.texts)];
      return {
        type: 'result',
        ok: false,
        seq: req.seq,
        diagnostics,
        millis: clock() - started,
        jobSpecJob,
        ...(jobSpec ? { jobSpec } : {}),
      };
    }
    return {
      ...withLocatedWarnings(reconciled(req, read.scenario, started, clock), read.warnings, req.texts),
      jobSpecJob,
      ...(jobSpec ? { jobSpec } : {}),
    } as RunResponse;
  } catch (err) {
    return crash(req, err);
  }
}

// withLocatedWarnings adds a good read's warnings, placed in the tabs, to a
// successful answer (one refused by a budget carries only its refusal).
function withLocatedWarnings(response: RunResponse, warnings: Diagnostic[] | undefined, texts: TabTexts): RunResponse {
  if (!warnings || response.type !== 'result' || !response.ok) return response;
  return { ...response, warnings: locateAll(warnings, texts) };
}
