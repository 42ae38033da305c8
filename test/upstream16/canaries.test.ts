// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5, the
// canary tests of its second half (TestReconciler_CancelDeployment_JobUpdate
// onwards).
//
// How many canaries the reconciler places and under which names, which
// canaries it stops (of an older or failed deployment, on tainted nodes), and
// what promotion unblocks.

import { describe, test } from 'vitest';
import {
  AllocClientStatusFailed,
  AllocClientStatusRunning,
  AllocDesiredStatusStop,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionNewerJob,
  DeploymentStatusDescriptionRunningNeedsPromotion,
  DeploymentStatusDescriptionSuccessful,
  DeploymentStatusFailed,
  DeploymentStatusPaused,
  DeploymentStatusSuccessful,
  NodeStatusDown,
  SECOND,
  MINUTE,
} from '../../src/engine/structs.ts';
import type { Allocation, DeploymentStatus, DeploymentStatusUpdate, Job, Node } from '../../src/engine/structs.ts';
import type { AllocUpdateFn } from '../../src/engine/types.ts';
import {
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  allocUpdateFnMock,
  assertNamesHaveIndexes,
  assertNoCanariesStopped,
  assertResults,
  canaryUpdate,
  destructiveResultsToNames,
  intRange,
  newReconciler,
  placeResultsToNames,
  stopResultsToNames,
} from './harness.ts';
import {
  copyDeploymentState,
  copyJob,
  copyTaskGroup,
  copyUpdateStrategy,
  deploymentState,
  groupAlloc,
  mockDrainNode,
  mockJob,
  mockNode,
  newJobDeployment,
  uuid,
  web,
} from './mock.ts';

// A paused deployment places no further canary and keeps the one it has; a
// failed one also stops that canary, since it was never promoted. The old
// allocations, which need a destructive update, stay as they are.
describe('TestReconciler_PausedOrFailedDeployment_NoMoreCanaries', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const cases: { name: string; deploymentStatus: DeploymentStatus; stop: number }[] = [
    { name: 'paused deployment', deploymentStatus: DeploymentStatusPaused, stop: 0 },
    { name: 'failed deployment', deploymentStatus: DeploymentStatusFailed, stop: 1 },
  ];

  test.each(cases)('$name', (c) => {
    const d = newJobDeployment(job, 50);
    d.Status = c.deploymentStatus;
    const s = deploymentState({ Promoted: false, DesiredCanaries: 2, DesiredTotal: 10, PlacedAllocs: 1 });
    d.TaskGroups.set(web(job).Name, s);

    const allocs: Allocation[] = [];
    for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

    // One of the two canaries is placed, under index 0.
    const canary = groupAlloc(job, web(job), 0);
    canary.DeploymentID = d.ID;
    allocs.push(canary);
    s.PlacedCanaries = [canary.ID];

    const updateFn = allocUpdateFnMock(new Map([[canary.ID, allocUpdateFnIgnore]]), allocUpdateFnDestructive);
    const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
    const r = reconciler.compute();

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      place: 0,
      inplace: 0,
      stop: c.stop,
      desiredTGUpdates: { [web(job).Name]: { Ignore: 11 - c.stop, Stop: c.stop } },
    });
  });
});

// placedCanaries adds `count` canaries of the deployment `deploymentID` to
// allocs, under indexes 0 to count-1, records them in the group state and, if
// handled is given, registers them to be left as they are.
function placedCanaries(
  job: Job,
  deploymentID: string,
  state: { PlacedCanaries: string[] },
  allocs: Allocation[],
  count: number,
  handled?: Map<string, AllocUpdateFn>,
): void {
  for (let i = 0; i < count; i++) {
    const canary = groupAlloc(job, web(job), i);
    canary.DeploymentID = deploymentID;
    state.PlacedCanaries.push(canary.ID);
    allocs.push(canary);
    handled?.set(canary.ID, allocUpdateFnIgnore);
  }
}

// A canary on a draining node is stopped and placed again as a canary under
// its own name; nothing else changes.
test('TestReconciler_DrainNode_Canary', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const d = newJobDeployment(job, 50);
  const s = deploymentState({ Promoted: false, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 2 });
  d.TaskGroups.set(web(job).Name, s);

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const handled = new Map<string, AllocUpdateFn>();
  placedCanaries(job, d.ID, s, allocs, 2, handled);

  // The second canary's node drains.
  const tainted = new Map<string, Node>();
  const n = mockDrainNode();
  n.ID = allocs[11]!.NodeID;
  allocs[11]!.DesiredTransition.Migrate = true;
  tainted.set(n.ID, n);

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 1,
    desiredTGUpdates: { [web(job).Name]: { Canary: 1, Ignore: 11 } },
  });
  assertNamesHaveIndexes(intRange(1, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(1, 1), placeResultsToNames(r.place));
});

