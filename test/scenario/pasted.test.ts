// Real API output pasted into a scenario: `nomad job inspect`, and what
// /v1/allocation/:id, /v1/job/:id/allocations, /v1/node/:id and
// /v1/deployment/:id return. Every field the engine does not read is
// ignored, and Go's nulls read as absent.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, ZERO_TIME } from '../../src/engine/structs.ts';
import { parseRfc3339 } from '../../src/engine/time.ts';
import { readOk } from './helpers.ts';

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/api/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

const inspected = fixture('job-inspect.json').Job as Record<string, unknown>;
const allocation = fixture('allocation.json');
const node = fixture('node.json');
const deployment = fixture('deployment.json');

// An entry of /v1/job/web/allocations (AllocListStub): no inline job, a JobVersion instead.
const listStub = {
  ID: 'e4d3c2b1-a098-4765-8432-10fedcba9876',
  EvalID: '1d2c3b4a-5e6f-7081-92a3-b4c5d6e7f809',
  Name: 'web.frontend[1]',
  Namespace: 'default',
  NodeID: 'c0a80f1e-2d3c-4b5a-6978-8796a5b4c3d2',
  NodeName: 'client-1',
  JobID: 'web',
  JobType: 'service',
  JobVersion: 2,
  TaskGroup: 'frontend',
  DesiredStatus: 'run',
  DesiredDescription: '',
  ClientStatus: 'running',
  ClientDescription: 'Tasks are running',
  DesiredTransition: { ForceReschedule: null, Migrate: null, Reschedule: null },
  TaskStates: {
    server: {
      Events: null,
      Failed: false,
      FinishedAt: '0001-01-01T00:00:00Z',
      LastRestart: '0001-01-01T00:00:00Z',
      Restarts: 0,
      StartedAt: '2020-06-10T12:23:55.731+00:00',
      State: 'running',
    },
  },
  DeploymentStatus: { Canary: true, Healthy: null, ModifyIndex: 57, Timestamp: '0001-01-01T00:00:00Z' },
  FollowupEvalID: '',
  RescheduleTracker: null,
  PreemptedAllocations: null,
  PreemptedByAllocation: '',
  CreateIndex: 55,
  ModifyIndex: 57,
  CreateTime: 1591791835731000000,
  ModifyTime: 1591791836010000000,
};

