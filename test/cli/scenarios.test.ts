// What the reconciler decides for each fixture scenario, worked out by hand
// from upstream's reconcile.go at dccea99f7e and checked through the runner.
// Where upstream iterates a Go map (stops, ignores) the order is not part of
// its semantics, so those lists are compared sorted.

import { describe, expect, it } from 'vitest';
import { UUID, errorLines, fixture, runCli, zeroCounts } from './helpers.ts';

// reconcile runs one fixture and parses its pretty-printed result document.
async function reconcile(name: string) {
  const r = await runCli([fixture(name)]);
  expect(errorLines(r.stderr)).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

function byAllocID<T extends { AllocID: string }>(xs: T[]): T[] {
  return [...xs].sort((a, b) => (a.AllocID < b.AllocID ? -1 : 1));
}

describe('fixture scenarios', () => {
  it('first placement: creates count allocations by index and starts a deployment', async () => {
    const doc = await reconcile('first-placement');
    expect(doc.Place).toEqual(
      [0, 1, 2].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: '',
        Reschedule: false,
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Place: 3 } });
    expect(doc.Deployment).toMatchObject({
      Namespace: 'default',
      JobID: 'web',
      JobVersion: 0,
      JobModifyIndex: 10,
      JobCreateIndex: 10,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(doc.Deployment.ID).toMatch(UUID);
    // The group's update strategy is the job's, with Nomad's defaults: ProgressDeadline 10m.
    expect(doc.Deployment.TaskGroups.web).toMatchObject({
      DesiredTotal: 3,
      DesiredCanaries: 0,
      AutoRevert: false,
      AutoPromote: false,
      ProgressDeadline: 600_000_000_000,
    });
    expect(doc.DeploymentUpdates).toEqual([]);
    expect(doc.Stop).toEqual([]);
    expect(doc.DestructiveUpdate).toEqual([]);
    expect(doc.InplaceUpdate).toEqual([]);
    expect(doc.AttributeUpdates).toEqual([]);
    expect(doc.DesiredFollowupEvals).toEqual({});
  });

  it('rolling update: max_parallel 2 replaces the two lowest names and holds the rest', async () => {
    const doc = await reconcile('rolling-update');
    // The old deployment succeeded and is for version 0: dropped without a status update.
    expect(doc.DeploymentUpdates).toEqual([]);
    // computeLimit gives MaxParallel (2); destructive.nameOrder()[:2] picks indexes 0 and 1.
    expect(doc.DestructiveUpdate).toEqual(
      [0, 1].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        StopAllocID: `alloc-${i}`,
        StopStatusDescription: 'alloc is being updated due to job update',
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, DestructiveUpdate: 2, Ignore: 2 } });
    expect(doc.Place).toEqual([]);
    expect(doc.Stop).toEqual([]);
    // The new deployment covers all four destructive updates, not only this evaluation's two.
    expect(doc.Deployment).toMatchObject({
      JobVersion: 1,
      JobModifyIndex: 30,
      JobCreateIndex: 10,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(doc.Deployment.TaskGroups.web).toMatchObject({ DesiredTotal: 4, DesiredCanaries: 0 });
  });

  it('canary awaiting promotion: the canary exists, the limit is 0, nothing changes', async () => {
    const doc = await reconcile('canary-awaiting-promotion');
    // Canary + 3 held destructive updates are all counted as ignored.
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Ignore: 4 } });
    expect(doc.Deployment).toBeNull();
    expect(doc.DeploymentUpdates).toEqual([]);
    for (const list of ['Place', 'Stop', 'DestructiveUpdate', 'InplaceUpdate', 'AttributeUpdates']) {
      expect(doc[list], list).toEqual([]);
    }
  });

  it('lost node: allocations on a down or vanished node are stopped as lost and replaced', async () => {
    const doc = await reconcile('lost-node');
    expect(byAllocID(doc.Stop)).toEqual(
      [1, 2].map((i) => ({
        AllocID: `alloc-${i}`,
        Name: `web.web[${i}]`,
        ClientStatus: 'lost',
        StatusDescription: 'alloc is lost since its node is down',
        FollowupEvalID: '',
      })),
    );
    // Replacements of lost allocations take free names and, at this commit, no PreviousAllocID.
    expect(doc.Place).toEqual(
      [1, 2].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: '',
        Reschedule: false,
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Place: 2, Stop: 2, Ignore: 1 } });
    // No update strategy, so no deployment.
    expect(doc.Deployment).toBeNull();
  });

  it('draining node: only the allocation marked for migration moves', async () => {
    const doc = await reconcile('draining-node');
    expect(doc.Stop).toEqual([
      {
        AllocID: 'alloc-1',
        Name: 'web.web[1]',
        ClientStatus: '',
        StatusDescription: 'alloc is being migrated',
        FollowupEvalID: '',
      },
    ]);
    expect(doc.Place).toEqual([
      {
        Name: 'web.web[1]',
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: 'alloc-1',
        Reschedule: false,
      },
    ]);
    // Migrations are counted as Migrate, not as Stop or Place.
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Ignore: 2, Migrate: 1 } });
    // A migration adds nothing to DesiredTotal, so no deployment starts.
    expect(doc.Deployment).toBeNull();
  });

  it('failed allocations: one replaced now, one waits for a follow-up evaluation', async () => {
    const doc = await reconcile('failed-rescheduled');
    expect(doc.Place).toEqual([
      {
        Name: 'web.web[1]',
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: 'alloc-1',
        Reschedule: true,
      },
    ]);
    expect(doc.Stop).toEqual([
      {
        AllocID: 'alloc-1',
        Name: 'web.web[1]',
        ClientStatus: '',
        StatusDescription: 'alloc was rescheduled because it failed',
        FollowupEvalID: '',
      },
    ]);
    // The second failure had one earlier reschedule (delay 30s): exponential doubles it to 60s after 00:09:50.
    const evals = doc.DesiredFollowupEvals.web;
    expect(evals).toHaveLength(1);
    expect(evals[0]).toMatchObject({
      WaitUntil: '2026-01-01T00:10:50Z',
      TriggeredBy: 'alloc-failure',
      JobID: 'web',
      Namespace: 'default',
      Priority: 50,
      Type: 'service',
      Status: 'pending',
      StatusDescription: 'created for delayed rescheduling',
      JobModifyIndex: 10,
    });
    expect(evals[0].ID).toMatch(UUID);
    expect(doc.AttributeUpdates).toEqual([{ AllocID: 'alloc-2', Name: 'web.web[2]', FollowupEvalID: evals[0].ID }]);
    // The running one and the one waiting are ignored; the waiting one still counts towards Count.
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Place: 1, Stop: 1, Ignore: 2 } });
  });
});
