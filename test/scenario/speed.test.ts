// The reader's speed on a large cluster: checking and converting a parsed
// document must cost no more than parsing its text. Timings take the least
// CPU time of several runs, which other work on the machine disturbs least.

import { describe, expect, it } from 'vitest';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';

// largeDocument is a service job mid-rollout with `count` allocations shaped
// like /v1/job/:id/allocations entries, half of them on an older version.
function largeDocument(count: number): string {
  const group = (image: string) => [{ Name: 'web', Count: count, Tasks: [{ Name: 'server', Driver: 'docker', Config: { image } }] }];
  const allocations = [];
  for (let i = 0; i < count; i++) {
    allocations.push({
      ID: `${(i * 2654435761 % 4294967296).toString(16).padStart(8, '0')}-7e36-4f0b-9c8d-${String(i).padStart(12, '0')}`,
      EvalID: '0f5c2d9a-1b3e-4c6f-8a7d-9e0b1c2d3e4f',
      Name: `web.web[${i}]`,
      Namespace: 'default',
      NodeID: `node-${i % 500}`,
      NodeName: `client-${i % 500}`,
      JobID: 'web',
      JobType: 'service',
      JobVersion: i % 2,
      TaskGroup: 'web',
      DesiredStatus: 'run',
      DesiredDescription: '',
      ClientStatus: i % 11 === 0 ? 'failed' : 'running',
      ClientDescription: 'Tasks are running',
      DesiredTransition: { ForceReschedule: null, Migrate: null, Reschedule: null },
      TaskStates: {
        server: {
          Events: null,
          Failed: i % 11 === 0,
          FinishedAt: i % 11 === 0 ? '2026-01-01T00:01:00Z' : '0001-01-01T00:00:00Z',
          LastRestart: '0001-01-01T00:00:00Z',
          Restarts: 0,
          StartedAt: '2026-01-01T00:00:00Z',
          State: i % 11 === 0 ? 'dead' : 'running',
        },
      },
      DeploymentStatus: { Canary: false, Healthy: true, ModifyIndex: 57, Timestamp: '2026-01-01T00:00:30Z' },
      FollowupEvalID: '',
      RescheduleTracker: i % 11 === 0 ? { Events: [{ RescheduleTime: 1767225600000000000, PrevAllocID: 'p', PrevNodeID: 'n', Delay: 30000000000 }] } : null,
      PreemptedAllocations: null,
      PreemptedByAllocation: '',
      CreateIndex: 100 + i,
      ModifyIndex: 200 + i,
      CreateTime: 1767225600000000000,
      ModifyTime: 1767225660000000000,
    });
  }
  return JSON.stringify({
    Now: '2026-01-01T00:10:00Z',
    EvalID: 'eval',
    Job: { ID: 'web', Version: 1, Update: { MaxParallel: 5 }, TaskGroups: group('nginx:2') },
    JobVersions: [{ ID: 'web', Version: 0, TaskGroups: group('nginx:1') }],
    Nodes: Array.from({ length: 500 }, (_, i) => ({ ID: `node-${i}`, Name: `client-${i}`, Datacenter: 'dc1', Status: 'ready' })),
    Allocations: allocations,
    Deployment: { ID: 'd', Status: 'running', TaskGroups: { web: { DesiredTotal: count } } },
  });
}

// fastest runs f several times and returns its least CPU time in
// milliseconds: CPU time rather than wall time, so that other processes on a
// busy machine do not count.
function fastest(f: () => unknown, runs = 9): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    f();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('reader speed', () => {
  it('checks and converts 10,000 allocations in about the time JSON.parse takes to parse them', { timeout: 60_000 }, () => {
    const text = largeDocument(10_000);
    const parsed = JSON.parse(text) as unknown;
    const first = readScenario(text);
    expect(first.ok).toBe(true);
    if (first.ok) expect(first.scenario.Allocations).toHaveLength(10_000);
    for (let i = 0; i < 3; i++) readScenarioValue(parsed); // warm up
    const parse = fastest(() => JSON.parse(text));
    const validate = fastest(() => readScenarioValue(parsed));
    // Bundled, validation takes about a third of the parse; vitest's module
    // loader slows the reader (not JSON.parse) down to about even, so the
    // bound leaves room for that.
    expect(validate, `parse ${parse.toFixed(1)} ms, validate ${validate.toFixed(1)} ms`).toBeLessThan(1.5 * parse);
  });
});
