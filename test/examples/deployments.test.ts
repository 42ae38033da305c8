// The deployment examples: canaries, promotion, a failed deployment and
// multiregion deployments. Expectations worked out by hand from upstream's
// reconcile.go at dccea99f7e before the engine ran.

import { describe, expect, it } from 'vitest';
import { names, runExample, zeroCounts } from './helpers.ts';

const NOT_NEEDED = 'alloc not needed due to job update';
const UPDATING = 'alloc is being updated due to job update';

describe('deployment examples', () => {
  it('canary awaiting promotion: two canaries named after the lowest destructive indexes', () => {
    const { doc } = runExample('canary-manual-promotion');
    // The version-0 deployment succeeded: dropped, no update, and it placed no
    // canaries to stop. 4 untainted, all destructive (image). requireCanary:
    // 4 destructive, 0 canaries < 2, not promoted: place 2 canaries, named by
    // NextCanaries from the destructive indexes first: web[0], web[1].
    // canaryState then holds: limit 0 and deploymentPlaceReady false, so the
    // 4 destructive updates are ignored; the canaries count as Canary, not Place.
    expect(doc.Place).toEqual(
      [0, 1].map((i) => ({
        Name: `web.web[${i}]`,
        TaskGroup: 'web',
        Canary: true,
        PreviousAllocID: '',
        Reschedule: false,
      })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Canary: 2, Ignore: 4 } });
    expect(doc.DestructiveUpdate).toEqual([]);
    expect(doc.Stop).toEqual([]);
    // New deployment: DesiredTotal 4 (destructive), DesiredCanaries 2; it
    // RequiresPromotion without auto-promote: the manual description.
    expect(doc.Deployment).toMatchObject({
      JobVersion: 1,
      Status: 'running',
      StatusDescription: 'Deployment is running but requires manual promotion',
    });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({
      DesiredTotal: 4,
      DesiredCanaries: 2,
      Promoted: false,
      AutoPromote: false,
    });
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('auto-promoted canary: one canary, and the deployment pending automatic promotion', () => {
    const { doc } = runExample('canary-auto-promote');
    // As above with canary = 1: NextCanaries(1) = api[0]; 3 destructive ignored.
    expect(doc.Place).toEqual([
      { Name: 'api.api[0]', TaskGroup: 'api', Canary: true, PreviousAllocID: '', Reschedule: false },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Canary: 1, Ignore: 3 } });
    // dstate copies AutoRevert/AutoPromote from the update block;
    // HasAutoPromote gives the automatic-promotion description.
    expect(doc.Deployment).toMatchObject({
      JobVersion: 1,
      Status: 'running',
      StatusDescription: 'Deployment is running pending automatic promotion',
    });
    expect(doc.Deployment?.TaskGroups.api).toMatchObject({
      DesiredTotal: 3,
      DesiredCanaries: 1,
      AutoPromote: true,
      AutoRevert: true,
    });
  });

  it('canary promoted: the old twin of the canary stops, and one more is replaced', () => {
    const r = runExample('canary-promoted');
    const { doc } = r;
    // The deployment is this version's and running: kept. Its canary is
    // healthy and untainted. Promoted, so canaryState is false. computeStop:
    // 4 old + 1 canary - count 4 = 1 to remove; the old api[0] shares the
    // canary's name: stopped as not needed. computeUpdates: the canary is
    // ignored, api[1..3] destructive. No canary required (1 of 1 placed).
    // computeLimit: MaxParallel 1, the deployment's only allocation (the
    // canary) is healthy: 1. nameOrder()[:1] = api[1]; api[2], api[3] ignored.
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('api.api[0]', 0),
        Name: 'api.api[0]',
        ClientStatus: '',
        StatusDescription: NOT_NEEDED,
        FollowupEvalID: '',
      },
    ]);
    expect(doc.DestructiveUpdate).toEqual([
      { Name: 'api.api[1]', TaskGroup: 'api', StopAllocID: r.id('api.api[1]'), StopStatusDescription: UPDATING },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, Stop: 1, DestructiveUpdate: 1, Ignore: 3 } });
    expect(doc.Place).toEqual([]);
    expect(doc.Deployment).toBeNull();
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('failed deployment: its unpromoted canary is stopped and nothing progresses', () => {
    const r = runExample('failed-deployment');
    const { doc } = r;
    // handleGroupCanaries: the deployment failed, its group is unpromoted, so
    // its PlacedCanaries are stopped as not needed. The 3 version-0
    // allocations are destructive, but deploymentFailed: no canary placed
    // (requireCanary is gated), limit 0, deploymentPlaceReady false: all 3
    // ignored.
    expect(doc.Stop).toEqual([
      {
        AllocID: r.id('checkout.checkout[0]', 1),
        Name: 'checkout.checkout[0]',
        ClientStatus: '',
        StatusDescription: NOT_NEEDED,
        FollowupEvalID: '',
      },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ checkout: { ...zeroCounts, Stop: 1, Ignore: 3 } });
    expect(doc.Place).toEqual([]);
    expect(doc.DestructiveUpdate).toEqual([]);
    // Same version as the deployment: kept; not complete: no status update.
    expect(doc.Deployment).toBeNull();
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('multiregion, second region: a paused deployment and nothing placed', () => {
    const { doc } = runExample('multiregion-paused');
    // No deployment and the job's region (eu-west) is not the first of
    // Multiregion.Regions: deploymentPaused. computePlacements wants web[0],
    // web[1] (DesiredTotal 2) but deploymentPlaceReady is false and there is
    // nothing lost or to reschedule: nothing placed, every count 0.
    expect(doc.Place).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts } });
    // The deployment is still created, paused for the peer region.
    expect(doc.Deployment).toMatchObject({
      JobVersion: 0,
      IsMultiregion: true,
      Status: 'paused',
      StatusDescription: 'Deployment is paused waiting for peer region',
    });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 2 });
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('multiregion, first region done: the deployment is blocked, not successful', () => {
    const r = runExample('multiregion-blocked');
    const { doc } = r;
    // Both allocations are this version's: ignored. Nothing to do and the
    // group state has 2 healthy of DesiredTotal 2, no canaries: complete. A
    // multiregion job's complete deployment becomes blocked.
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Ignore: 2 } });
    expect(doc.DeploymentUpdates).toEqual([
      {
        DeploymentID: (r.raw.Deployment as { ID: string }).ID,
        Status: 'blocked',
        StatusDescription: 'Deployment is complete but waiting for peer region',
      },
    ]);
    expect(doc.Deployment).toBeNull();
    expect(names(doc.Place)).toEqual([]);
  });
});
