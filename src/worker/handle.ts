// What the worker does with one request, as a plain function so that tests
// can call it without a worker: join the tabs, read the scenario, reconcile.

import { runScenario } from '../result/run.ts';
import { readScenarioValue } from '../scenario/read.ts';
import { locateAll } from './locate.ts';
import type { RunRequest, RunResponse } from './protocol.ts';
import { joinTabs } from './tabs.ts';

/** handleRun reads and reconciles the texts of one request; it never throws. */
export function handleRun(req: RunRequest, clock: () => number = () => performance.now()): RunResponse {
  const started = clock();
  try {
    const joined = joinTabs(req.texts);
    if (!joined.ok) {
      const diagnostics = joined.problems.map((p) => ({ code: 'json-syntax', path: '', ...p }));
      return { type: 'result', ok: false, seq: req.seq, diagnostics, millis: clock() - started };
    }
    // The joined document has no text of its own, so diagnostics are placed
    // by their paths in the tab that holds them.
    const read = readScenarioValue(joined.document);
    if (!read.ok) {
      return { type: 'result', ok: false, seq: req.seq, diagnostics: locateAll(read.diagnostics, req.texts), millis: clock() - started };
    }
    const { results, document } = runScenario(read.scenario, { trace: true });
    return { type: 'result', ok: true, seq: req.seq, scenario: read.scenario, document, trace: results.trace, millis: clock() - started };
  } catch (err) {
    return { type: 'crash', seq: req.seq, message: err instanceof Error ? err.message : String(err) };
  }
}
