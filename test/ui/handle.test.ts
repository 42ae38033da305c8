import { describe, expect, it } from 'vitest';
import { completeRequest, handleRun } from '../../src/worker/handle.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { planLines, formatGroupLine } from '../../src/result/plan.ts';
import { planNotes } from '../../src/ui/plan/notes.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';

const texts = splitScenario(defaultScenario);

describe('handleRun', () => {
  it('reconciles the default scenario with a trace', () => {
    const r = handleRun({ type: 'run', seq: 7, texts });
    expect(r.type).toBe('result');
    if (r.type !== 'result' || !r.ok) throw new Error('expected a result');
    expect(r.seq).toBe(7);
    expect(r.trace?.groups.map((g) => g.group).sort()).toEqual(['cache', 'web']);
    expect(planLines(r.document).map(formatGroupLine)).toEqual([
      'Task Group: "cache" (2 in-place update)',
      'Task Group: "web" (1 create, 1 destroy, 4 ignore, 1 migrate)',
    ]);
    // The default scenario is meant to show what counts hide.
    const notes = planNotes(r.scenario, r.document, r.trace)
      .map((n) => n.text)
      .join('\n');
    expect(notes).toMatch(/awaits promotion/);
    expect(notes).toMatch(/follow-up evaluation/);
  });

  it('places reader diagnostics in the tab and line of their value', () => {
    const job = texts.job.replace('"Count": 5', '"Count": -5');
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, job } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    const d = r.diagnostics.find((x) => x.path === 'Job.TaskGroups[0].Count');
    expect(d?.tab).toBe('job');
    const line = job.split('\n').findIndex((l) => l.includes('"Count": -5')) + 1;
    expect(d?.line).toBe(line);
  });

  it('places cluster diagnostics in the Cluster tab', () => {
    const cluster = texts.cluster.replace('"Status": "down"', '"Status": "sleepy"');
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, cluster } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    const line = cluster.split('\n').findIndex((l) => l.includes('"sleepy"')) + 1;
    expect(r.diagnostics[0]).toMatchObject({ tab: 'cluster', path: 'Nodes[3].Status', line });
  });

  it('reports JSON syntax errors without reading further', () => {
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, job: '{ "ID": }' } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics[0]).toMatchObject({ code: 'json-syntax', tab: 'job', line: 1 });
  });

  it('rejects a count beyond what the engine models', () => {
    const job = texts.job.replace('"Count": 5', '"Count": 5000000000');
    const r = handleRun({ type: 'run', seq: 1, texts: { ...texts, job } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics[0]).toMatchObject({ code: 'out-of-range', tab: 'job' });
  });
});

describe('completeRequest', () => {
  it('takes the tabs a request of changed texts leaves out from the previous texts', () => {
    const full = { type: 'run' as const, seq: 1, texts };
    expect(completeRequest(full, null)).toBe(full);
    expect(completeRequest({ type: 'run-changed', seq: 2, texts: { job: '{}' } }, texts)).toEqual({
      type: 'run',
      seq: 2,
      texts: { job: '{}', cluster: texts.cluster },
    });
    expect(() => completeRequest({ type: 'run-changed', seq: 3, texts: {} }, null)).toThrow();
  });
});
