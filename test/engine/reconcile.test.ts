// Engine behaviour that upstream's reconcile_test.go at dccea99f7e does not
// cover: the multiregion paths, the defined visiting order, the trace, and
// that inputs are never changed. Expectations are worked out from the seed
// (shared/seed/reconcile.go), not from our own output.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runScenario } from '../../src/result/run.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { reconcile } from '../../src/engine/v0.12/reconcile.ts';
import { sortAllocs } from '../../src/engine/allocSet.ts';
import {
  type Allocation,
  type Deployment,
  type Job,
  DeploymentStatusBlocked,
  DeploymentStatusDescriptionBlocked,
  DeploymentStatusDescriptionPausedForPeer,
  DeploymentStatusPaused,
  allocName,
} from '../../src/engine/structs.ts';
import type { AllocUpdateFn, ReconcilerInput } from '../../src/engine/types.ts';
import { allocUpdateFnDestructive, allocUpdateFnIgnore, noCanaryUpdate } from '../upstream/harness.ts';
import { deploymentState, mockAlloc, mockJob, mockMultiregionJob, newJobDeployment } from '../upstream/mock.ts';

function allocsFor(job: Job, count: number, start = 0): Allocation[] {
  const allocs: Allocation[] = [];
  for (let i = start; i < start + count; i++) {
    const a = mockAlloc();
    a.Job = job;
    a.JobID = job.ID;
    a.NodeID = `node-${i}`;
    a.Name = allocName(job.ID, job.TaskGroups[0]!.Name, i);
    allocs.push(a);
  }
  return allocs;
}

function run(
  job: Job | null,
  allocs: Allocation[],
  fields: Partial<ReconcilerInput> = {},
  updateFn: AllocUpdateFn = allocUpdateFnIgnore,
) {
  let n = 0;
  return reconcile({
    allocUpdateFn: updateFn,
    batch: false,
    jobID: job?.ID ?? 'gone',
    job,
    deployment: null,
    existingAllocs: allocs,
    taintedNodes: new Map(),
    evalID: 'eval-1',
    now: Date.UTC(2026, 0, 1) * 1e6,
    generateID: () => `id-${++n}`,
    ...fields,
  });
}

describe('multiregion', () => {
  function multiregionJob(region: string): Job {
    const job = mockMultiregionJob();
    job.Region = region;
    job.TaskGroups[0]!.Update = { ...noCanaryUpdate };
    return job;
  }

  test('the first region starts a running deployment and places', () => {
    const job = multiregionJob('west');
    const r = run(job, []);
    expect(r.deployment?.Status).toBe('running');
    expect(r.deployment?.IsMultiregion).toBe(true);
    expect(r.place).toHaveLength(10);
    expect(r.desiredTGUpdates.get('web')?.Place).toBe(10);
  });

  test('a later region creates its deployment paused for its peer and places nothing', () => {
    const job = multiregionJob('east');
    const r = run(job, []);
    expect(r.deployment?.Status).toBe(DeploymentStatusPaused);
    expect(r.deployment?.StatusDescription).toBe(DeploymentStatusDescriptionPausedForPeer);
    // The deployment counts as paused from the start, so the placements are
    // computed (DesiredTotal) but held back.
    expect(r.deployment?.TaskGroups.get('web')?.DesiredTotal).toBe(10);
    expect(r.place).toHaveLength(0);
    expect(r.desiredTGUpdates.get('web')?.Place).toBe(0);
  });

  test('a complete multiregion deployment is blocked waiting for its peers, not successful', () => {
    const job = multiregionJob('west');
    const d: Deployment = newJobDeployment(job);
    d.TaskGroups.set('web', deploymentState({ DesiredTotal: 10, HealthyAllocs: 10 }));
    const allocs = allocsFor(job, 10);
    for (const a of allocs) {
      a.DeploymentID = d.ID;
      a.DeploymentStatus = { Healthy: true, Canary: false };
    }
    const r = run(job, allocs, { deployment: d });
    expect(r.deploymentUpdates).toEqual([
      { DeploymentID: d.ID, Status: DeploymentStatusBlocked, StatusDescription: DeploymentStatusDescriptionBlocked },
    ]);
  });
});

