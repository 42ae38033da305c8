// Upstream: hashicorp/nomad nomad/mock/mock.go at dccea99f7e.
//
// Builders for the model objects upstream's reconciler tests start from. Each
// returns what the Go mock returns after Job.Canonicalize has filled its
// defaults (task kill timeout, service migrate strategy, and so on), written
// in the engine's model types. Every call gives fresh IDs, as uuid.Generate
// does, and fresh objects the caller may change freely.

import { defaultUpdateStrategy } from '../../src/jobspec/canonical/defaults.ts';
import {
  AllocClientStatusPending,
  AllocDesiredStatusRun,
  DEFAULT_KILL_TIMEOUT,
  JobTypeService,
  MINUTE,
  NodeStatusReady,
  SECOND,
  allocName,
  newDeployment,
  newDeploymentState,
} from '../../src/engine/structs.ts';
import type {
  Allocation,
  Deployment,
  DeploymentState,
  Job,
  Node,
  TaskGroup,
  UpdateStrategy,
} from '../../src/engine/structs.ts';

/** MOCK_ALLOC_NODE_ID is the node every mock allocation starts on, as in upstream's mock.Alloc. */
export const MOCK_ALLOC_NODE_ID = '12345678-abcd-efab-cdef-123456789abc';

/** DEFAULT_NAMESPACE is Nomad's namespace for jobs that name none. */
export const DEFAULT_NAMESPACE = 'default';

/** uuid makes a random ID, standing in for upstream's uuid.Generate. */
export function uuid(): string {
  return crypto.randomUUID();
}

/** defaultUpdateStrategy is Nomad's DefaultUpdateStrategy, fresh on each call (the reader's default for an update block). */
export { defaultUpdateStrategy };

// mockServiceGroup is the "web" group shared by mockJob and mockMaxParallelJob:
// ten instances of one exec task with two dynamic ports, a constant
// reschedule policy of two attempts in ten minutes, and the default migrate
// strategy that Canonicalize gives service groups.
function mockServiceGroup(update: UpdateStrategy | null): TaskGroup {
  return {
    Name: 'web',
    Count: 10,
    Update: update,
    ReschedulePolicy: {
      Attempts: 2,
      Interval: 10 * MINUTE,
      Delay: 5 * SECOND,
      DelayFunction: 'constant',
      MaxDelay: 0,
      Unlimited: false,
    },
    Migrate: {
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * SECOND,
      HealthyDeadline: 5 * MINUTE,
    },
    StopAfterClientDisconnect: null,
    EphemeralDisk: { Sticky: false, SizeMB: 150, Migrate: false },
    Networks: [],
    Affinities: [],
    Spreads: [],
    Constraints: [],
    Meta: {
      elb_check_type: 'http',
      elb_check_interval: '30s',
      elb_check_min: '3',
    },
    Tasks: [
      {
        Name: 'web',
        Driver: 'exec',
        User: '',
        Config: { command: '/bin/date' },
        Env: { FOO: 'bar' },
        Artifacts: [],
        Vault: null,
        Templates: [],
        Meta: { foo: 'bar' },
        Affinities: [],
        KillTimeout: DEFAULT_KILL_TIMEOUT,
        Resources: {
          CPU: 500,
          MemoryMB: 256,
          Networks: [
            {
              Mode: '',
              Device: '',
              CIDR: '',
              IP: '',
              MBits: 50,
              ReservedPorts: [],
              DynamicPorts: [
                { Label: 'http', Value: 0, To: 0, HostNetwork: '' },
                { Label: 'admin', Value: 0, To: 0, HostNetwork: '' },
              ],
            },
          ],
          Devices: [],
        },
      },
    ],
  };
}

// mockServiceJob is the job around a service group: version 0, created at
// index 42 and last changed at 99, constrained to linux nodes.
function mockServiceJob(group: TaskGroup): Job {
  return {
    ID: `mock-service-${uuid()}`,
    Name: 'my-job',
    Stable: false,
    Namespace: DEFAULT_NAMESPACE,
    Type: JobTypeService,
    Stop: false,
    Version: 0,
    CreateIndex: 42,
    ModifyIndex: 99,
    JobModifyIndex: 99,
    Priority: 50,
    Region: 'global',
    Datacenters: ['dc1'],
    Multiregion: null,
    Meta: { owner: 'armon' },
    Affinities: [],
    Spreads: [],
    Constraints: [{ LTarget: '${attr.kernel.name}', RTarget: 'linux', Operand: '=' }],
    TaskGroups: [group],
  };
}

