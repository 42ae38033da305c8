// The examples that teach where Nomad 0.12 and Nomad 1.6 decide differently,
// each reconciled by both, as `compare` and the Versions tab do (0.12 reads a
// disconnected node as down). Expectations worked out by hand from
// scheduler/reconcile.go, reconcile_util.go and util.go at dccea99f7e (0.12)
// and at v1.6.5 (1.6); the comments name the lines that decide.

import { describe, expect, it } from 'vitest';
import { runExample, zeroCounts } from './helpers.ts';

describe('a failure during canaries (canary-downgrade)', () => {
  // api[1] (version 0) failed at 14:28:00; the default service policy's
  // first delay is 30 s, so both versions' filterByRescheduleable put it in
  // rescheduleNow. The deployment awaits promotion (DesiredCanaries 1, not
  // promoted): 0.12's canaryState (reconcile.go:446) and 1.6's isCanarying
  // (reconcile.go:536) hold destructive updates, yet the failed allocation
  // is replaced and stopped (0.12 reconcile.go:491-503; 1.6 computeReplacements,
  // reconcile.go:859-883).
  const counts = { api: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 4 } };
  const stop = { Name: 'api.api[1]', ClientStatus: '', StatusDescription: 'alloc was rescheduled because it failed' };

  it('0.12 replaces it with the job being rolled out: nothing marks it otherwise', () => {
    const r = runExample('canary-downgrade', '0.12');
    const failed = r.id('api.api[1]');
    expect(r.doc.Place).toEqual([
      { Name: 'api.api[1]', TaskGroup: 'api', Canary: false, PreviousAllocID: failed, Reschedule: true },
    ]);
    expect(r.doc.Stop).toEqual([{ AllocID: failed, ...stop, FollowupEvalID: '' }]);
    expect(r.doc.DesiredTGUpdates).toEqual(counts);
  });

  it('1.6 marks the replacement DowngradeNonCanary at MinJobVersion 0, the version it replaces', () => {
    // computePlacements, reconcile.go:766-767: isCanarying and not a canary.
    const r = runExample('canary-downgrade', '1.6');
    const failed = r.id('api.api[1]');
    expect(r.doc.Place).toEqual([
      {
        Name: 'api.api[1]',
        TaskGroup: 'api',
        Canary: false,
        PreviousAllocID: failed,
        Reschedule: true,
        Lost: false,
        DowngradeNonCanary: true,
        MinJobVersion: 0,
      },
    ]);
    expect(r.doc.Stop).toEqual([{ AllocID: failed, ...stop, FollowupEvalID: '' }]);
    expect(r.doc.DesiredTGUpdates).toEqual(counts);
  });
});

describe('changes 1.6 checks before an in-place update', () => {
  // Version 3 changes nothing tasksUpdated compares. 0.12's
  // genericAllocUpdateFn (util.go:845-890) then tries the allocation's own
  // node without asking whether the job still runs there: in place. 1.6's
  // (util.go:885-940) first asks IsInAnyDC (918, with patterns) and
  // IsInPool (921): destructive when not. max_parallel 1 lets one go now.
  const inPlaceEverywhere = (id: string, group: string, job = group) => {
    const r = runExample(id, '0.12');
    expect(r.doc.InplaceUpdate.map((u) => u.Name)).toEqual([0, 1, 2].map((i) => `${job}.${group}[${i}]`));
    expect(r.doc.DestructiveUpdate).toEqual([]);
    expect(r.doc.DesiredTGUpdates).toEqual({ [group]: { ...zeroCounts, InPlaceUpdate: 3 } });
  };

  it('datacenter-left: 0.12 updates all three in place', () => inPlaceEverywhere('datacenter-left', 'web'));

  it('datacenter-left: 1.6 replaces the two in us-east-1, one now; us-west-* matches us-west-2, in place', () => {
    const r = runExample('datacenter-left', '1.6');
    expect(r.doc.InplaceUpdate.map((u) => u.Name)).toEqual(['web.web[2]']);
    expect(r.doc.DestructiveUpdate.map((u) => [u.Name, u.StopAllocID])).toEqual([['web.web[0]', r.id('web.web[0]')]]);
    expect(r.doc.DesiredTGUpdates).toEqual({
      web: { ...zeroCounts, InPlaceUpdate: 1, DestructiveUpdate: 1, Ignore: 1 },
    });
  });

  it('node-pool-moved: 0.12 updates all three in place', () => inPlaceEverywhere('node-pool-moved', 'web'));

  it('node-pool-moved: 1.6 replaces the two on default nodes, one now; the arm64 one in place', () => {
    const r = runExample('node-pool-moved', '1.6');
    expect(r.doc.InplaceUpdate.map((u) => u.Name)).toEqual(['web.web[2]']);
    expect(r.doc.DestructiveUpdate.map((u) => u.Name)).toEqual(['web.web[0]']);
    expect(r.doc.DesiredTGUpdates).toEqual({
      web: { ...zeroCounts, InPlaceUpdate: 1, DestructiveUpdate: 1, Ignore: 1 },
    });
  });

  it('memory-max-destructive: 0.12 does not compare memory_max, and updates all three in place', () =>
    inPlaceEverywhere('memory-max-destructive', 'api', 'payments'));

  it('memory-max-destructive: 1.6 compares it (tasksUpdated, util.go:352) and replaces one now, two wait', () => {
    const r = runExample('memory-max-destructive', '1.6');
    expect(r.doc.InplaceUpdate).toEqual([]);
    expect(r.doc.DestructiveUpdate.map((u) => u.Name)).toEqual(['payments.api[0]']);
    expect(r.doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, DestructiveUpdate: 1, Ignore: 2 } });
  });
});

