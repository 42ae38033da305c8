// Upstream: hashicorp/nomad scheduler/reconcile_test.go at v1.6.5,
// TestReconciler_Node_Disconnect_Updates_Alloc_To_Unknown through
// TestReconciler_Client_Disconnect_Canaries.
//
// What 1.6 added: allocations on a disconnected node whose group sets
// max_client_disconnect are marked unknown and replaced, and when the node
// comes back the reconciler keeps either the original or its replacement.

import { describe, expect, test } from 'vitest';
import {
  AllocClientStatusComplete,
  AllocClientStatusFailed,
  AllocClientStatusPending,
  AllocClientStatusRunning,
  AllocClientStatusUnknown,
  AllocDesiredStatusRun,
  AllocDesiredStatusStop,
  JobTypeBatch,
  MINUTE,
  NodeStatusDisconnected,
  NodeStatusReady,
  SECOND,
} from '../../src/engine/structs.ts';
import type {
  AllocClientStatus,
  AllocState,
  Allocation,
  DeploymentState,
  Duration,
  Node,
} from '../../src/engine/structs.ts';
import type { AllocUpdateFn } from '../../src/engine/types.ts';
import {
  allocUpdateFnDestructive,
  allocUpdateFnIgnore,
  allocUpdateFnInplace,
  allocUpdateFnMock,
  assertResults,
  buildDisconnectedNodes,
  buildResumableAllocations,
  newReconciler,
  wallClockNow,
} from './harness.ts';
import type { ResultExpectation } from './harness.ts';
import {
  allocation,
  copyJob,
  deploymentState,
  mockJob,
  mockNode,
  newJobDeployment,
  unknownSince,
  uuid,
} from './mock.ts';

// copyAlloc is Allocation.Copy: a deep copy, its job included.
function copyAlloc(a: Allocation): Allocation {
  return structuredClone(a);
}

// Two of three allocations are on disconnected nodes: both are marked
// unknown, with one timeout evaluation five minutes on, and replaced.
test('TestReconciler_Node_Disconnect_Updates_Alloc_To_Unknown', () => {
  const { job, allocs } = buildResumableAllocations(3, AllocClientStatusRunning, AllocDesiredStatusRun, 2);
  const nodes = buildDisconnectedNodes(allocs, 2);

  const reconciler = newReconciler(allocUpdateFnIgnore, false, job.ID, job, null, allocs, nodes, '', 50, true);
  reconciler.now = wallClockNow();
  const results = reconciler.compute();

  const evals = results.desiredFollowupEvals.get(job.TaskGroups[0]!.Name) ?? [];
  expect(evals).toHaveLength(1);
  const evaluation = evals[0]!;
  expect(evaluation.WaitUntil).toBe(reconciler.now + 5 * MINUTE);

  for (const disconnectUpdate of results.disconnectUpdates.values()) {
    expect(disconnectUpdate.ClientStatus).toBe(AllocClientStatusUnknown);
    expect(disconnectUpdate.FollowupEvalID).not.toBe('');
    expect(disconnectUpdate.FollowupEvalID).toBe(evaluation.ID);
  }

  assertResults(results, {
    createDeployment: null,
    deploymentUpdates: [],
    place: 2,
    stop: 0,
    inplace: 0,
    disconnectUpdates: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { Place: 2, Ignore: 1 } },
  });
});

// An allocation that was unknown and has since run again is an ordinary
// allocation: a job update reaches it like its sibling.
test('TestReconciler_Disconnect_UpdateJobAfterReconnect', () => {
  const { job, allocs } = buildResumableAllocations(2, AllocClientStatusRunning, AllocDesiredStatusRun, 2);
  const now = wallClockNow();
  allocs[0]!.AllocStates = [
    ...unknownSince(now - 5 * MINUTE),
    { Field: 'ClientStatus', Value: AllocClientStatusRunning, Time: now },
  ];

  const reconciler = newReconciler(allocUpdateFnInplace, false, job.ID, job, null, allocs, null, '', 50, true);
  const results = reconciler.compute();

  assertResults(results, {
    inplace: 2,
    desiredTGUpdates: { [job.TaskGroups[0]!.Name]: { InPlaceUpdate: 2 } },
  });
});

