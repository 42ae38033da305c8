// Warnings (fields Nomad's API does not have) from the reader to the
// worker's answer, the store, the editor's markers and the command line.

import { describe, expect, it } from 'vitest';
import { handleRun } from '../../src/worker/handle.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { applyClientEvent } from '../../src/store/runEvents.ts';
import { markersForTab } from '../../src/ui/editor/markers.ts';
import { initialRunState } from '../../src/store/runSlice.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';
import { memoryIO } from '../cli/memoryIO.ts';
import { run } from '../../src/cli/run.ts';

const texts = splitScenario(defaultScenario);
const typo = texts.job.replace('"Count": 5', '"Cuont": 5');

describe('warnings', () => {
  it('come back with a good result, placed at the key in the Job tab, and become warning markers', () => {
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, job: typo } });
    if (r.type !== 'result' || !r.ok) throw new Error('expected a result');
    const line = typo.split('\n').findIndex((l) => l.includes('"Cuont"')) + 1;
    expect(r.warnings).toMatchObject([
      {
        tab: 'job',
        line,
        severity: 'warning',
        path: 'Job.TaskGroups[0].Cuont',
        message: '"Cuont" is not a field of a task group; did you mean Count?',
      },
    ]);
    expect(markersForTab(r.warnings!, 'job')).toMatchObject([{ severity: 4, startLineNumber: line }]);
    const state = { ...initialRunState(), diagnostics: [] };
    expect(applyClientEvent(state, { type: 'response', response: r })).toMatchObject({
      status: 'ok',
      diagnostics: r.warnings,
    });
  });

  it('are listed after the errors of an invalid scenario', () => {
    const job = typo.replace('"Cuont": 5', '"Cuont": 5, "Count": -1');
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, job } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics.map((d) => d.severity ?? 'error')).toContain('warning');
  });

  it('are printed on the command line’s standard error, and the run still succeeds', async () => {
    const io = memoryIO({ 's.json': JSON.stringify({ ...JSON.parse(texts.cluster), Job: JSON.parse(typo) }) });
    expect(await run(['s.json'], io)).toBe(0);
    expect(io.err()).toBe(
      's.json: Job.TaskGroups[0].Cuont: warning: "Cuont" is not a field of a task group; did you mean Count?\n',
    );
  });
});
