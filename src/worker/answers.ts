// The worker's answers, shared by its two ways of reading the tabs (the
// tabs joined as they are, and the Job tab submitted over the running job):
// a reconciled scenario, a read that failed, a bug.

import { diffReport } from '../diff/index.ts';
import { runScenario } from '../result/run.ts';
import type { Scenario } from '../scenario/read.ts';
import { type Diagnostic, DiagnosticCode } from '../scenario/diagnostics.ts';
import type { TabSyntaxProblem, TabID } from '../scenario/tabs.ts';
import { engineBudget } from './budgets.ts';
import { type LocatedDiagnostic, locateAll } from './locate.ts';
import type { RunRequest, RunResponse } from './protocol.ts';

/** withWarnings lists a failed read's warnings after its errors: the editor marks both, each with its severity. */
export function withWarnings(diagnostics: Diagnostic[], warnings: Diagnostic[] | undefined): Diagnostic[] {
  return warnings ? [...diagnostics, ...warnings] : diagnostics;
}

/** inTab places the diagnostics that carry a line (a jobspec's, or a job text's) in one tab; the others are left out. */
export function inTab(diagnostics: readonly Diagnostic[], tab: TabID): LocatedDiagnostic[] {
  const placed: LocatedDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.line === undefined) continue;
    const located: LocatedDiagnostic = {
      code: d.code,
      path: d.path,
      message: d.message,
      tab,
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

/** joinFailure answers a request whose tabs are not JSON. */
export function joinFailure(req: RunRequest, problems: TabSyntaxProblem[], millis: number): RunResponse {
  const diagnostics = problems.map((p) => ({ code: DiagnosticCode.JsonSyntax, path: '', ...p }));
  return { type: 'result', ok: false, seq: req.seq, diagnostics, millis };
}

/**
 * reconciled answers with the reconciler's result, its trace and the job
 * diff, or, for a scenario over the engine's budget, with why it was not
 * reconciled (placed at the job's task groups).
 */
export function reconciled(req: RunRequest, scenario: Scenario, started: number, clock: () => number): RunResponse {
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

/** crash answers a request on which the reader or the engine threw: a bug. */
export function crash(req: RunRequest, err: unknown): RunResponse {
  return { type: 'crash', seq: req.seq, message: err instanceof Error ? err.message : String(err) };
}
