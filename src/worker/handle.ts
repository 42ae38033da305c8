// What the worker does with one request, as a plain function so that tests
// can call it without a worker: join the tabs, read the scenario, reconcile.

import { diffReport } from '../diff/index.ts';
import { runScenario } from '../result/run.ts';
import { type Scenario, readScenarioValue } from '../scenario/read.ts';
import { readScenarioValueAsync } from '../scenario/readAsync.ts';
import { type Diagnostic, DiagnosticCode } from '../scenario/diagnostics.ts';
import { engineBudget } from './budgets.ts';
import { type LocatedDiagnostic, type TreeCache, locateAll } from './locate.ts';
import type { RunRequest, RunResponse, WorkerRequest } from './protocol.ts';
import { type ParseCache, type SyntaxProblem, type TabTexts, isHclText, joinTabs } from '../scenario/tabs.ts';

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
  return { type: 'run', seq: req.seq, texts: { ...last, ...req.texts } };
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
 * handleRunAsync is handleRun for a Job tab that may hold an HCL jobspec:
 * the HCL reader is loaded (once, on the first jobspec) and run first;
 * JSON tabs are handled by handleRun as they are. Diagnostics about the
 * jobspec and the job it maps to are placed in the Job tab's text.
 */
export async function handleRunAsync(
  req: RunRequest,
  clock: () => number = () => performance.now(),
): Promise<RunResponse> {
  if (!isHclText(req.texts.job)) return handleRun(req, clock);
  const started = clock();
  try {
    const joined = joinTabs(req.texts, parsed);
    if (!joined.ok) return joinFailure(req, joined.problems, clock() - started);
    const read = await readScenarioValueAsync(joined.document);
    const jobSpecJob = read.jobSpecJob ?? null;
    const jobSpec = read.jobSpecInfo && {
      variables: read.jobSpecInfo.variables,
      hints: inJobTab(read.jobSpecInfo.hints),
    };
    if (!read.ok) {
      // Placed diagnostics are in the jobspec, that is the Job tab; the rest by their paths.
      const all = withWarnings(read.diagnostics, read.warnings);
      const unplaced = all.filter((d) => d.line === undefined);
      const diagnostics = [...inJobTab(all), ...locateAll(unplaced, req.texts)];
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

// withWarnings lists a failed read's warnings after its errors: the editor
// marks both, each with its severity.
function withWarnings(diagnostics: Diagnostic[], warnings: Diagnostic[] | undefined): Diagnostic[] {
  return warnings ? [...diagnostics, ...warnings] : diagnostics;
}

// Warnings of a good scenario (a vanished node in a large Cluster tab)
// come back on every keystroke in the other tab: the trees they are placed
// in are kept while their tab's text is unchanged.
const warningTrees: TreeCache = new Map();

// withLocatedWarnings adds a good read's warnings, placed in the tabs, to a
// successful answer (one refused by a budget carries only its refusal).
function withLocatedWarnings(response: RunResponse, warnings: Diagnostic[] | undefined, texts: TabTexts): RunResponse {
  if (!warnings || response.type !== 'result' || !response.ok) return response;
  return { ...response, warnings: locateAll(warnings, texts, warningTrees) };
}

// inJobTab places the diagnostics that carry a place in the jobspec in the Job tab.
function inJobTab(diagnostics: Diagnostic[]): LocatedDiagnostic[] {
  const placed: LocatedDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.line === undefined) continue;
    const located: LocatedDiagnostic = {
      code: d.code,
      path: d.path,
      message: d.message,
      tab: 'job',
      line: d.line,
      column: d.column ?? 1,
      endLine: d.endLine ?? d.line,
      endColumn: d.endColumn ?? (d.column ?? 1) + 1,
    };
    if (d.severity) located.severity = d.severity;
    placed.push(located);
  }
  return placed;
}

// joinFailure answers a request whose tabs are not JSON.
function joinFailure(req: RunRequest, problems: SyntaxProblem[], millis: number): RunResponse {
  const diagnostics = problems.map((p) => ({ code: DiagnosticCode.JsonSyntax, path: '', ...p }));
  return { type: 'result', ok: false, seq: req.seq, diagnostics, millis };
}

// reconciled answers with the reconciler's result, its trace and the job
// diff, or, for a scenario over the engine's budget, with why it was not
// reconciled (placed at the job's task groups).
function reconciled(req: RunRequest, scenario: Scenario, started: number, clock: () => number): RunResponse {
  const over = engineBudget(scenario);
  if (over !== null) {
    const diagnostics = locateAll(
      [{ code: DiagnosticCode.OverBudget, path: 'Job.TaskGroups', message: over }],
      req.texts,
    );
    return { type: 'result', ok: false, seq: req.seq, diagnostics, millis: clock() - started };
  }
  const { results, document } = runScenario(scenario, { trace: true });
  return {
    type: 'result',
    ok: true,
    seq: req.seq,
    scenario,
    document,
    trace: results.trace,
    diff: diffReport(scenario),
    millis: clock() - started,
  };
}

// crash answers a request on which the reader or the engine threw: a bug.
function crash(req: RunRequest, err: unknown): RunResponse {
  return { type: 'crash', seq: req.seq, message: err instanceof Error ? err.message : String(err) };
}
