// Nomad 1.6's disconnect and reconnect updates in the plan (the command
// line's and the page's plan view, both wholePlan) and in the explanation.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientUpdateText } from '../../src/result/clientUpdates.ts';
import { wholePlanText } from '../../src/result/planWhole.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { nomad16Fixture, runCli } from '../cli/helpers.ts';

// documentOf reconciles one 1.6 fixture, with IDs g1, g2, … for what it creates.
function documentOf(name: string) {
  const read = readScenario(readFileSync(nomad16Fixture(name), 'utf8'));
  if (!read.ok) throw new Error(JSON.stringify(read.diagnostics));
  let n = 0;
  return runScenario(read.scenario, { generateID: () => `g${++n}` }).document;
}

describe('the whole plan under 1.6', () => {
  it('lists the allocations marked unknown after the dry-run, with the evaluation that follows each', () => {
    const text = wholePlanText({
      document: documentOf('disconnect'),
      diff: undefined,
      jobID: 'web',
      jobType: 'service',
      jobModifyIndex: 10,
      failures: [],
      path: 'web.json',
    });
    expect(text).toContain(
      '- All tasks successfully allocated.\n\n' +
        'Allocations marked unknown (their clients disconnected):\n' +
        '  web.web[1] (alloc-1): alloc is unknown since its node is disconnected; alloc-failure evaluation at 2026-01-01T00:10:30Z\n\n' +
        'Job Modify Index: 10',
    );
  });

  it('lists the allocations that reconnect; a result without either lists nothing', () => {
    expect(clientUpdateText(documentOf('reconnect'))).toBe(
      '\nAllocations kept as their clients reconnect:\n  web.web[1] (alloc-1): reconnects, client status running\n',
    );
    expect(clientUpdateText(documentOf('expired'))).toBe('');
  });
});

describe('the command line', () => {
  it('plan and explain show them', async () => {
    const plan = await runCli(['--format', 'plan', nomad16Fixture('disconnect')]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('Allocations marked unknown (their clients disconnected):\n  web.web[1] (alloc-1)');
    const explain = await runCli(['--explain', nomad16Fixture('reconnect')]);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toMatch(
      /\nAllocations kept as their clients reconnect:\n {2}web\.web\[1\] \(alloc-1\): reconnects/,
    );
  });
});