// A canary on a down node is stopped and placed again as a canary under its
// own name; nothing else changes.
test('TestReconciler_LostNode_Canary', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const d = newJobDeployment(job, 50);
  const s = deploymentState({ Promoted: false, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 2 });
  d.TaskGroups.set(web(job).Name, s);

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const handled = new Map<string, AllocUpdateFn>();
  placedCanaries(job, d.ID, s, allocs, 2, handled);

  // The second canary's node is down.
  const tainted = new Map<string, Node>();
  const n = mockNode();
  n.ID = allocs[11]!.NodeID;
  n.Status = NodeStatusDown;
  tainted.set(n.ID, n);

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 1,
    inplace: 0,
    stop: 1,
    desiredTGUpdates: { [web(job).Name]: { Canary: 1, Ignore: 11 } },
  });

  assertNamesHaveIndexes(intRange(1, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(1, 1), placeResultsToNames(r.place));
});

// A newer job version cancels the running deployment, stops its unpromoted
// canaries, and starts a deployment of its own with two new canaries.
test('TestReconciler_StopOldCanaries', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const d = newJobDeployment(job, 50);
  const s = deploymentState({ Promoted: false, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 2 });
  d.TaskGroups.set(web(job).Name, s);

  // The job moves on after the deployment started.
  job.Version += 10;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));
  placedCanaries(job, d.ID, s, allocs, 2);

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  newD.TaskGroups.set(web(job).Name, deploymentState({ DesiredCanaries: 2, DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [
      {
        DeploymentID: d.ID,
        Status: DeploymentStatusCancelled,
        StatusDescription: DeploymentStatusDescriptionNewerJob,
      },
    ],
    place: 2,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [web(job).Name]: { Canary: 2, Stop: 2, Ignore: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
});

// A destructive change to a group with canaries places the canaries first, in
// a new deployment waiting for promotion, and replaces nothing yet.
test('TestReconciler_NewCanaries', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  newD.TaskGroups.set(web(job).Name, deploymentState({ DesiredCanaries: 2, DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Canary: 2, Ignore: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
});

// More canaries (7) than instances (3): all seven are placed, the names
// beyond the group's count continuing from index 3.
test('TestReconciler_NewCanaries_CountGreater', () => {
  const job = mockJob();
  web(job).Count = 3;
  const update = copyUpdateStrategy(canaryUpdate);
  update.Canary = 7;
  web(job).Update = update;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 3; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  newD.TaskGroups.set(web(job).Name, deploymentState({ DesiredCanaries: 7, DesiredTotal: 3 }));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [],
    place: 7,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Canary: 7, Ignore: 3 } },
  });

  assertNamesHaveIndexes(intRange(0, 2, 3, 6), placeResultsToNames(r.place));
});

// Each of two groups gets its own two canaries, and the one deployment
// created covers both groups.
test('TestReconciler_NewCanaries_MultiTG', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;
  job.TaskGroups.push(copyTaskGroup(web(job)));
  job.TaskGroups[0]!.Name = 'tg2';

  const allocs: Allocation[] = [];
  for (let j = 0; j < 2; j++) {
    for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, job.TaskGroups[j]!, i));
  }

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  const state = deploymentState({ DesiredCanaries: 2, DesiredTotal: 10 });
  newD.TaskGroups.set(job.TaskGroups[0]!.Name, state);
  newD.TaskGroups.set(job.TaskGroups[1]!.Name, copyDeploymentState(state));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [],
    place: 4,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: {
      [job.TaskGroups[0]!.Name]: { Canary: 2, Ignore: 10 },
      [job.TaskGroups[1]!.Name]: { Canary: 2, Ignore: 10 },
    },
  });

  assertNamesHaveIndexes(intRange(0, 1, 0, 1), placeResultsToNames(r.place));
});

