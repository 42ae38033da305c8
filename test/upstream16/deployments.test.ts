// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5, the
// deployment tests of its second half (TestReconciler_CancelDeployment_JobUpdate
// onwards, without the canary and rescheduling ones), and
// TestReconciler_ComputeDeploymentPaused, new in 1.6.
//
// When the reconciler creates, cancels, completes or holds back a deployment,
// and how a rolling update's max_parallel limit counts allocations that are
// not yet healthy or sit on tainted nodes.

import { describe, expect, test } from 'vitest';
import {
  AllocClientStatusFailed,
  AllocClientStatusRunning,
  AllocDesiredStatusStop,
  DeploymentStatusCancelled,
  DeploymentStatusDescriptionPendingForPeer,
  DeploymentStatusDescriptionNewerJob,
  DeploymentStatusDescriptionSuccessful,
  DeploymentStatusFailed,
  DeploymentStatusInitializing,
  DeploymentStatusPaused,
  DeploymentStatusSuccessful,
  JobTypeBatch,
  JobTypeService,
  NodeStatusDown,
  allocName,
} from '../../src/engine/structs.ts';
import type {
  Allocation,
  Deployment,
  DeploymentStatus,
  DeploymentStatusUpdate,
  JobType,
  Node,
} from '../../src/engine/structs.ts';
import type { AllocUpdateFn } from '../../src/engine/types.ts';
import {
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  allocUpdateFnInplace,
  allocUpdateFnMock,
  assertNamesHaveIndexes,
  assertResults,
  canaryUpdate,
  destructiveResultsToNames,
  intRange,
  newReconciler,
  noCanaryUpdate,
  placeResultsToNames,
  stopResultsToNames,
} from './harness.ts';
import {
  copyJob,
  deploymentState,
  groupAlloc,
  mockAlloc,
  mockBatchJob,
  mockDrainNode,
  mockJob,
  mockMultiregionJob,
  mockNode,
  newJobDeployment,
  uuid,
  web,
} from './mock.ts';

// A job update cancels a deployment of the older version while it is still
// active; a deployment that already failed is left alone. Either way the
// allocations, which the update function leaves as they are, are ignored.
describe('TestReconciler_CancelDeployment_JobUpdate', () => {
  const job = mockJob();

  // Both deployments are of the job's current version, which then moves on.
  const running = newJobDeployment(job, 50);
  const failed = newJobDeployment(job, 50);
  failed.Status = DeploymentStatusFailed;
  job.Version += 10;

  const cases = [
    { name: 'running deployment', deployment: running, cancel: true },
    { name: 'failed deployment', deployment: failed, cancel: false },
  ];

  test.each(cases)('$name', (c) => {
    const allocs: Allocation[] = [];
    for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

    const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, c.deployment, allocs, null, '', 50, true);
    const r = reconciler.compute();

    const updates: DeploymentStatusUpdate[] = c.cancel
      ? [
          {
            DeploymentID: c.deployment.ID,
            Status: DeploymentStatusCancelled,
            StatusDescription: DeploymentStatusDescriptionNewerJob,
          },
        ]
      : [];

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: updates,
      place: 0,
      inplace: 0,
      stop: 0,
      desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
    });
  });
});

// A destructive change to a group with a rolling update starts a deployment
// of all ten and replaces the first max_parallel (4) of them.
test('TestReconciler_CreateDeployment_RollingUpgrade_Destructive', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: d,
    deploymentUpdates: [],
    destructive: 4,
    desiredTGUpdates: { [web(job).Name]: { DestructiveUpdate: 4, Ignore: 6 } },
  });

  assertNamesHaveIndexes(intRange(0, 3), destructiveResultsToNames(r.destructiveUpdate));
});

// In-place updates are not limited by max_parallel, yet they too start a
// deployment that covers every updated allocation.
test('TestReconciler_CreateDeployment_RollingUpgrade_Inplace', () => {
  const jobOld = mockJob();
  const job = copyJob(jobOld);
  job.Version++;
  web(job).Update = noCanaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.Job = jobOld;
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnInplace, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: d,
    deploymentUpdates: [],
    place: 0,
    inplace: 10,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { InPlaceUpdate: 10 } },
  });
});

