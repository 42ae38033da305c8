// `reconcile --simulate`: the whole rollout as text, with the scenario's Events.

import { readFileSync } from 'node:fs';
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
    // An allocation a happening names has its short ID and job version: the canary web[0] is not the old web[0].
    const canary = /\+ web\.web\[0\] \(canary\) placed on \S+ \(([0-9a-f]{8})/.exec(r.stdout)![1]!;
    expect(r.stdout).toContain(`    +10.23s web.web[0] is healthy (${canary} v1)\n`);
  });

  it('reports bad events as FILE: PATH: message and exits 2', async () => {
    const r = await runCli(
      ['--simulate', '-'],
      JSON.stringify({ Job: { ID: 'j' }, Events: [{ After: 1, Kind: 'node-up' }] }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('<stdin>: Events[0].NodeID: required: give a non-empty string\n');
  });
});

describe('reconcile --simulate --format json', () => {
  it('prints the film as one JSON document: steps with time, job, trigger, result document and placements; the end', async () => {
    const r = await runCli(['--simulate', '--format', 'json', example('rollout-canary')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const film = JSON.parse(r.stdout) as {
      Steps: {
        Index: number;
        Time: string;
        JobID: string;
        EvalID: string;
        TriggeredBy: string;
        Document: { DesiredTGUpdates: Record<string, unknown> };
        Placed: { Name: string; AllocID: string; NodeID: string; Canary: boolean }[];
      }[];
      End: { Status: string; Time: string; Deployment: { Status: string; JobVersion: number } | null };
    };
    expect(film.Steps.map((s) => [s.Index, s.Time, s.TriggeredBy])).toEqual([
      [1, '2026-01-01T00:00:00Z', 'scenario'],
      [2, '2026-01-01T00:00:11.48Z', 'deployment-watcher'],
      [3, '2026-01-01T00:00:11.48Z', 'deployment-watcher'],
      [4, '2026-01-01T00:00:22.96Z', 'deployment-watcher'],
      [5, '2026-01-01T00:00:34.44Z', 'deployment-watcher'],
      [6, '2026-01-01T00:00:45.92Z', 'deployment-watcher'],
    ]);
    expect(new Set(film.Steps.map((s) => s.JobID))).toEqual(new Set(['web']));
    expect(film.Steps[0]!.Document.DesiredTGUpdates.web).toMatchObject({ Canary: 2 });
    expect(film.Steps[0]!.Placed.map((p) => [p.Name, p.Canary])).toEqual([
      ['web.web[0]', true],
      ['web.web[1]', true],
    ]);
    expect(film.Steps[0]!.Placed.every((p) => p.AllocID !== '' && p.NodeID.startsWith('node-'))).toBe(true);
    expect(film.End).toMatchObject({
      Status: 'settled',
      Time: '2026-01-01T00:00:45.92Z',
      Deployment: { Status: 'successful', JobVersion: 1 },
    });
  });

  it('prints the text form without --format, and one compact document per line for several files', async () => {
    const text = await runCli(['--simulate', example('rollout-canary')]);
    expect(text.stdout.startsWith('==> Evaluation 1')).toBe(true);
    const two = await runCli(['--simulate', '--format=json', example('rollout-canary'), example('rollout-drain')]);
    const lines = two.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => (JSON.parse(l) as { End: { Status: string } }).End.Status)).toEqual(['settled', 'settled']);
  });
});

describe('reconcile --simulate over a budget or its time limit', () => {
  // scaled is the canary rollout example with its web group scaled to 999,999 after the first evaluation.
  const scaled = () => {
    const doc = JSON.parse(readFileSync(example('rollout-canary'), 'utf8')) as { Events: unknown[] };
    doc.Events = [{ After: 1, Kind: 'job-scale', TaskGroup: 'web', Count: 999_999 }];
    return JSON.stringify(doc);
  };
  const message =
    'Evaluation 2 would handle 1,000,006 allocations (7 live and 999,999 asked for), 980,006 more than the 20,000 the simulator takes.';

  it('prints the film up to the evaluation that would pass the budget, says why on stderr and exits 2', async () => {
    const r = await runCli(['--simulate', '-'], scaled());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`<stdin>: ${message}\n`);
    const heads = r.stdout.split('\n').filter((l) => l.startsWith('==> '));
    expect(heads).toEqual([
      '==> Evaluation 1 at +0s (2026-01-01T00:00:00Z), scenario: the scenario’s own evaluation',
      `==> End at +0s: over-budget: ${message.slice(0, -1)}`,
    ]);
  });

  it('names the budget in the JSON film', async () => {
    const r = await runCli(['--simulate', '--format', 'json', '-'], scaled());
    expect(r.code).toBe(2);
    const film = JSON.parse(r.stdout) as { Steps: unknown[]; End: { Status: string; OverBudget: unknown } };
    expect(film.Steps).toHaveLength(1);
    expect(film.End.Status).toBe('over-budget');
    expect(film.End.OverBudget).toEqual({ Budget: 'allocations', Limit: 20_000, Asked: 1_000_006, Message: message });
  });

  it('stops a rollout that runs past --timeout (default 20 s), between two evaluations', async () => {
    let now = 0;
    // Each look at the clock is 7 s later: 20 s are passed at the fourth look (the start's included), 5 s at the second.
    const clock = () => (now += 7000);
    const r = await runCli(['--simulate', example('rollout-canary')], '', clock);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/: The rollout took longer than 20 s \(21,000 ms\), so it was stopped\.\n$/);
    // The whole film has six evaluations; the clock stopped it after the first (three steps of the clock after the start).
    expect(r.stdout.split('\n').filter((l) => l.startsWith('==> Evaluation'))).toHaveLength(1);
    now = 0;
    const short = await runCli(['--simulate', '--timeout', '5', example('rollout-canary')], '', clock);
    expect(short.stderr).toMatch(/took longer than 5 s \(7,000 ms\)/);
    expect(short.stdout).toContain('==> End at +0s: over-budget: The rollout took longer than 5 s');
  });
});