// Scaling up together with a destructive change: only the canaries are
// placed; the five new instances wait for promotion.
test('TestReconciler_NewCanaries_ScaleUp', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;
  web(job).Count = 15;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  newD.TaskGroups.set(web(job).Name, deploymentState({ DesiredCanaries: 2, DesiredTotal: 15 }));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Canary: 2, Ignore: 10 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
});

// Scaling down together with a destructive change: the five highest indexes
// stop at once, and canaries are placed for the five that remain.
test('TestReconciler_NewCanaries_ScaleDown', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;
  web(job).Count = 5;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const newD = newJobDeployment(job, 50);
  newD.StatusDescription = DeploymentStatusDescriptionRunningNeedsPromotion;
  newD.TaskGroups.set(web(job).Name, deploymentState({ DesiredCanaries: 2, DesiredTotal: 5 }));

  assertResults(r, {
    createDeployment: newD,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 5,
    desiredTGUpdates: { [web(job).Name]: { Canary: 2, Stop: 5, Ignore: 5 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
  assertNamesHaveIndexes(intRange(5, 9), stopResultsToNames(r.stop));
});

// Two of four canaries exist, under indexes 0 and 3: the other two take the
// names between them, 1 and 2.
test('TestReconciler_NewCanaries_FillNames', () => {
  const job = mockJob();
  web(job).Update = {
    Canary: 4,
    MaxParallel: 2,
    HealthCheck: 'checks',
    MinHealthyTime: 10 * SECOND,
    HealthyDeadline: 10 * MINUTE,
    ProgressDeadline: 0,
    AutoRevert: false,
    AutoPromote: false,
    Stagger: 0,
  };

  const d = newJobDeployment(job, 50);
  const s = deploymentState({ Promoted: false, DesiredTotal: 10, DesiredCanaries: 4, PlacedAllocs: 2 });
  d.TaskGroups.set(web(job).Name, s);

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  // The placed canaries take the ends of the range 0 to 3.
  for (let i = 0; i < 4; i += 3) {
    const canary = groupAlloc(job, web(job), i);
    s.PlacedCanaries.push(canary.ID);
    canary.DeploymentID = d.ID;
    allocs.push(canary);
  }

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Canary: 2, Ignore: 12 } },
  });

  assertNamesHaveIndexes(intRange(1, 2), placeResultsToNames(r.place));
});

// healthyCanaries adds `count` healthy canaries of deployment `deploymentID`
// under indexes 0 to count-1, recorded in the group state and left as they are.
function healthyCanaries(
  job: Job,
  deploymentID: string,
  state: { PlacedCanaries: string[] },
  allocs: Allocation[],
  handled: Map<string, AllocUpdateFn>,
  count: number,
): void {
  for (let i = 0; i < count; i++) {
    const canary = groupAlloc(job, web(job), i);
    state.PlacedCanaries.push(canary.ID);
    canary.DeploymentID = deploymentID;
    canary.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(canary);
    handled.set(canary.ID, allocUpdateFnIgnore);
  }
}

// Once the canaries are promoted, the old allocations sharing their names
// stop, and the rolling update goes on with max_parallel (2) of the rest;
// no canary is stopped.
test('TestReconciler_PromoteCanaries_Unblock', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const d = newJobDeployment(job, 50);
  const s = deploymentState({ Promoted: true, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 2 });
  d.TaskGroups.set(web(job).Name, s);

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const handled = new Map<string, AllocUpdateFn>();
  healthyCanaries(job, d.ID, s, allocs, handled, 2);

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    destructive: 2,
    stop: 2,
    desiredTGUpdates: { [web(job).Name]: { Stop: 2, DestructiveUpdate: 2, Ignore: 8 } },
  });

  assertNoCanariesStopped(d, r.stop);
  assertNamesHaveIndexes(intRange(2, 3), destructiveResultsToNames(r.destructiveUpdate));
  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
});

// When there are as many canaries as instances, promoting them completes the
// deployment: the old allocations all stop and the deployment succeeds.
test('TestReconciler_PromoteCanaries_CanariesEqualCount', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;
  web(job).Count = 2;

  const d = newJobDeployment(job, 50);
  const s = deploymentState({
    Promoted: true,
    DesiredTotal: 2,
    DesiredCanaries: 2,
    PlacedAllocs: 2,
    HealthyAllocs: 2,
  });
  d.TaskGroups.set(web(job).Name, s);

  const allocs: Allocation[] = [];
  for (let i = 0; i < 2; i++) allocs.push(groupAlloc(job, web(job), i));

  const handled = new Map<string, AllocUpdateFn>();
  healthyCanaries(job, d.ID, s, allocs, handled, 2);

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const updates: DeploymentStatusUpdate[] = [
    {
      DeploymentID: d.ID,
      Status: DeploymentStatusSuccessful,
      StatusDescription: DeploymentStatusDescriptionSuccessful,
    },
  ];

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: updates,
    place: 0,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [web(job).Name]: { Stop: 2, Ignore: 2 } },
  });

  assertNoCanariesStopped(d, r.stop);
  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
});

