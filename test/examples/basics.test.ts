// The basic examples: placement, scaling, in-place and rolling updates.
// Every expectation was worked out by hand from upstream's reconcile.go at
// dccea99f7e (computeGroup and the steps it calls) before the engine ran;
// the comment above each group of assertions gives the reasoning.

import { describe, expect, it } from 'vitest';
import { byName, names, runExample, zeroCounts } from './helpers.ts';

const UPDATING = 'alloc is being updated due to job update';
const NOT_NEEDED = 'alloc not needed due to job update';

describe('basic examples', () => {
  it('first placement: count allocations placed by index, and a deployment', () => {
    const { doc } = runExample('first-placement');
    // No allocations: computePlacements finds existing = 0 < count 3 and takes
    // nameIndex.Next(3) = indexes 0, 1, 2. No deployment yet, so
    // deploymentPlaceReady holds and all three are placed (not limited:
    // computeLimit only matters for destructive updates and migrations).
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
    // The group has an update strategy, DesiredTotal = 3 placements and no
    // allocation ran this version (hadRunning false): NewDeployment, running.
    expect(doc.Deployment).toMatchObject({
      JobID: 'web',
      JobVersion: 0,
      JobModifyIndex: 100,
      JobCreateIndex: 100,
      IsMultiregion: false,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 3, DesiredCanaries: 0, Promoted: false });
    expect(doc.DeploymentUpdates).toEqual([]);
    expect(doc.Stop).toEqual([]);
    expect(doc.DesiredFollowupEvals).toEqual({});
  });

  it('scale up and down: lowest free indexes added, highest stopped, the rest in place', () => {
    const r = runExample('scale-up-and-down');
    const { doc } = r;
    // web: 3 untainted, count 5. computeStop removes 3 - 5 < 0: none.
    // computeUpdates: the job's JobModifyIndex changed (100 -> 140) but
    // tasksUpdated sees no change (Count is not compared): all 3 in place.
    // computePlacements: existing 3 < 5, nameIndex.Next(2) = web[3], web[4].
    // worker: 5 untainted, count 2: remove = 3; no canaries or migrations, so
    // nameIndex.Highest(3) = worker[4], worker[3], worker[2] are stopped
    // ("not needed"); the remaining worker[0], worker[1] are in place.
    expect(doc.Place).toEqual(
      [3, 4].map((i) => ({
        Name: `shop.web[${i}]`,
        TaskGroup: 'web',
        Canary: false,
        PreviousAllocID: '',
        Reschedule: false,
      })),
    );
    expect(byName(doc.Stop)).toEqual(
      [2, 3, 4].map((i) => ({
        AllocID: r.id(`shop.worker[${i}]`),
        Name: `shop.worker[${i}]`,
        ClientStatus: '',
        StatusDescription: NOT_NEEDED,
        FollowupEvalID: '',
      })),
    );
    expect(names(doc.InplaceUpdate)).toEqual([
      'shop.web[0]',
      'shop.web[1]',
      'shop.web[2]',
      'shop.worker[0]',
      'shop.worker[1]',
    ]);
    expect(doc.DestructiveUpdate).toEqual([]);
    expect(doc.DesiredTGUpdates).toEqual({
      web: { ...zeroCounts, Place: 2, InPlaceUpdate: 3 },
      worker: { ...zeroCounts, Stop: 3, InPlaceUpdate: 2 },
    });
    // The version-0 deployment succeeded: cancelDeployments drops it without a
    // status update. In-place updates count towards DesiredTotal (web 3 + 2
    // placed, worker 2) and make updatingSpec true: a new deployment.
    expect(doc.DeploymentUpdates).toEqual([]);
    expect(doc.Deployment).toMatchObject({
      JobVersion: 1,
      JobModifyIndex: 140,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(doc.Deployment?.TaskGroups.web).toMatchObject({ DesiredTotal: 5 });
    expect(doc.Deployment?.TaskGroups.worker).toMatchObject({ DesiredTotal: 2 });
  });

  it('in-place update: a service tag change updates all three where they run', () => {
    const r = runExample('in-place-update');
    const { doc } = r;
    // Services are not compared by tasksUpdated; the JobModifyIndex differs
    // (200 -> 215) and the allocations are running: genericAllocUpdateFn says
    // in place for each. max_parallel plays no part (no destructive update).
    expect(byName(doc.InplaceUpdate)).toEqual(
      [0, 1, 2].map((i) => ({ AllocID: r.id(`payments.api[${i}]`), Name: `payments.api[${i}]`, TaskGroup: 'api' })),
    );
    expect(doc.DesiredTGUpdates).toEqual({ api: { ...zeroCounts, InPlaceUpdate: 3 } });
    expect(doc.Place).toEqual([]);
    expect(doc.Stop).toEqual([]);
    expect(doc.DestructiveUpdate).toEqual([]);
    // updatingSpec (in-place updates exist) and DesiredTotal 3: a deployment.
    expect(doc.Deployment).toMatchObject({
      JobVersion: 1,
      Status: 'running',
      StatusDescription: 'Deployment is running',
    });
    expect(doc.Deployment?.TaskGroups.api).toMatchObject({ DesiredTotal: 3 });
    expect(doc.DeploymentUpdates).toEqual([]);
  });

  it('rolling update: the unhealthy-yet allocation of the deployment uses one max_parallel slot', () => {
    const r = runExample('rolling-update');
    const { doc } = r;
    // The two stopped version-0 allocations have a NextAllocation: skipped by
    // filterByRescheduleable, counted nowhere. Untainted: new web[0] and
    // web[1] (version 1: same JobModifyIndex, ignore) and old web[2..4]
    // (image changed: destructive). computeLimit: MaxParallel 2, minus 1 for
    // the deployment's allocation whose health is unset (new web[1]) = 1.
    // destructive.nameOrder()[:1] = web[2]; web[3], web[4] are ignored.
    expect(doc.DestructiveUpdate).toEqual([
      { Name: 'web.web[2]', TaskGroup: 'web', StopAllocID: r.id('web.web[2]', 0), StopStatusDescription: UPDATING },
    ]);
    expect(doc.DesiredTGUpdates).toEqual({ web: { ...zeroCounts, Ignore: 4, DestructiveUpdate: 1 } });
    expect(doc.Place).toEqual([]);
    expect(doc.Stop).toEqual([]);
    // The running deployment is for this version: kept, no new one; three
    // destructive updates remain, so it is not complete: no status update.
    expect(doc.Deployment).toBeNull();
    expect(doc.DeploymentUpdates).toEqual([]);
  });
});