/** mockJob is upstream's mock.Job: a service job with one group "web" of count 10 and no update block. */
export function mockJob(): Job {
  return mockServiceJob(mockServiceGroup(null));
}

/**
 * mockMaxParallelJob is upstream's mock.MaxParallelJob: mockJob whose group
 * has the default update block with max_parallel 0, which means no rolling
 * update and no deployment.
 */
export function mockMaxParallelJob(): Job {
  return mockServiceJob(mockServiceGroup({ ...defaultUpdateStrategy(), MaxParallel: 0 }));
}

/**
 * mockMultiregionJob is upstream's mock.MultiregionJob: mockJob deployed to
 * the regions "west" then "east". Only the region names matter to the
 * reconciler; the job's own Region stays "global".
 */
export function mockMultiregionJob(): Job {
  const job = mockJob();
  job.Multiregion = { Regions: [{ Name: 'west' }, { Name: 'east' }] };
  return job;
}

/**
 * mockAlloc is upstream's mock.Alloc: a pending allocation of group "web" of
 * a fresh mockJob, on node MOCK_ALLOC_NODE_ID, with no name (tests set one).
 */
export function mockAlloc(): Allocation {
  const job = mockJob();
  return {
    ID: uuid(),
    Name: '',
    JobID: job.ID,
    TaskGroup: 'web',
    NodeID: MOCK_ALLOC_NODE_ID,
    NodeName: '',
    Job: job,
    DesiredStatus: AllocDesiredStatusRun,
    ClientStatus: AllocClientStatusPending,
    DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
    DeploymentID: '',
    DeploymentStatus: null,
    RescheduleTracker: null,
    FollowupEvalID: '',
    NextAllocation: '',
    PreviousAllocation: '',
    TaskStates: null,
    AllocStates: [],
    ModifyTime: 0,
    CreateIndex: 0,
  };
}

/** mockNode is upstream's mock.Node: a ready, eligible, undrained node in dc1. */
export function mockNode(): Node {
  return {
    ID: uuid(),
    Name: 'foobar',
    Datacenter: 'dc1',
    NodeClass: 'linux-medium-pci',
    Status: NodeStatusReady,
    Drain: false,
    SchedulingEligibility: 'eligible',
    NodeResources: null,
    ReservedResources: null,
  };
}

/**
 * deploymentState is a group state with the given fields set and every other
 * one at Go's zero value, like a `&structs.DeploymentState{...}` literal.
 */
export function deploymentState(fields: Partial<DeploymentState> = {}): DeploymentState {
  return { ...newDeploymentState(), ...fields };
}

/** copyJob is Job.Copy: a deep copy that shares nothing with the original. */
export function copyJob(job: Job): Job {
  return structuredClone(job);
}

/** copyTaskGroup is TaskGroup.Copy: a deep copy of one group. */
export function copyTaskGroup(tg: TaskGroup): TaskGroup {
  return structuredClone(tg);
}

/** copyUpdateStrategy is UpdateStrategy.Copy. */
export function copyUpdateStrategy(u: UpdateStrategy): UpdateStrategy {
  return { ...u };
}

/** copyDeploymentState is DeploymentState.Copy, with its own list of placed canaries. */
export function copyDeploymentState(s: DeploymentState): DeploymentState {
  return { ...s, PlacedCanaries: [...s.PlacedCanaries] };
}

/**
 * copyAllocSkipJob is Allocation.CopySkipJob: a copy of the allocation's own
 * fields that shares the job with the original.
 */
export function copyAllocSkipJob(a: Allocation): Allocation {
  const job = a.Job;
  const copy = structuredClone({ ...a, Job: null });
  return { ...copy, Job: job };
}

/**
 * newJobDeployment is upstream's structs.NewDeployment: a running deployment
 * of the job's current version, with a fresh ID and no group states yet.
 */
export function newJobDeployment(job: Job): Deployment {
  return newDeployment(job, uuid());
}

/**
 * groupAlloc is the allocation upstream's test loops build: a mock
 * allocation moved onto the job's group, on a node of its own, named with
 * the given index.
 */
export function groupAlloc(job: Job, tg: TaskGroup, index: number): Allocation {
  const alloc = mockAlloc();
  alloc.Job = job;
  alloc.JobID = job.ID;
  alloc.NodeID = uuid();
  alloc.Name = allocName(job.ID, tg.Name, index);
  alloc.TaskGroup = tg.Name;
  return alloc;
}

/** web is the job's first group, the one upstream's mocks name "web". */
export function web(job: Job): TaskGroup {
  return job.TaskGroups[0]!;
}