// A failed deployment over two groups: the group that promoted its canaries
// keeps them, the group that did not has its two canaries stopped; nothing
// else moves.
test('TestReconciler_FailedDeployment_CancelCanaries', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;
  job.TaskGroups.push(copyTaskGroup(web(job)));
  job.TaskGroups[1]!.Name = 'two';

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusFailed;
  const s0 = deploymentState({ Promoted: true, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 4 });
  const s1 = deploymentState({ Promoted: false, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 2 });
  d.TaskGroups.set(job.TaskGroups[0]!.Name, s0);
  d.TaskGroups.set(job.TaskGroups[1]!.Name, s1);

  // Per group, the deployment's healthy allocations come first (four in the
  // promoted group, two in the other; the first two are canaries), then the
  // old allocations up to index 9.
  const allocs: Allocation[] = [];
  const handled = new Map<string, AllocUpdateFn>();
  for (const group of [0, 1]) {
    const tg = job.TaskGroups[group]!;
    const replacements = group === 1 ? 2 : 4;
    const state = group === 1 ? s1 : s0;

    for (let i = 0; i < replacements; i++) {
      const alloc = groupAlloc(job, tg, i);
      alloc.DeploymentID = d.ID;
      alloc.DeploymentStatus = { Healthy: true, Canary: false };
      allocs.push(alloc);
      handled.set(alloc.ID, allocUpdateFnIgnore);
      if (i < 2) state.PlacedCanaries.push(alloc.ID);
    }
    for (let i = replacements; i < 10; i++) allocs.push(groupAlloc(job, tg, i));
  }

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: {
      [job.TaskGroups[0]!.Name]: { Ignore: 10 },
      [job.TaskGroups[1]!.Name]: { Stop: 2, Ignore: 8 },
    },
  });

  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
});

// After an automatic revert: version 2 runs healthy in all three places and
// the failed, already stopped allocations of version 1 linger. Nothing is
// placed or stopped, and the deployment of version 2 is marked successful.
test('TestReconciler_FailedDeployment_AutoRevert_CancelCanaries', () => {
  const job = mockJob();
  web(job).Count = 3;
  // Upstream spells out canaryUpdate with three canaries.
  web(job).Update = { ...canaryUpdate, Canary: 3 };

  const jobv1 = copyJob(job);
  jobv1.Version = 1;
  web(jobv1).Meta = { version: '1' };

  const jobv2 = copyJob(job);
  jobv2.Version = 2;
  web(jobv2).Meta = { version: '2' };

  const d = newJobDeployment(jobv2, 50);
  const state = deploymentState({ Promoted: true, DesiredTotal: 3, PlacedAllocs: 3, HealthyAllocs: 3 });
  d.TaskGroups.set(web(job).Name, state);

  // Version 2 runs, healthy, under indexes 0 to 2.
  const allocs: Allocation[] = [];
  for (let i = 0; i < 3; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.Job = jobv2;
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    alloc.ClientStatus = AllocClientStatusRunning;
    allocs.push(alloc);
  }
  // Version 1 failed under the same indexes, in an earlier deployment, and was stopped.
  for (let i = 0; i < 3; i++) {
    const alloc = groupAlloc(jobv1, web(jobv1), i);
    alloc.TaskGroup = web(job).Name;
    alloc.DeploymentID = uuid();
    alloc.DeploymentStatus = { Healthy: false, Canary: false };
    alloc.DesiredStatus = AllocDesiredStatusStop;
    alloc.ClientStatus = AllocClientStatusFailed;
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, jobv2, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const updates: DeploymentStatusUpdate[] = [
    {
      DeploymentID: d.ID,
      Status: DeploymentStatusSuccessful,
      StatusDescription: DeploymentStatusDescriptionSuccessful,
    },
  ];

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: updates,
    place: 0,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Stop: 0, InPlaceUpdate: 0, Ignore: 3 } },
  });
});