// A job created anew (a higher create index) counts none of the allocations
// of its predecessor as running it, so placing the missing five starts a
// deployment even though nothing is updated.
test('TestReconciler_CreateDeployment_NewerCreateIndex', () => {
  const jobOld = mockJob();
  const job = copyJob(jobOld);
  web(job).Update = noCanaryUpdate;
  job.CreateIndex += 100;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 5; i++) {
    const alloc = mockAlloc();
    alloc.Job = jobOld;
    alloc.JobID = jobOld.ID;
    alloc.NodeID = uuid();
    alloc.Name = allocName(job.ID, web(job).Name, i);
    alloc.TaskGroup = web(job).Name;
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 5 }));

  assertResults(r, {
    createDeployment: d,
    deploymentUpdates: [],
    place: 5,
    destructive: 0,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: {
      [web(job).Name]: { InPlaceUpdate: 0, Ignore: 5, Place: 5, DestructiveUpdate: 0 },
    },
  });
});

// A group that already runs its current version in full needs no deployment.
test('TestReconciler_DontCreateDeployment_NoChanges', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { DestructiveUpdate: 0, Ignore: 10 } },
  });
});

// A paused or failed deployment places nothing more: the group is scaled to
// fifteen, ten run, and the five missing wait.
describe('TestReconciler_PausedOrFailedDeployment_NoMorePlacements', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;
  web(job).Count = 15;

  const cases: { name: string; deploymentStatus: DeploymentStatus }[] = [
    { name: 'paused deployment', deploymentStatus: DeploymentStatusPaused },
    { name: 'failed deployment', deploymentStatus: DeploymentStatusFailed },
  ];

  test.each(cases)('$name', (c) => {
    const d = newJobDeployment(job, 50);
    d.Status = c.deploymentStatus;
    d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: false, DesiredTotal: 15, PlacedAllocs: 10 }));

    const allocs: Allocation[] = [];
    for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

    const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, d, allocs, null, '', 50, true);
    const r = reconciler.compute();

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      place: 0,
      inplace: 0,
      stop: 0,
      desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
    });
  });
});

// A paused or failed deployment replaces nothing more: nine allocations still
// need a destructive update and one is already new, and all ten are ignored.
describe('TestReconciler_PausedOrFailedDeployment_NoMoreDestructiveUpdates', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const cases: { name: string; deploymentStatus: DeploymentStatus }[] = [
    { name: 'paused deployment', deploymentStatus: DeploymentStatusPaused },
    { name: 'failed deployment', deploymentStatus: DeploymentStatusFailed },
  ];

  test.each(cases)('$name', (c) => {
    const d = newJobDeployment(job, 50);
    d.Status = c.deploymentStatus;
    d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: false, DesiredTotal: 10, PlacedAllocs: 1 }));

    // Indexes 1 to 9 run the old version (the update function says so).
    const allocs: Allocation[] = [];
    for (let i = 1; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

    // Index 0 was already replaced by the deployment.
    const newAlloc = groupAlloc(job, web(job), 0);
    newAlloc.DeploymentID = d.ID;
    allocs.push(newAlloc);

    const updateFn = allocUpdateFnMock(new Map([[newAlloc.ID, allocUpdateFnIgnore]]), allocUpdateFnDestructive);
    const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
    const r = reconciler.compute();

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      place: 0,
      inplace: 0,
      stop: 0,
      desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
    });
  });
});