describe('pasted API output', () => {
  const scenario = readOk({
    Now: '2020-06-10T12:30:00Z',
    EvalID: '',
    Job: inspected,
    Nodes: [node],
    Allocations: [allocation, listStub],
    Deployment: deployment,
  });

  it('reads the job from `nomad job inspect`', () => {
    const job = scenario.Job;
    expect(job).toMatchObject({
      ID: 'web',
      Name: 'web',
      Namespace: 'default',
      Type: 'service',
      Version: 2,
      CreateIndex: 11,
      ModifyIndex: 61,
      JobModifyIndex: 52,
      Priority: 50,
      Region: 'global',
      Datacenters: ['dc1'],
      Multiregion: null,
      Meta: {},
      Affinities: [],
      Spreads: [],
      Constraints: [],
    });
    const tg = job.TaskGroups[0]!;
    expect(tg.Name).toBe('frontend');
    expect(tg.Count).toBe(3);
    // The group's printed update block wins over the job's.
    expect(tg.Update).toEqual({
      Stagger: 30 * SECOND,
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * SECOND,
      HealthyDeadline: 5 * MINUTE,
      ProgressDeadline: 10 * MINUTE,
      AutoRevert: true,
      AutoPromote: false,
      Canary: 1,
    });
    expect(tg.Networks).toEqual([
      {
        Mode: 'bridge',
        Device: '',
        CIDR: '',
        IP: '',
        MBits: 10,
        ReservedPorts: [],
        DynamicPorts: [{ Label: 'http', Value: 0, To: 8080, HostNetwork: 'default' }],
      },
    ]);
    const task = tg.Tasks[0]!;
    expect(task.Config).toEqual({ image: 'hashicorp/http-echo:0.2.3', args: ['-listen', ':8080', '-text', 'hello'] });
    expect(task.Env).toEqual({ GREETING: 'hello' });
    expect(task.Resources).toEqual({ CPU: 250, MemoryMB: 128, Networks: [], Devices: [] });
    expect(task.Templates).toHaveLength(1);
    expect(task.Artifacts).toEqual([]);
    expect(task.Vault).toBeNull();
  });

  it('reads an allocation with its inline job as that job version', () => {
    const a = scenario.Allocations[0]!;
    expect(a).toMatchObject({
      ID: '5a9cb1d2-7e36-4f0b-9c8d-1e2f3a4b5c6d',
      Name: 'web.frontend[0]',
      JobID: 'web',
      TaskGroup: 'frontend',
      NodeID: 'c0a80f1e-2d3c-4b5a-6978-8796a5b4c3d2',
      NodeName: 'client-1',
      DesiredStatus: 'run',
      ClientStatus: 'running',
      DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
      DeploymentID: '8f3b2c1e-4a5d-6e7f-8091-a2b3c4d5e6f7',
      DeploymentStatus: { Healthy: true, Canary: false },
      RescheduleTracker: null,
      AllocStates: [],
      ModifyTime: 1591791543482911000,
      CreateIndex: 42,
    });
    expect(a.TaskStates).toEqual({ server: { State: 'running', Failed: false, FinishedAt: ZERO_TIME } });
    expect(a.Job).not.toBe(scenario.Job);
    expect([a.Job.Version, a.Job.JobModifyIndex]).toEqual([1, 40]);
    expect(a.Job.TaskGroups[0]!.Tasks[0]!.Config.image).toBe('hashicorp/http-echo:0.2.1');
  });

  it('reads an allocation list stub by its JobVersion', () => {
    const b = scenario.Allocations[1]!;
    expect(b.Job).toBe(scenario.Job);
    expect(b.DeploymentStatus).toEqual({ Healthy: null, Canary: true });
  });

  it('reads a node from /v1/node/:id', () => {
    expect(scenario.Nodes).toEqual([
      {
        ID: 'c0a80f1e-2d3c-4b5a-6978-8796a5b4c3d2',
        Name: 'client-1',
        Datacenter: 'dc1',
        NodeClass: '',
        Status: 'ready',
        Drain: false,
        SchedulingEligibility: 'eligible',
        NodeResources: { CpuShares: 4800, MemoryMB: 1993, DiskMB: 34232 },
        ReservedResources: { CpuShares: 0, MemoryMB: 0, DiskMB: 0 },
      },
    ]);
  });

  it('reads a deployment from /v1/deployment/:id, with offsets in its times', () => {
    const d = scenario.Deployment!;
    expect(d).toMatchObject({
      ID: '9a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
      JobVersion: 2,
      JobModifyIndex: 61,
      JobSpecModifyIndex: 52,
      JobCreateIndex: 11,
      Status: 'running',
      StatusDescription: 'Deployment is running but requires manual promotion',
    });
    expect(d.TaskGroups.get('frontend')).toEqual({
      AutoRevert: true,
      AutoPromote: false,
      ProgressDeadline: 10 * MINUTE,
      RequireProgressBy: parseRfc3339('2020-06-10T12:33:51.732118Z'),
      Promoted: false,
      PlacedCanaries: ['e4d3c2b1-a098-4765-8432-10fedcba9876'],
      DesiredCanaries: 1,
      DesiredTotal: 3,
      PlacedAllocs: 1,
      HealthyAllocs: 0,
      UnhealthyAllocs: 0,
    });
  });

  it('reads a batch job whose inspect output carries an all-zero job update block: no update strategy', () => {
    const batch = {
      ...inspected,
      Type: 'batch',
      Update: {
        AutoPromote: false,
        AutoRevert: false,
        Canary: 0,
        HealthCheck: '',
        HealthyDeadline: 0,
        MaxParallel: 0,
        MinHealthyTime: 0,
        ProgressDeadline: 0,
        Stagger: 0,
      },
      TaskGroups: [
        {
          ...(inspected.TaskGroups as Record<string, unknown>[])[0],
          Update: null,
          ReschedulePolicy: null,
          Migrate: null,
        },
      ],
    };
    const tg = readOk({ Job: batch }).Job.TaskGroups[0]!;
    expect(tg.Update).toBeNull();
    expect(tg.Migrate).toBeNull();
    expect(tg.ReschedulePolicy).toMatchObject({ Attempts: 1, DelayFunction: 'constant' });
  });
});
