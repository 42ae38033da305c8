// The surprises Nomad users keep asking about. Expectations worked out by
// hand from upstream's tasksUpdated (util.go), genericAllocUpdateFn and
// computeGroup/computeLimit (reconcile.go) at dccea99f7e before the engine ran.

import { describe, expect, it } from 'vitest';
import { byName, names, runExample, zeroCounts } from './helpers.ts';

const UPDATING = 'alloc is being updated due to job update';

describe('surprises', () => {
  it('a meta-only change is destructive', () => {
    const r = runExample('surprise-meta-destructive');
    const { doc } = r;
    // tasksUpdated compares CombinedTaskMeta (job, group and task meta merged):
    // the group's owner changed, so every allocation is destructive.
    // computeLimit: MaxParallel 1, no deployment yet: 1 → web[0]; 2 ignored.
    expect(doc.DestructiveUpdate).toEqual([
      { Name: 'web.web[0]', TaskGroup: 'web', StopAllocID: r.id('web.web[0]'), StopStatusDescription: UPDATING },
    ]);
    expect(doc.InplaceUpdate).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, DestructiveUpdate: 1, Ignore: 2 } });
    expect(doc.Deployment).toMatchObject({ JobVersion: 7, Status: 'running' });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 3 });
  });

  it('a datacenter change is in place', () => {
    const r = runExample('surprise-datacenter-inplace');
    const { doc } = r;
    // Datacenters are not compared by tasksUpdated: a new JobModifyIndex with
    // no task change is an in-place update for each running allocation.
    expect(byName(doc.InplaceUpdate)).toEqual(
      [0, 1, 2].map((i) => ({ AllocID: r.id(`web.web[${i}]`), Name: `web.web[${i}]`, TaskGroup: 'web' })),
    );
    expect(doc.DestructiveUpdate).toEqual([]);
    expect(doc.Place).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, InPlaceUpdate: 3 } });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 3 });
  });

  it('max_parallel limits destructive updates, but in-place updates all happen at once', () => {
    const r = runExample('surprise-max-parallel-inplace');
    const { doc } = r;
    // api: image changed, destructive ×3, limit MaxParallel 1: api[0] now.
    // worker: kill_timeout is not compared by tasksUpdated: in place ×3, and
    // computeUpdates applies every in-place update with no limit.
    expect(doc.DestructiveUpdate).toEqual([
      {
        Name: 'backend.api[0]',
        TaskGroup: 'api',
        StopAllocID: r.id('backend.api[0]'),
        StopStatusDescription: UPDATING,
      },
    ]);
    expect(names(doc.InplaceUpdate)).toEqual(['backend.worker[0]', 'backend.worker[1]', 'backend.worker[2]']);
    expect(doc.DesiredTGUpdates).toEqual({
      api: { ...zeroCounts, DestructiveUpdate: 1, Ignore: 2 },
      worker: { ...zeroCounts, InPlaceUpdate: 3 },
    });
    // One deployment, each group's DesiredTotal its 3 updates.
    expect(doc.Deployment?.TaskGroups.api).toMatchObject({ DesiredTotal: 3 });
    expect(doc.Deployment?.TaskGroups.worker).toMatchObject({ DesiredTotal: 3 });
  });

  it('a max_parallel larger than the count replaces everything at once', () => {
    const r = runExample('surprise-max-parallel-above-count');
    const { doc } = r;
    // computeLimit = MaxParallel 5 (no deployment of this version yet);
    // min(3 destructive, 5) = 3: every allocation is replaced now.
    expect(byName(doc.DestructiveUpdate)).toEqual(
      [0, 1, 2].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        StopAllocID: r.id(`web.web[${i}]`),
        StopStatusDescription: UPDATING,
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, DestructiveUpdate: 3 } });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 3 });
  });
});
