// Which versions the job is compared with, and what the worker sends.

import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { diffReport } from '../../src/diff/report.ts';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';
import { handleRun } from '../../src/worker/handle.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import defaultScenario from '../../src/ui/defaultScenario.json' with { type: 'json' };

function scenarioOf(value: Record<string, unknown>) {
  const read = readScenarioValue({ Now: '2026-01-01T00:00:00Z', EvalID: 'eval', ...value });
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  return read.scenario;
}

const job = (Version: number, image: string) => ({
  ID: 'web',
  Name: 'web',
  Version,
  JobModifyIndex: Version * 10,
  TaskGroups: [{ Name: 'web', Count: 3, Tasks: [{ Name: 'server', Driver: 'docker', Config: { image } }] }],
});
const alloc = (ID: string, JobVersion: number, ClientStatus = 'running') => ({
  ID,
  Name: `web.web[${ID.slice(-1)}]`,
  TaskGroup: 'web',
  NodeID: 'n1',
  JobVersion,
  ClientStatus,
});

describe('diffReport', () => {
  test('compares with each version the running allocations use, the most used first', () => {
    const s = scenarioOf({
      Job: job(3, 'c'),
      JobVersions: [job(1, 'a'), job(2, 'b')],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [
        alloc('a0', 1),
        alloc('a1', 2),
        alloc('a2', 2),
        alloc('a3', 1, 'failed'),
        alloc('a4', 1, 'complete'),
      ],
    });
    const r = diffReport(s);
    expect(r).toMatchObject({ jobID: 'web', version: 3, jobModifyIndex: 30 });
    expect(r.comparisons.map((c) => [c.version, c.allocIDs])).toEqual([
      [2, ['a1', 'a2']],
      [1, ['a0']],
    ]);
    expect(r.comparisons[0]!.diff.TaskGroups[0]!.Update).toEqual({
      kind: 'destructive',
      reason: 'task "server": config changed',
    });
  });

  test('with no running allocation, falls back to the latest earlier version', () => {
    const s = scenarioOf({
      Job: job(3, 'c'),
      JobVersions: [job(1, 'a'), job(2, 'b')],
      Allocations: [alloc('a0', 1, 'failed')],
    });
    expect(diffReport(s).comparisons.map((c) => [c.version, c.fromAllocations])).toEqual([[2, false]]);
  });

  test('a first placement has nothing to compare with', () => {
    expect(diffReport(scenarioOf({ Job: job(0, 'a') })).comparisons).toEqual([]);
  });

  test('the default scenario: version 1 (six allocations) replaced, the canary of version 2 left alone', () => {
    const read = readScenario(JSON.stringify(defaultScenario));
    if (!read.ok) throw new Error('default scenario does not read');
    const [v1, v2] = diffReport(read.scenario).comparisons;
    expect(v1).toMatchObject({
      version: 1,
      allocIDs: ['web-0-v1', 'web-1-v1', 'web-2-v1', 'web-3-v1', 'cache-0-v1', 'cache-1-v1'],
    });
    const groups = Object.fromEntries(v1!.diff.TaskGroups.map((g) => [g.Name, g.Update]));
    expect(groups).toEqual({
      cache: { kind: 'inplace', reason: null },
      web: { kind: 'destructive', reason: 'task "server": config changed' },
    });
    expect(v2).toMatchObject({ version: 2, allocIDs: ['web-0-canary'] });
    expect(v2!.diff.Type).toBe('None');
    expect(v2!.diff.TaskGroups.every((g) => g.Update?.kind === 'ignore')).toBe(true);
  });
});

describe('handleRun', () => {
  test('a successful run carries the diff report', () => {
    const text = readFileSync(new URL('../fixtures/scenarios/rolling-update.json', import.meta.url), 'utf8');
    const res = handleRun({ type: 'run', seq: 1, texts: splitScenario(JSON.parse(text) as Record<string, unknown>) });
    if (res.type !== 'result' || !res.ok) throw new Error(`run failed: ${JSON.stringify(res)}`);
    expect(res.diff?.comparisons.length).toBeGreaterThan(0);
    expect(res.diff?.comparisons[0]!.diff.TaskGroups.some((g) => g.Update?.kind === 'destructive')).toBe(true);
  });
});
