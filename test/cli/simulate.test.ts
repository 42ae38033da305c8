// `reconcile --simulate`: the whole rollout as text, with the scenario's Events.

import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.ts';

const example = (id: string) => resolve(import.meta.dirname, '../../src/examples', `${id}.json`);

describe('reconcile --simulate', () => {
  it('prints every evaluation of the rollout and how it ended', async () => {
    const r = await runCli(['--simulate', example('rollout-canary')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const heads = r.stdout.split('\n').filter((l) => l.startsWith('==> '));
    expect(heads).toHaveLength(7);
    expect(heads[0]).toBe('==> Evaluation 1 at +0s (2026-01-01T00:00:00Z), scenario: the scenario’s own evaluation');
    expect(heads[2]).toMatch(/^==> Evaluation 3 at \+11.48s .*deployment-watcher: the deployment was promoted$/);
    expect(heads[6]).toBe('==> End at +45.92s: settled: nothing more will happen until something changes');
    expect(r.stdout).toContain('    Task Group: "web" (1 create/destroy update, 2 destroy, 4 ignore)');
    expect(r.stdout).toContain('    event 0: happened at +11.48s');
  });

  it('reports bad events as FILE: PATH: message and exits 2', async () => {
    const r = await runCli(['--simulate', '-'], JSON.stringify({ Job: { ID: 'j' }, Events: [{ After: 1, Kind: 'node-up' }] }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('<stdin>: Events[0].NodeID: required: give a non-empty string\n');
  });
});
