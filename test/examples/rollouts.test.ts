// The whole-rollout examples: each carries its events, and its film tells
// the story its description tells.

import { describe, expect, it } from 'vitest';
import { findExample } from '../../src/examples/index.ts';
import { runRollout } from '../simulator/helpers.ts';

async function film(id: string) {
  const doc = await findExample(id)!.load();
  return runRollout(doc, (doc.Events as unknown[]) ?? []).film;
}

describe('rollout examples', () => {
  it('rollout-canary: canaries, a promotion after evaluation 2, one replacement at a time, success', async () => {
    const f = await film('rollout-canary');
    expect(f.Steps.map((s) => s.TriggeredBy)).toEqual(['scenario', ...Array(5).fill('deployment-watcher')]);
    expect(f.Steps[2]!.Why).toBe('the deployment was promoted');
    expect(f.End).toMatchObject({ Status: 'settled', Deployment: { JobVersion: 1, Status: 'successful' } });
  });

  it('rollout-auto-revert: failed at the progress deadline and reverted to version 0 as version 2', async () => {
    const f = await film('rollout-auto-revert');
    expect(f.Steps.flatMap((s) => s.Happenings.map((h) => h.Text))).toContain(
      'deployment failed: Failed due to progress deadline - rolling back to job version 0',
    );
    expect(f.End.Scenario.Job.Version).toBe(2);
    expect(f.End.Deployment).toMatchObject({ JobVersion: 2, Status: 'successful' });
  });

  it('rollout-drain: three migrations, one at a time, and the node left ineligible', async () => {
    const f = await film('rollout-drain');
    expect(f.Steps.filter((s) => s.TriggeredBy === 'node-drain')).toHaveLength(3);
    expect(f.End.Scenario.Nodes.find((n) => n.ID === 'node-1')).toMatchObject({
      Drain: false,
      SchedulingEligibility: 'ineligible',
    });
  });
});