// DisconnectedClientCase is one row of TestReconciler_Disconnected_Client:
// how many allocations run, how many of them sit on the node under test and
// in what state, and what became of their replacements.
interface DisconnectedClientCase {
  name: string;
  allocCount: number;
  disconnectedAllocCount: number;
  jobVersionIncrement?: number;
  nodeScoreIncrement?: number;
  disconnectedAllocStatus: AllocClientStatus;
  disconnectedAllocStates: AllocState[];
  isBatch?: boolean;
  nodeStatusDisconnected?: boolean;
  replace: boolean;
  failReplacement?: boolean;
  taintReplacement?: boolean;
  disconnectReplacement?: boolean;
  replaceFailedReplacement?: boolean;
  shouldStopOnDisconnectedNode?: boolean;
  maxDisconnect?: Duration;
  expected: ResultExpectation;
}

describe('TestReconciler_Disconnected_Client', () => {
  const now = wallClockNow();
  const disconnectAllocState = unknownSince(now);

  const cases: DisconnectedClientCase[] = [
    {
      name: 'reconnect-original-no-replacement',
      allocCount: 2,
      replace: false,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: false,
      expected: { reconnectUpdates: 2, desiredTGUpdates: { web: { Ignore: 2 } } },
    },
    {
      name: 'resume-original-and-stop-replacement',
      allocCount: 3,
      replace: true,
      disconnectedAllocCount: 1,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: false,
      expected: { stop: 1, reconnectUpdates: 1, desiredTGUpdates: { web: { Stop: 1, Ignore: 3 } } },
    },
    {
      name: 'stop-original-with-lower-node-score',
      allocCount: 4,
      replace: true,
      disconnectedAllocCount: 1,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      nodeScoreIncrement: 1,
      expected: { stop: 1, desiredTGUpdates: { web: { Stop: 1, Ignore: 4 } } },
    },
    {
      name: 'stop-original-failed-on-reconnect',
      allocCount: 4,
      replace: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusFailed,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      expected: { stop: 2, desiredTGUpdates: { web: { Stop: 2, Ignore: 4 } } },
    },
    {
      name: 'reschedule-original-failed-if-not-replaced',
      allocCount: 4,
      replace: false,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusFailed,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      expected: { stop: 2, place: 2, desiredTGUpdates: { web: { Ignore: 2, Place: 2, Stop: 2 } } },
    },
    {
      name: 'ignore-reconnect-completed',
      allocCount: 2,
      replace: false,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusComplete,
      disconnectedAllocStates: disconnectAllocState,
      isBatch: true,
      expected: { place: 2, desiredTGUpdates: { web: { Ignore: 2, Place: 2 } } },
    },
    {
      name: 'keep-original-alloc-and-stop-failed-replacement',
      allocCount: 3,
      replace: true,
      failReplacement: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      expected: { reconnectUpdates: 2, stop: 0, desiredTGUpdates: { web: { Ignore: 5 } } },
    },
    {
      name: 'keep-original-and-stop-reconnecting-replacement',
      allocCount: 2,
      replace: true,
      disconnectReplacement: true,
      disconnectedAllocCount: 1,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      expected: { reconnectUpdates: 1, stop: 1, desiredTGUpdates: { web: { Ignore: 2, Stop: 1 } } },
    },
    {
      name: 'keep-original-and-stop-tainted-replacement',
      allocCount: 3,
      replace: true,
      taintReplacement: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      expected: { reconnectUpdates: 2, stop: 2, desiredTGUpdates: { web: { Ignore: 3, Stop: 2 } } },
    },
    {
      name: 'stop-original-alloc-with-old-job-version',
      allocCount: 5,
      replace: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      jobVersionIncrement: 1,
      expected: { stop: 2, desiredTGUpdates: { web: { Ignore: 5, Stop: 2 } } },
    },
    {
      name: 'stop-original-alloc-with-old-job-version-reconnect-eval',
      allocCount: 5,
      replace: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      jobVersionIncrement: 1,
      expected: { stop: 2, desiredTGUpdates: { web: { Stop: 2, Ignore: 5 } } },
    },
    {
      name: 'stop-original-alloc-with-old-job-version-and-failed-replacements-replaced',
      allocCount: 5,
      replace: true,
      failReplacement: true,
      replaceFailedReplacement: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: false,
      jobVersionIncrement: 1,
      expected: { stop: 2, reconnectUpdates: 2, desiredTGUpdates: { web: { Stop: 2, Ignore: 7 } } },
    },
    {
      name: 'stop-original-pending-alloc-for-disconnected-node',
      allocCount: 2,
      replace: true,
      disconnectedAllocCount: 1,
      disconnectedAllocStatus: AllocClientStatusPending,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      nodeStatusDisconnected: true,
      expected: { stop: 1, desiredTGUpdates: { web: { Stop: 1, Ignore: 2 } } },
    },
    {
      name: 'stop-failed-original-and-failed-replacements-and-place-new',
      allocCount: 5,
      replace: true,
      failReplacement: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusFailed,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      expected: { stop: 2, place: 2, desiredTGUpdates: { web: { Stop: 2, Place: 2, Ignore: 5 } } },
    },
    {
      name: 'stop-expired-allocs',
      allocCount: 5,
      replace: true,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusUnknown,
      disconnectedAllocStates: disconnectAllocState,
      shouldStopOnDisconnectedNode: true,
      nodeStatusDisconnected: true,
      maxDisconnect: 2 * SECOND,
      expected: { stop: 2, desiredTGUpdates: { web: { Stop: 2, Ignore: 5 } } },
    },
    {
      name: 'replace-allocs-on-disconnected-node',
      allocCount: 5,
      replace: false,
      disconnectedAllocCount: 2,
      disconnectedAllocStatus: AllocClientStatusRunning,
      disconnectedAllocStates: [],
      nodeStatusDisconnected: true,
      expected: { place: 2, disconnectUpdates: 2, desiredTGUpdates: { web: { Place: 2, Ignore: 3 } } },
    },
  ];

  test.each(cases)('$name', (tc) => {
    expect(tc.allocCount, 'invalid test case: alloc count must be greater than zero').not.toBe(0);

    const testNode = mockNode();
    if (tc.nodeStatusDisconnected === true) testNode.Status = NodeStatusDisconnected;

    const { job, allocs } = buildResumableAllocations(
      tc.allocCount,
      AllocClientStatusRunning,
      AllocDesiredStatusRun,
      2,
    );
    const origAllocs = new Set(allocs.map((a) => a.ID));
    if (tc.isBatch) job.Type = JobTypeBatch;

    // The first disconnectedAllocCount allocations move to the node under test.
    let disconnectedAllocCount = tc.disconnectedAllocCount;
    for (const alloc of allocs) {
      alloc.DesiredStatus = AllocDesiredStatusRun;
      if (tc.maxDisconnect !== undefined) alloc.Job.TaskGroups[0]!.MaxClientDisconnect = tc.maxDisconnect;
      if (disconnectedAllocCount > 0) {
        alloc.ClientStatus = tc.disconnectedAllocStatus;
        alloc.AllocStates = tc.disconnectedAllocStates;
        alloc.NodeID = testNode.ID;
        alloc.NodeName = 'disconnected';
        disconnectedAllocCount--;
      }
    }

    // Each of those has a replacement on another node, which may itself
    // have failed and been replaced.
    if (tc.replace) {
      const replacements: Allocation[] = [];
      for (const alloc of allocs) {
        if (alloc.NodeID !== testNode.ID) continue;
        const replacement = copyAlloc(alloc);
        replacement.ID = uuid();
        replacement.NodeID = uuid();
        replacement.ClientStatus = AllocClientStatusRunning;
        replacement.PreviousAllocation = alloc.ID;
        replacement.AllocStates = [];
        replacement.TaskStates = null;
        replacement.CreateIndex += 1;
        alloc.NextAllocation = replacement.ID;

        if (tc.jobVersionIncrement) replacement.Job.Version += tc.jobVersionIncrement;
        if (tc.nodeScoreIncrement) replacement.Metrics!.ScoreMetaData![0]!.NormScore += tc.nodeScoreIncrement;
        if (tc.taintReplacement) replacement.DesiredTransition.Migrate = true;
        if (tc.disconnectReplacement) replacement.AllocStates = tc.disconnectedAllocStates;

        if (tc.failReplacement) {
          replacement.ClientStatus = AllocClientStatusFailed;
          if (tc.replaceFailedReplacement) {
            const nextReplacement = copyAlloc(replacement);
            nextReplacement.ID = uuid();
            nextReplacement.ClientStatus = AllocClientStatusRunning;
            nextReplacement.DesiredStatus = AllocDesiredStatusRun;
            nextReplacement.PreviousAllocation = replacement.ID;
            nextReplacement.CreateIndex += 1;

            replacement.NextAllocation = nextReplacement.ID;
            replacement.DesiredStatus = AllocDesiredStatusStop;
            replacements.push(nextReplacement);
          }
        }
        replacements.push(replacement);
      }
      allocs.push(...replacements);
    }

    const tainted = new Map<string, Node | null>([[testNode.ID, testNode]]);
    const reconciler = newReconciler(
      allocUpdateFnIgnore,
      tc.isBatch ?? false,
      job.ID,
      job,
      null,
      allocs,
      tainted,
      '',
      50,
      true,
    );
    // Evaluated now (just after the allocations went unknown), or for an
    // expiring case long after.
    reconciler.now = wallClockNow() + (tc.maxDisconnect ?? 0) * 20;

    const results = reconciler.compute();
    assertResults(results, tc.expected);

    for (const stopResult of results.stop) {
      if (!origAllocs.has(stopResult.alloc.ID)) continue; // a replacement
      if (tc.shouldStopOnDisconnectedNode) expect(stopResult.alloc.NodeID).toBe(testNode.ID);
      else expect(stopResult.alloc.NodeID).not.toBe(testNode.ID);
      expect(stopResult.alloc.Job.Version).toBe(job.Version);
    }
  });
});