// Of the four allocations the deployment placed, only the healthy ones free a
// slot of max_parallel (4): with n healthy, n more old allocations are
// replaced, the lowest remaining indexes first.
describe('TestReconciler_DeploymentLimit_HealthAccounting', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const cases = [{ healthy: 0 }, { healthy: 1 }, { healthy: 2 }, { healthy: 3 }, { healthy: 4 }];

  test.each(cases)('$healthy healthy', (c) => {
    const d = newJobDeployment(job, 50);
    d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: true, DesiredTotal: 10, PlacedAllocs: 4 }));

    // Indexes 4 to 9 run the old version.
    const allocs: Allocation[] = [];
    for (let i = 4; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

    // Indexes 0 to 3 are the deployment's, the first c.healthy of them healthy.
    const handled = new Map<string, AllocUpdateFn>();
    for (let i = 0; i < 4; i++) {
      const alloc = groupAlloc(job, web(job), i);
      alloc.DeploymentID = d.ID;
      if (i < c.healthy) alloc.DeploymentStatus = { Healthy: true, Canary: false };
      allocs.push(alloc);
      handled.set(alloc.ID, allocUpdateFnIgnore);
    }

    const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
    const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
    const r = reconciler.compute();

    assertResults(r, {
      createDeployment: null,
      deploymentUpdates: [],
      destructive: c.healthy,
      desiredTGUpdates: { [web(job).Name]: { DestructiveUpdate: c.healthy, Ignore: 10 - c.healthy } },
    });

    if (c.healthy !== 0) {
      assertNamesHaveIndexes(intRange(4, 3 + c.healthy), destructiveResultsToNames(r.destructiveUpdate));
    }
  });
});

// During a rolling update, of eight healthy new allocations one is on a down
// node and two on draining nodes: the lost one is stopped and replaced, the
// draining ones migrate, and the two old allocations are replaced as usual.
test('TestReconciler_TaintedNode_RollingUpgrade', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: true, DesiredTotal: 10, PlacedAllocs: 7 }));

  // Indexes 8 and 9 run the old version.
  const allocs: Allocation[] = [];
  for (let i = 8; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  // Indexes 0 to 7 are healthy replacements.
  const handled = new Map<string, AllocUpdateFn>();
  for (let i = 0; i < 8; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(alloc);
    handled.set(alloc.ID, allocUpdateFnIgnore);
  }

  // Replacements 0, 1 and 2 are on tainted nodes: the first down, the others draining.
  const tainted = new Map<string, Node>();
  for (let i = 0; i < 3; i++) {
    const alloc = allocs[2 + i]!;
    const n = mockNode();
    n.ID = alloc.NodeID;
    if (i === 0) {
      n.Status = NodeStatusDown;
    } else {
      n.DrainStrategy = mockDrainNode().DrainStrategy;
      alloc.DesiredTransition.Migrate = true;
    }
    tainted.set(n.ID, n);
  }

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 3,
    destructive: 2,
    stop: 3,
    desiredTGUpdates: {
      [web(job).Name]: {
        Place: 1, // the lost one's replacement
        Stop: 1, // the lost one
        Migrate: 2, // the two on draining nodes
        DestructiveUpdate: 2,
        Ignore: 5,
      },
    },
  });

  assertNamesHaveIndexes(intRange(8, 9), destructiveResultsToNames(r.destructiveUpdate));
  assertNamesHaveIndexes(intRange(0, 2), placeResultsToNames(r.place));
  assertNamesHaveIndexes(intRange(0, 2), stopResultsToNames(r.stop));
});

// A failed deployment replaces nothing more, but allocations on a down or a
// draining node are still moved: one lost and one migrating are replaced.
test('TestReconciler_FailedDeployment_TaintedNodes', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusFailed;
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: true, DesiredTotal: 10, PlacedAllocs: 4 }));

  // Indexes 4 to 9 run the old version.
  const allocs: Allocation[] = [];
  for (let i = 4; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  // Indexes 0 to 3 are healthy replacements.
  const handled = new Map<string, AllocUpdateFn>();
  for (let i = 0; i < 4; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(alloc);
    handled.set(alloc.ID, allocUpdateFnIgnore);
  }

  // Replacement 0 is on a down node and replacement 1 on a draining one.
  const tainted = new Map<string, Node>();
  for (let i = 0; i < 2; i++) {
    const alloc = allocs[6 + i]!;
    const n = mockNode();
    n.ID = alloc.NodeID;
    if (i === 0) {
      n.Status = NodeStatusDown;
    } else {
      n.DrainStrategy = mockDrainNode().DrainStrategy;
      alloc.DesiredTransition.Migrate = true;
    }
    tainted.set(n.ID, n);
  }

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, tainted, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    inplace: 0,
    stop: 2,
    desiredTGUpdates: { [web(job).Name]: { Place: 1, Migrate: 1, Stop: 1, Ignore: 8 } },
  });

  assertNamesHaveIndexes(intRange(0, 1), placeResultsToNames(r.place));
  assertNamesHaveIndexes(intRange(0, 1), stopResultsToNames(r.stop));
});

