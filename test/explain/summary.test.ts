// The explanation's summary agrees with the deployment panel above the
// graph: it names the deployment the panel shows, with what this evaluation
// does to it, before what became of the earlier one.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { explainSummary } from '../../src/ui/explain/summary.ts';

function summary(id: string): string[] {
  const read = readScenario(readFileSync(`src/examples/${id}.json`, 'utf8'));
  if (!read.ok) throw new Error(`${id} does not read`);
  const { results, document } = runScenario(read.scenario, { trace: true });
  return explainSummary(results.trace!, read.scenario.Deployment, deploymentViews(read.scenario, document));
}

describe('the explanation summary', () => {
  it('opens with the deployment this evaluation creates, then the earlier successful one', () => {
    const [first, second, ...rest] = summary('rollout-canary');
    expect(first).toMatch(/^Deployment \w{8}, for job version 1, is running: this evaluation creates it\.$/);
    expect(second).toMatch(/^The earlier deployment .* had completed successfully, so this change needs a new one\.$/);
    expect(rest).toEqual([]);
  });

  it('names the running deployment once when it is the one the panel shows', () => {
    const lines = summary('rolling-update');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/, for job version 1, is running: it is the job’s latest deployment/);
  });

  it('says a stopped job stops everything', () => {
    expect(summary('stopped-job')[0]).toBe('The job is stopped: every allocation goes.');
  });

  it('says when there is no deployment at all', () => {
    expect(summary('batch-finished-kept')).toContain('There is no deployment.');
  });
});