// ClientDisconnectCanariesCase is one row of
// TestReconciler_Client_Disconnect_Canaries: the allocations of the old job
// version and the canaries of the new one, by node (ready or disconnected).
interface ClientDisconnectCanariesCase {
  name: string;
  deploymentState: DeploymentState;
  deployedAllocs: { ready: Allocation[]; disconnected: Allocation[] };
  canaryAllocs: { ready: Allocation[]; disconnected: Allocation[] };
  expectedResult: ResultExpectation;
}

describe('TestReconciler_Client_Disconnect_Canaries', () => {
  const now = wallClockNow();
  const disconnectAllocState = unknownSince(now);

  const running = AllocClientStatusRunning;
  const complete = AllocClientStatusComplete;
  const unknown = AllocClientStatusUnknown;
  const pending = AllocClientStatusPending;
  const run = AllocDesiredStatusRun;
  const stop = AllocDesiredStatusStop;

  const maxClientDisconnect = 10 * MINUTE;

  const readyNode = mockNode();
  readyNode.Name = `ready-${readyNode.ID}`;
  readyNode.Status = NodeStatusReady;

  const disconnectedNode = mockNode();
  disconnectedNode.Name = `disconnected-${disconnectedNode.ID}`;
  disconnectedNode.Status = NodeStatusDisconnected;

  // The running version, and the version being deployed with canaries.
  const job = mockJob();
  const updatedJob = copyJob(job);
  updatedJob.Version += 1;

  // named is an allocation literal of the table: a name and two statuses.
  const named = (Name: string, ClientStatus: AllocClientStatus, DesiredStatus: Allocation['DesiredStatus']) =>
    allocation({ Name, ClientStatus, DesiredStatus });

  // state is the deployment state every row starts from, with its counts.
  const state = (fields: Partial<DeploymentState>): DeploymentState =>
    deploymentState({
      ProgressDeadline: 5 * MINUTE,
      RequireProgressBy: now + 5 * MINUTE,
      DesiredTotal: 6,
      HealthyAllocs: 2,
      ...fields,
    });

  // deployed is the old version's six allocations, as every row has them:
  // on the ready node web[0] (finished), web[2] (stopped, with the given
  // client status: ignored when running, else terminal) and web[4]
  // (destructive, but held back by the canaries); on the disconnected node
  // web[1] (finished), web[3] and web[5] (each placed again and marked
  // unknown).
  const deployed = (web2: AllocClientStatus): ClientDisconnectCanariesCase['deployedAllocs'] => ({
    ready: [
      named('my-job.web[0]', complete, stop),
      named('my-job.web[2]', web2, stop),
      named('my-job.web[4]', running, run),
    ],
    disconnected: [
      named('my-job.web[1]', complete, stop),
      named('my-job.web[3]', running, run),
      named('my-job.web[5]', running, run),
    ],
  });

  const cases: ClientDisconnectCanariesCase[] = [
    {
      name: '3-placed-1-disconnect',
      deploymentState: state({ DesiredCanaries: 1, PlacedAllocs: 3 }),
      deployedAllocs: deployed(running),
      canaryAllocs: {
        ready: [named('my-job.web[0]', running, run), named('my-job.web[2]', pending, run)],
        disconnected: [named('my-job.web[1]', running, run)], // placed again, marked unknown
      },
      expectedResult: {
        createDeployment: null,
        deploymentUpdates: [],
        place: 3,
        destructive: 0,
        stop: 0,
        inplace: 0,
        attributeUpdates: 0,
        disconnectUpdates: 3,
        reconnectUpdates: 0,
        desiredTGUpdates: { [updatedJob.TaskGroups[0]!.Name]: { Place: 3, Canary: 0, Ignore: 6 } },
      },
    },
    {
      name: 'ignore-unknown',
      deploymentState: state({ DesiredCanaries: 1, PlacedAllocs: 3 }),
      deployedAllocs: deployed(running),
      canaryAllocs: {
        ready: [named('my-job.web[0]', running, run), named('my-job.web[2]', pending, run)],
        disconnected: [named('my-job.web[1]', unknown, run)], // already unknown: ignored
      },
      expectedResult: {
        createDeployment: null,
        deploymentUpdates: [],
        place: 2,
        destructive: 0,
        stop: 0,
        inplace: 0,
        attributeUpdates: 0,
        disconnectUpdates: 2,
        reconnectUpdates: 0,
        desiredTGUpdates: { [updatedJob.TaskGroups[0]!.Name]: { Place: 2, Canary: 0, Ignore: 7 } },
      },
    },
    {
      name: '4-placed-2-pending-lost',
      deploymentState: state({ DesiredCanaries: 2, PlacedAllocs: 4 }),
      deployedAllocs: deployed(complete),
      canaryAllocs: {
        ready: [named('my-job.web[0]', running, run), named('my-job.web[2]', running, run)],
        // Pending on a disconnected node: stopped as lost.
        disconnected: [named('my-job.web[1]', pending, run), named('my-job.web[3]', pending, run)],
      },
      expectedResult: {
        createDeployment: null,
        deploymentUpdates: [],
        place: 2,
        destructive: 0,
        stop: 2,
        inplace: 0,
        attributeUpdates: 0,
        disconnectUpdates: 2,
        reconnectUpdates: 0,
        // The two lost canaries do not count as stops: the annotations report
        // the deployment's progress, and losing them does not end it.
        desiredTGUpdates: { [updatedJob.TaskGroups[0]!.Name]: { Place: 2, Canary: 0, Ignore: 6, Stop: 0 } },
      },
    },
  ];

  test.each(cases)('$name', (tc) => {
    // Upstream's rows share the two jobs and change them row by row.
    const count = tc.deployedAllocs.ready.length + tc.deployedAllocs.disconnected.length;
    for (const j of [job, updatedJob]) {
      j.TaskGroups[0]!.Count = count;
      j.TaskGroups[0]!.MaxClientDisconnect = maxClientDisconnect;
      j.TaskGroups[0]!.Update = {
        MaxParallel: 1,
        Canary: tc.deploymentState.DesiredCanaries,
        MinHealthyTime: 3 * SECOND,
        HealthyDeadline: 20 * SECOND,
        AutoRevert: true,
        AutoPromote: true,
        HealthCheck: '',
        ProgressDeadline: 0,
        Stagger: 0,
      };
    }

    const onNode = (node: Node, allocs: Allocation[], j: typeof job) => {
      for (const alloc of allocs) {
        alloc.ID = uuid();
        alloc.NodeID = node.ID;
        alloc.NodeName = node.Name;
        alloc.JobID = j.ID;
        alloc.Job = j;
        alloc.TaskGroup = j.TaskGroups[0]!.Name;
      }
    };

    onNode(readyNode, tc.deployedAllocs.ready, job);
    onNode(disconnectedNode, tc.deployedAllocs.disconnected, job);
    const allocsConfigured = tc.deployedAllocs.ready.length + tc.deployedAllocs.disconnected.length;
    expect(allocsConfigured, 'invalid alloc configuration').toBe(tc.deploymentState.DesiredTotal);

    const handled = new Map<string, AllocUpdateFn>();
    for (const [node, canaries] of [
      [readyNode, tc.canaryAllocs.ready],
      [disconnectedNode, tc.canaryAllocs.disconnected],
    ] as const) {
      onNode(node, canaries, updatedJob);
      for (const alloc of canaries) {
        alloc.DeploymentStatus = { Canary: true, Healthy: alloc.ClientStatus === running ? true : null };
        if (alloc.ClientStatus === unknown) {
          alloc.AllocStates = disconnectAllocState;
          alloc.FollowupEvalID = 'eval-where-it-was-set-to-unknow';
        }
        tc.deploymentState.PlacedCanaries.push(alloc.ID);
        handled.set(alloc.ID, allocUpdateFnIgnore);
      }
    }
    const canariesConfigured = tc.canaryAllocs.ready.length + tc.canaryAllocs.disconnected.length;
    expect(canariesConfigured, 'invalid canary configuration').toBe(tc.deploymentState.PlacedAllocs);

    const deployment = newJobDeployment(updatedJob, 50);
    deployment.TaskGroups.set(updatedJob.TaskGroups[0]!.Name, tc.deploymentState);

    const tainted = new Map<string, Node | null>([[disconnectedNode.ID, disconnectedNode]]);
    const allocs = [
      ...tc.deployedAllocs.ready,
      ...tc.deployedAllocs.disconnected,
      ...tc.canaryAllocs.ready,
      ...tc.canaryAllocs.disconnected,
    ];

    const mockUpdateFn = allocUpdateFnMock(handled, allocUpdateFnDestructive);
    const reconciler = newReconciler(
      mockUpdateFn,
      false,
      updatedJob.ID,
      updatedJob,
      deployment,
      allocs,
      tainted,
      '',
      50,
      true,
    );
    const result = reconciler.compute();

    assertResults(result, tc.expectedResult);

    // Every placement replaces an allocation on the disconnected node (of the
    // old version, or a canary of the new), and that one is marked unknown.
    for (const placeResult of result.place) {
      const previous = placeResult.previousAlloc;
      expect(previous).not.toBeNull();
      const deployed = tc.deployedAllocs.disconnected.some((a) => a.ID === previous!.ID);
      const canary = tc.canaryAllocs.disconnected.some((a) => a.ID === previous!.ID);
      expect(deployed || canary, `placement ${placeResult.name} replaces an allocation of the disconnected node`).toBe(
        true,
      );
      expect(previous!.Job.Version).toBe(deployed ? job.Version : updatedJob.Version);
      expect(previous!.NodeID).toBe(disconnectedNode.ID);
      expect(result.disconnectUpdates.has(previous!.ID)).toBe(true);
    }

    // The only stops are of pending allocations on the disconnected node.
    for (const stopResult of result.stop) {
      expect(stopResult.alloc.ClientStatus).toBe(pending);
    }
  });
});