// After a deployment succeeded, running the job again changes nothing and
// reports nothing about the finished deployment.
test('TestReconciler_CompleteDeployment', () => {
  const job = mockJob();
  web(job).Update = canaryUpdate;

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusSuccessful;
  d.TaskGroups.set(
    web(job).Name,
    deploymentState({ Promoted: true, DesiredTotal: 10, DesiredCanaries: 2, PlacedAllocs: 10, HealthyAllocs: 10 }),
  );

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 0,
    inplace: 0,
    stop: 0,
    desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
  });
});

// A deployment whose group has as many healthy allocations as it wants is
// complete, even though as many of its allocations failed and were stopped.
test('TestReconciler_MarkDeploymentComplete_FailedAllocations', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 10, PlacedAllocs: 20, HealthyAllocs: 10 }));

  // Two allocations per index: the first ten run and are healthy, the other
  // ten failed, were marked unhealthy and are stopped.
  const allocs: Allocation[] = [];
  for (let i = 0; i < 20; i++) {
    const alloc = groupAlloc(job, web(job), i % 10);
    alloc.DeploymentID = d.ID;
    if (i < 10) {
      alloc.ClientStatus = AllocClientStatusRunning;
      alloc.DeploymentStatus = { Healthy: true, Canary: false };
    } else {
      alloc.DesiredStatus = AllocDesiredStatusStop;
      alloc.ClientStatus = AllocClientStatusFailed;
      alloc.DeploymentStatus = { Healthy: false, Canary: false };
    }
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, d, allocs, null, '', 50, true);
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
    desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
  });
});

// A new job version after a failed deployment starts a fresh deployment and
// a fresh rolling update: the first four of all ten are replaced, including
// those the failed deployment had already placed.
test('TestReconciler_FailedDeployment_NewJob', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const d = newJobDeployment(job, 50);
  d.Status = DeploymentStatusFailed;
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: true, DesiredTotal: 10, PlacedAllocs: 4 }));

  // Indexes 4 to 9 run the old version.
  const allocs: Allocation[] = [];
  for (let i = 4; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  // Indexes 0 to 3 are the failed deployment's healthy replacements.
  for (let i = 0; i < 4; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(alloc);
  }

  const jobNew = copyJob(job);
  jobNew.Version += 100;

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, jobNew, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const dnew = newJobDeployment(jobNew, 50);
  dnew.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: dnew,
    deploymentUpdates: [],
    destructive: 4,
    desiredTGUpdates: { [web(job).Name]: { DestructiveUpdate: 4, Ignore: 6 } },
  });

  assertNamesHaveIndexes(intRange(0, 3), destructiveResultsToNames(r.destructiveUpdate));
});

// A running deployment whose allocations are all placed and healthy is
// marked successful.
test('TestReconciler_MarkDeploymentComplete', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(
    web(job).Name,
    deploymentState({ Promoted: true, DesiredTotal: 10, PlacedAllocs: 10, HealthyAllocs: 10 }),
  );

  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    alloc.DeploymentStatus = { Healthy: true, Canary: false };
    allocs.push(alloc);
  }

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, d, allocs, null, '', 50, true);
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
    desiredTGUpdates: { [web(job).Name]: { Ignore: 10 } },
  });
});

// The second evaluation of an update that also scaled the group from ten to
// thirty: the twenty new allocations are placed but none is healthy yet, so
// they use up max_parallel and nothing else happens.
test('TestReconciler_JobChange_ScaleUp_SecondEval', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;
  web(job).Count = 30;

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ Promoted: false, DesiredTotal: 30, PlacedAllocs: 20 }));

  // Indexes 0 to 9 run the old version.
  const allocs: Allocation[] = [];
  for (let i = 0; i < 10; i++) allocs.push(groupAlloc(job, web(job), i));

  // Indexes 10 to 29 were placed by the deployment.
  const handled = new Map<string, AllocUpdateFn>();
  for (let i = 10; i < 30; i++) {
    const alloc = groupAlloc(job, web(job), i);
    alloc.DeploymentID = d.ID;
    allocs.push(alloc);
    handled.set(alloc.ID, allocUpdateFnIgnore);
  }

  const updateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
  const reconciler = newReconciler(updateFn, false, job.ID, job, d, allocs, null, '', 50, true);
  const r = reconciler.compute();

  assertResults(r, {
    createDeployment: null,
    deploymentUpdates: [],
    // Nothing moves while none of the deployment's allocations is healthy.
    desiredTGUpdates: { [web(job).Name]: { Ignore: 30 } },
  });
});