describe('a disconnected client under 0.12, read as down', () => {
  // filterByTainted (0.12 reconcile_util.go): a down node's allocation is
  // lost; computeStop stops it as lost, and computePlacements names its
  // replacement from the name index, without a previous allocation (0.12
  // passes lost allocations to no placement: reconcile.go:709-741).
  for (const id of ['disconnect-max-client-disconnect', 'disconnect-without-max-client-disconnect']) {
    it(`${id}: lost and stopped, a new api[2] placed that names no allocation`, () => {
      const r = runExample(id, '0.12');
      expect(r.doc.Stop).toEqual([
        {
          AllocID: r.id('api.api[2]'),
          Name: 'api.api[2]',
          ClientStatus: 'lost',
          StatusDescription: 'alloc is lost since its node is down',
          FollowupEvalID: '',
        },
      ]);
      expect(r.doc.Place).toEqual([
        { Name: 'api.api[2]', TaskGroup: 'api', Canary: false, PreviousAllocID: '', Reschedule: false },
      ]);
      expect(r.doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 2 } });
      expect(r.doc.DesiredFollowupEvals).toEqual({});
    });
  }

  it('disconnect-reconnect: 0.12 leaves out the original, which names a replacement (NextAllocation), and stops nothing', () => {
    // 0.12's filterByRescheduleable skips every allocation with a
    // NextAllocation, running or not; 1.6's skips only terminal ones.
    const r = runExample('disconnect-reconnect', '0.12');
    expect(r.doc.Stop).toEqual([]);
    expect(r.doc.Place).toEqual([]);
    expect(r.doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Ignore: 3 } });
  });
});

describe('a preempted batch allocation (batch-preempted)', () => {
  // report[1] is evicted and its task ended without failing. shouldFilter
  // for batch jobs: 0.12 (reconcile_util.go:284-298) keeps an evicted or
  // stopped allocation that ran successfully as untainted, counted; 1.6
  // (reconcile_util.go:439-455) keeps only a stopped one, and leaves
  // an evicted one out, so computePlacements fills its name again.
  it('0.12 counts it as finished work and places nothing', () => {
    const r = runExample('batch-preempted', '0.12');
    expect(r.doc.Place).toEqual([]);
    expect(r.doc.DesiredTGUpdates).toEqual({ report: { ...zeroCounts, Ignore: 3 } });
  });

  it('1.6 leaves it out and places report[1] again', () => {
    const r = runExample('batch-preempted', '1.6');
    expect(r.doc.Place.map((p) => [p.Name, p.PreviousAllocID])).toEqual([['nightly-report.report[1]', '']]);
    expect(r.doc.DesiredTGUpdates).toEqual({ report: { ...zeroCounts, Place: 1, Ignore: 2 } });
  });
});

describe('a node drained while canaries await promotion (drain-during-canaries)', () => {
  // api[1] and api[3] (version 1) are on a draining node, asked to move.
  // 0.12 migrates whatever the deployment's state, as plain placements
  // (reconcile.go:525-538). 1.6's computeMigrations (reconcile.go:905-922)
  // keeps the canary flag of the allocation moved, and marks a non-canary
  // DowngradeNonCanary while the group is canarying.
  const stops = ['api.api[1]', 'api.api[3]'];
  const counts = { api: { ...zeroCounts, Migrate: 2, Ignore: 3 } };

  it('0.12 replaces both with plain allocations of the job being rolled out', () => {
    const r = runExample('drain-during-canaries', '0.12');
    expect(r.doc.Place).toEqual(
      stops.map((name) => ({
        Name: name,
        TaskGroup: 'api',
        Canary: false,
        PreviousAllocID: r.id(name),
        Reschedule: false,
      })),
    );
    expect(r.doc.Stop.map((s) => [s.Name, s.StatusDescription])).toEqual(
      stops.map((n) => [n, 'alloc is being migrated']),
    );
    expect(r.doc.DesiredTGUpdates).toEqual(counts);
  });

  it('1.6 downgrades the plain one, and places the former canary as a canary', () => {
    const r = runExample('drain-during-canaries', '1.6');
    const moved = { TaskGroup: 'api', Reschedule: false, Lost: false, MinJobVersion: 1 };
    expect(r.doc.Place).toEqual([
      { Name: 'api.api[1]', Canary: false, PreviousAllocID: r.id('api.api[1]'), DowngradeNonCanary: true, ...moved },
      { Name: 'api.api[3]', Canary: true, PreviousAllocID: r.id('api.api[3]'), DowngradeNonCanary: false, ...moved },
    ]);
    expect(r.doc.DesiredTGUpdates).toEqual(counts);
  });
});
