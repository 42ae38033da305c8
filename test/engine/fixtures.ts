// Test fixtures for the engine's util and structs tests, after upstream's
// nomad/mock/mock.go (Job, Alloc, Node) at hashicorp/nomad dccea99f7e,
// expressed in the engine's model with every default already filled, as the
// scenario reader would leave it.

import { allocName, MINUTE, SECOND } from '../../src/engine/structs.ts';
import type { Allocation, Job, NetworkResource, Node, Port } from '../../src/engine/structs.ts';

/** port builds a port with only a label and a value, the way upstream's tests write them. */
export function port(Label: string, Value = 0): Port {
  return { Label, Value, To: 0, HostNetwork: '' };
}

/** network builds a network ask with only bandwidth and ports set. */
export function network(MBits: number, reserved: Port[] = [], dynamic: Port[] = []): NetworkResource {
  return { Mode: '', Device: '', CIDR: '', IP: '', MBits, ReservedPorts: reserved, DynamicPorts: dynamic };
}

/**
 * mockJob is upstream's mock.Job(): a service job with one group "web" of
 * count 10 running one exec task "web" (/bin/date), with job, group and task
 * meta, a 150 MB ephemeral disk, a constant reschedule policy and two dynamic
 * ports. Each call returns a fresh job with a new ID.
 */
export function mockJob(): Job {
  return {
    ID: `mock-service-${crypto.randomUUID()}`,
    Name: 'my-job',
    Namespace: 'default',
    Type: 'service',
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
    TaskGroups: [
      {
        Name: 'web',
        Count: 10,
        Update: null,
        ReschedulePolicy: {
          Attempts: 2,
          Interval: 10 * MINUTE,
          Delay: 5 * SECOND,
          DelayFunction: 'constant',
          MaxDelay: 0,
          Unlimited: false,
        },
        Migrate: { MaxParallel: 1, HealthCheck: 'checks', MinHealthyTime: 10 * SECOND, HealthyDeadline: 5 * MINUTE },
        StopAfterClientDisconnect: null,
        EphemeralDisk: { Sticky: false, SizeMB: 150, Migrate: false },
        Networks: [],
        Affinities: [],
        Spreads: [],
        Constraints: [],
        Meta: { elb_check_type: 'http', elb_check_interval: '30s', elb_check_min: '3' },
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
            KillTimeout: 5 * SECOND,
            Resources: {
              CPU: 500,
              MemoryMB: 256,
              Networks: [network(50, [], [port('http'), port('admin')])],
              Devices: [],
            },
          },
        ],
      },
    ],
  };
}

/**
 * mockAlloc is upstream's mock.Alloc(): a pending allocation of mockJob's
 * group "web" on node 12345678-abcd-efab-cdef-123456789abc, named as index 0.
 */
export function mockAlloc(): Allocation {
  const job = mockJob();
  return {
    ID: crypto.randomUUID(),
    Name: allocName(job.ID, 'web', 0),
    JobID: job.ID,
    TaskGroup: 'web',
    NodeID: '12345678-abcd-efab-cdef-123456789abc',
    NodeName: '',
    Job: job,
    DesiredStatus: 'run',
    ClientStatus: 'pending',
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

/** mockNode is upstream's mock.Node(): a ready, eligible, undrained node in dc1 with a fresh ID. */
export function mockNode(): Node {
  return {
    ID: crypto.randomUUID(),
    Name: 'foobar',
    Datacenter: 'dc1',
    NodeClass: 'linux-medium-pci',
    Status: 'ready',
    Drain: false,
    SchedulingEligibility: 'eligible',
  };
}
