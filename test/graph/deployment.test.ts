import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deploymentViews } from '../../src/graph/deployment.ts';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';

function views(example: string) {
  const read = readScenario(readFileSync(`src/examples/${example}.json`, 'utf8'));
  if (!read.ok) throw new Error(example);
  return deploymentViews(read.scenario, runScenario(read.scenario).document);
}

describe('deploymentViews', () => {
  it('draws a created deployment with its group’s desired total', () => {
    expect(views('first-placement').map((v) => [v.group, v.status, v.effect, v.desired, v.placed])).toEqual([
      ['web', 'running', 'created', 3, 0],
    ]);
  });

  it('draws the multiregion peer’s deployment as created paused', () => {
    expect(views('multiregion-paused').map((v) => [v.status, v.effect])).toEqual([['paused', 'created']]);
  });

  it('draws what an update does: blocked, cancelled, or nothing to a failed deployment', () => {
    expect(views('multiregion-blocked').map((v) => [v.before, v.status, v.effect])).toEqual([
      ['running', 'blocked', 'marked'],
    ]);
    expect(views('stopped-job').map((v) => [v.before, v.status, v.effect])).toEqual([
      ['running', 'cancelled', 'cancelled'],
    ]);
    const failed = views('failed-deployment');
    expect(failed.map((v) => [v.status, v.effect])).toEqual([['failed', 'none']]);
    expect(failed[0]!.unhealthy).toBeGreaterThan(0);
  });

  it('counts canaries placed and promoted', () => {
    const [v] = views('canary-promoted');
    expect([v!.canariesDesired, v!.canariesPlaced, v!.promoted]).toEqual([1, 1, true]);
  });

  it('draws nothing without a deployment', () => {
    expect(views('batch-finished-kept')).toEqual([]);
  });
});