describe('defined order', () => {
  test('the same allocations in any input order give the same result', () => {
    const job = mockJob();
    job.TaskGroups[0]!.Count = 3;
    // Duplicate names: which of the duplicates is stopped depends on the
    // visiting order, which must not depend on the input order.
    const allocs = allocsFor(job, 6).map((a, i) => ({
      ...a,
      Name: allocName(job.ID, 'web', i % 3),
      ID: `alloc-${5 - i}`,
    }));
    const stopped = (list: Allocation[]) => run(job, list).stop.map((s) => s.alloc.ID);
    const forward = stopped(allocs);
    expect(forward).toHaveLength(3);
    expect(stopped([...allocs].reverse())).toEqual(forward);
    expect(stopped([allocs[3]!, allocs[0]!, allocs[5]!, allocs[1]!, allocs[4]!, allocs[2]!])).toEqual(forward);
  });

  test('sortAllocs orders by name index, then ID', () => {
    const job = mockJob();
    const [a, b, c] = allocsFor(job, 3);
    a!.Name = allocName(job.ID, 'web', 2);
    b!.Name = allocName(job.ID, 'web', 10);
    c!.Name = allocName(job.ID, 'web', 2);
    a!.ID = 'b';
    c!.ID = 'a';
    expect(sortAllocs([b!, a!, c!]).map((x) => x.ID)).toEqual(['a', 'b', b!.ID]);
  });
});

describe('inputs', () => {
  test('the reconciler changes neither the deployment nor the allocations it is given', () => {
    const job = mockJob();
    job.TaskGroups[0]!.Update = { ...noCanaryUpdate, Canary: 2 };
    const d = newJobDeployment(job);
    d.TaskGroups.set('web', deploymentState({ DesiredTotal: 10 }));
    const allocs = allocsFor(job, 10);
    const before = structuredClone({ d, allocs });
    run(job, allocs, { deployment: d }, allocUpdateFnDestructive);
    expect({ d, allocs }).toEqual(before);
  });

  test('a purged job (null) stops every allocation', () => {
    const job = mockJob();
    const r = run(null, allocsFor(job, 4));
    expect(r.stop).toHaveLength(4);
    expect(r.desiredTGUpdates.get('web')?.Stop).toBe(4);
  });
});

describe('trace', () => {
  test('explains a destructive rolling update held to max_parallel', () => {
    const job = mockJob();
    job.TaskGroups[0]!.Count = 3;
    job.TaskGroups[0]!.Update = { ...noCanaryUpdate, MaxParallel: 1 };
    const allocs = allocsFor(job, 3);
    const r = run(job, allocs, { trace: true }, allocUpdateFnDestructive);
    const g = r.trace!.groups[0]!;
    expect(g.group).toBe('web');
    expect(g.limit).toBe(1);
    expect(g.limitReason).toContain('max_parallel is 1');
    expect(g.steps.map((s) => s.step)).toEqual([
      'start',
      'handleGroupCanaries',
      'filterByTainted',
      'filterByRescheduleable',
      'computeStop',
      'computeUpdates',
      'computePlacements',
    ]);
    const byAction = (action: string) => g.decisions.filter((d) => d.action === action).map((d) => d.allocID);
    // The first name in index order is replaced; the other two wait.
    expect(byAction('destructive')).toEqual([allocs[0]!.ID]);
    expect(byAction('ignore').sort()).toEqual([allocs[1]!.ID, allocs[2]!.ID].sort());
    expect(r.destructiveUpdate.map((d) => d.stopAlloc.ID)).toEqual([allocs[0]!.ID]);
  });

  test('no trace unless asked', () => {
    expect(run(mockJob(), []).trace).toBeNull();
  });
});

describe('trace through a scenario', () => {
  test('a failed allocation waiting for its reschedule is explained as reschedule-later, not ignored', () => {
    const read = readScenario(
      readFileSync(new URL('../fixtures/scenarios/failed-rescheduled.json', import.meta.url), 'utf8'),
    );
    if (!read.ok) throw new Error('fixture is invalid');
    const { results } = runScenario(read.scenario, { trace: true });
    const decisions = new Map(results.trace!.groups[0]!.decisions.map((d) => [d.allocID, d]));
    expect(decisions.get('alloc-0')?.action).toBe('ignore');
    expect(decisions.get('alloc-1')?.action).toBe('reschedule-now');
    // 00:09:50 plus the doubled 30s delay.
    expect(decisions.get('alloc-2')).toMatchObject({
      action: 'reschedule-later',
      reason: expect.stringContaining('2026-01-01T00:10:50Z'),
    });
  });
});

describe('scale', () => {
  test('a group of the largest count the reader accepts places without exhausting the stack', () => {
    const job = mockJob();
    job.TaskGroups[0]!.Count = 1_000_000;
    const r = run(job, []);
    expect(r.place).toHaveLength(1_000_000);
    expect(r.place[999_999]!.name).toBe(allocName(job.ID, 'web', 999_999));
  }, 60_000);
});