// A rolling update of a group that is three short: the three missing are
// placed, and since placements count against max_parallel (4) only one old
// allocation is replaced; none is stopped.
test('TestReconciler_RollingUpgrade_MissingAllocs', () => {
  const job = mockJob();
  web(job).Update = noCanaryUpdate;

  const allocs: Allocation[] = [];
  for (let i = 0; i < 7; i++) allocs.push(groupAlloc(job, web(job), i));

  const reconciler = newReconciler(allocUpdateFnDestructive, false, job.ID, job, null, allocs, null, '', 50, true);
  const r = reconciler.compute();

  const d = newJobDeployment(job, 50);
  d.TaskGroups.set(web(job).Name, deploymentState({ DesiredTotal: 10 }));

  assertResults(r, {
    createDeployment: d,
    deploymentUpdates: [],
    place: 3,
    destructive: 1,
    desiredTGUpdates: { [web(job).Name]: { Place: 3, DestructiveUpdate: 1, Ignore: 6 } },
  });

  assertNamesHaveIndexes(intRange(7, 9), placeResultsToNames(r.place));
  assertNamesHaveIndexes(intRange(0, 0), destructiveResultsToNames(r.destructiveUpdate));
});

// Which jobs hold their placements back (deploymentPaused) before any run:
// only a multiregion service, whose deployment the register call created as
// initializing. Batch jobs use no deployment, multiregion or not.
//
// Upstream reads the reconciler's deploymentPaused flag; the engine returns
// no such flag, so this reads its one effect on a job with nothing running:
// a paused group places nothing, any other places its whole count. The
// periodic and parameterized rows differ from the others only in fields the
// model's Job does not have (the reconciler never reads them): here they are
// the multiregion batch job they are built on.
describe('TestReconciler_ComputeDeploymentPaused', () => {
  const cases: { name: string; jobType: JobType; isMultiregion: boolean; expected: boolean }[] = [
    { name: 'single region service is not paused', jobType: JobTypeService, isMultiregion: false, expected: false },
    { name: 'multiregion service is paused', jobType: JobTypeService, isMultiregion: true, expected: true },
    { name: 'single region batch job is not paused', jobType: JobTypeBatch, isMultiregion: false, expected: false },
    // Upstream's row is named multiregion but sets no region.
    { name: 'multiregion batch job is not paused', jobType: JobTypeBatch, isMultiregion: false, expected: false },
    {
      name: 'multiregion parameterized batch is not paused',
      jobType: JobTypeBatch,
      isMultiregion: true,
      expected: false,
    },
    { name: 'multiregion periodic batch is not paused', jobType: JobTypeBatch, isMultiregion: true, expected: false },
  ];

  test.each(cases)('$name', (tc) => {
    const job = tc.jobType === JobTypeService ? mockJob() : mockBatchJob();

    let deployment: Deployment | null = null;
    if (tc.isMultiregion) {
      job.Multiregion = mockMultiregionJob().Multiregion;
      // The register call creates this deployment; the scheduler hands it over.
      if (job.Type === JobTypeService) {
        deployment = newJobDeployment(job, 100);
        deployment.Status = DeploymentStatusInitializing;
        deployment.StatusDescription = DeploymentStatusDescriptionPendingForPeer;
      }
    }

    const reconciler = newReconciler(
      allocUpdateFnIgnore,
      false,
      job.ID,
      job,
      deployment,
      [],
      null,
      '',
      job.Priority,
      true,
    );
    const r = reconciler.compute();

    const deploymentPaused = r.place.length === 0;
    expect(deploymentPaused).toBe(tc.expected);
    if (!tc.expected) expect(r.place).toHaveLength(web(job).Count);
  });
});
