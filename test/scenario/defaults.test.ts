import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND, ZERO_TIME } from '../../src/engine/structs.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { FIXED_OPTIONS, minimalDoc, minimalJob, readOk } from './helpers.ts';

const SERVICE_RESCHEDULE = {
  Attempts: 0,
  Interval: 0,
  Delay: 30 * SECOND,
  DelayFunction: 'exponential',
  MaxDelay: HOUR,
  Unlimited: true,
};
const BATCH_RESCHEDULE = {
  Attempts: 1,
  Interval: 24 * HOUR,
  Delay: 5 * SECOND,
  DelayFunction: 'constant',
  MaxDelay: 0,
  Unlimited: false,
};
const DEFAULT_UPDATE = {
  Stagger: 30 * SECOND,
  MaxParallel: 1,
  HealthCheck: 'checks',
  MinHealthyTime: 10 * SECOND,
  HealthyDeadline: 5 * MINUTE,
  ProgressDeadline: 10 * MINUTE,
  AutoRevert: false,
  AutoPromote: false,
  Canary: 0,
};

// group reads a one-group job with the given job and group fields and returns the group.
function group(jobFields: Record<string, unknown>, groupFields: Record<string, unknown>) {
  const job = minimalJob({
    ...jobFields,
    TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server' }], ...groupFields }],
  });
  return readOk(minimalDoc({ Job: job })).Job.TaskGroups[0]!;
}

describe('scenario defaults', () => {
  it('fills the top level: Now from options.now, EvalID from options.generateID, "" kept', () => {
    const s = readOk({ Job: minimalJob() });
    expect(s.Now).toBe(FIXED_OPTIONS.now!());
    expect(s.EvalID).toBe('generated-id');
    expect(s.Name).toBe('');
    expect(s.Description).toBe('');
    expect(s.JobVersions).toEqual([]);
    expect(s.Nodes).toEqual([]);
    expect(s.Allocations).toEqual([]);
    expect(s.Deployment).toBeNull();
    expect(readOk(minimalDoc({ EvalID: '' })).EvalID).toBe('');
  });

  it('falls back to the wall clock and a random UUID without options', () => {
    const before = Date.now() * 1e6;
    const result = readScenario(JSON.stringify({ Job: minimalJob() }));
    if (!result.ok) throw new Error('invalid');
    expect(result.scenario.Now).toBeGreaterThanOrEqual(before);
    expect(result.scenario.Now).toBeLessThanOrEqual(Date.now() * 1e6);
    expect(result.scenario.EvalID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('fills a job as Nomad canonicalises it', () => {
    const job = readOk(minimalDoc({ Job: { Name: 'api', TaskGroups: [] } })).Job;
    expect(job).toEqual({
      ID: 'api',
      Name: 'api',
      Namespace: 'default',
      Type: 'service',
      Stop: false,
      Stable: false,
      Version: 0,
      CreateIndex: 0,
      ModifyIndex: 0,
      JobModifyIndex: 0,
      Priority: 50,
      Region: 'global',
      Datacenters: [],
      Multiregion: null,
      Meta: {},
      Affinities: [],
      Spreads: [],
      Constraints: [],
      TaskGroups: [],
    });
  });

  it('takes Name from ID, JobModifyIndex from Version and ModifyIndex from JobModifyIndex', () => {
    const a = readOk(minimalDoc({ Job: minimalJob({ ID: 'web', Version: 4 }) })).Job;
    expect([a.Name, a.JobModifyIndex, a.ModifyIndex]).toEqual(['web', 4, 4]);
    const b = readOk(minimalDoc({ Job: minimalJob({ Version: 4, JobModifyIndex: 40 }) })).Job;
    expect([b.JobModifyIndex, b.ModifyIndex]).toEqual([40, 40]);
    const c = readOk(minimalDoc({ Job: minimalJob({ Version: 4, JobModifyIndex: 40, ModifyIndex: 41 }) })).Job;
    expect([c.JobModifyIndex, c.ModifyIndex]).toEqual([40, 41]);
  });

  it('keeps present zeroes, falses and empty strings', () => {
    const job = readOk(
      minimalDoc({
        Job: minimalJob({
          Priority: 0,
          Region: '',
          Namespace: '',
          TaskGroups: [
            {
              Name: 'web',
              Count: 0,
              Update: { MaxParallel: 0, Stagger: 0, HealthCheck: '' },
              EphemeralDisk: { SizeMB: 0 },
              Tasks: [{ Name: 'server', KillTimeout: 0, Resources: { CPU: 0, MemoryMB: 0 } }],
            },
          ],
        }),
      }),
    ).Job;
    expect([job.Priority, job.Region, job.Namespace]).toEqual([0, '', '']);
    const tg = job.TaskGroups[0]!;
    expect(tg.Count).toBe(0);
    expect(tg.Update).toEqual({ ...DEFAULT_UPDATE, MaxParallel: 0, Stagger: 0, HealthCheck: '' });
    expect(tg.EphemeralDisk).toEqual({ Sticky: false, SizeMB: 0, Migrate: false });
    expect(tg.Tasks[0]!.KillTimeout).toBe(0);
    expect(tg.Tasks[0]!.Resources).toMatchObject({ CPU: 0, MemoryMB: 0 });
  });

  it('fills a group: Count 1, disk 300 MB, no update, the service reschedule and migrate policies', () => {
    const tg = group({}, {});
    expect(tg.Count).toBe(1);
    expect(tg.Update).toBeNull();
    expect(tg.ReschedulePolicy).toEqual(SERVICE_RESCHEDULE);
    expect(tg.Migrate).toEqual({
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * SECOND,
      HealthyDeadline: 5 * MINUTE,
    });
    expect(tg.StopAfterClientDisconnect).toBeNull();
    expect(tg.EphemeralDisk).toEqual({ Sticky: false, SizeMB: 300, Migrate: false });
    expect([tg.Networks, tg.Affinities, tg.Spreads, tg.Constraints]).toEqual([[], [], [], []]);
    expect(tg.Meta).toEqual({});
  });

  it('fills a batch group with the batch reschedule policy and no migrate strategy', () => {
    const tg = group({ Type: 'batch' }, {});
    expect(tg.ReschedulePolicy).toEqual(BATCH_RESCHEDULE);
    expect(tg.Migrate).toBeNull();
  });

  it('fills an EphemeralDisk that gives some fields', () => {
    expect(group({}, { EphemeralDisk: { Sticky: true } }).EphemeralDisk).toEqual({
      Sticky: true,
      SizeMB: 300,
      Migrate: false,
    });
  });

  it('fills a task: kill timeout 5s, CPU 100, memory 300, empty maps and lists', () => {
    const task = group({}, {}).Tasks[0]!;
    expect(task).toEqual({
      Name: 'server',
      Driver: '',
      User: '',
      Config: {},
      Env: {},
      Artifacts: [],
      Vault: null,
      Templates: [],
      Meta: {},
      Affinities: [],
      KillTimeout: 5 * SECOND,
      Resources: { CPU: 100, MemoryMB: 300, Networks: [], Devices: [] },
    });
    const partial = group({}, { Tasks: [{ Name: 'server', Resources: { CPU: 500 } }] }).Tasks[0]!;
    expect(partial.Resources).toEqual({ CPU: 500, MemoryMB: 300, Networks: [], Devices: [] });
  });

  it('fills networks, ports and devices', () => {
    const task = group(
      {},
      {
        Tasks: [
          {
            Name: 'server',
            Resources: {
              Networks: [{ DynamicPorts: [{ Label: 'http' }] }],
              Devices: [{ Name: 'nvidia/gpu' }],
            },
          },
        ],
      },
    ).Tasks[0]!;
    expect(task.Resources.Networks).toEqual([
      {
        Mode: '',
        Device: '',
        CIDR: '',
        IP: '',
        MBits: 10,
        ReservedPorts: [],
        DynamicPorts: [{ Label: 'http', Value: 0, To: 0, HostNetwork: '' }],
      },
    ]);
    expect(task.Resources.Devices).toEqual([{ Name: 'nvidia/gpu', Count: 1, Constraints: [], Affinities: [] }]);
  });

  describe('update strategy', () => {
    it('gives a present block Nomad defaults for its absent fields', () => {
      expect(group({}, { Update: { Canary: 2 } }).Update).toEqual({ ...DEFAULT_UPDATE, Canary: 2 });
      expect(group({}, { Update: {} }).Update).toEqual(DEFAULT_UPDATE);
    });

    it("merges the job's block into the group's, the group's fields winning", () => {
      const tg = group(
        { Update: { MaxParallel: 3, AutoRevert: true, Stagger: '1m' } },
        { Update: { MaxParallel: 1, Canary: 1 } },
      );
      expect(tg.Update).toEqual({ ...DEFAULT_UPDATE, MaxParallel: 1, AutoRevert: true, Stagger: MINUTE, Canary: 1 });
    });

    it("inherits the job's block when the group has none", () => {
      expect(group({ Update: { MaxParallel: 2 } }, {}).Update).toEqual({ ...DEFAULT_UPDATE, MaxParallel: 2 });
    });

    it("does not inherit a job block that sets only zeroes (what a batch job's inspect output carries)", () => {
      const zeroes = {
        Stagger: 0,
        MaxParallel: 0,
        HealthCheck: '',
        MinHealthyTime: 0,
        HealthyDeadline: 0,
        ProgressDeadline: 0,
        AutoRevert: false,
        AutoPromote: false,
        Canary: 0,
      };
      expect(group({ Update: zeroes }, {}).Update).toBeNull();
      expect(group({ Update: zeroes }, { Update: { MaxParallel: 2 } }).Update).toEqual({ ...zeroes, MaxParallel: 2 });
    });

    it('reads null as absent', () => {
      expect(group({ Update: null }, { Update: null }).Update).toBeNull();
      expect(group({}, { Update: { Canary: null } }).Update).toEqual(DEFAULT_UPDATE);
    });
  });

  describe('reschedule policy', () => {
    it("merges the group's policy over the job's Reschedule and the type's defaults", () => {
      const tg = group(
        { Reschedule: { Attempts: 5, Delay: '10s' } },
        { ReschedulePolicy: { Delay: '1m', Unlimited: false } },
      );
      expect(tg.ReschedulePolicy).toEqual({ ...SERVICE_RESCHEDULE, Attempts: 5, Delay: MINUTE, Unlimited: false });
    });

    it('fills absent fields by job type', () => {
      const tg = group({ Type: 'batch' }, { ReschedulePolicy: { Attempts: 3 } });
      expect(tg.ReschedulePolicy).toEqual({ ...BATCH_RESCHEDULE, Attempts: 3 });
    });

    it('keeps a present empty DelayFunction', () => {
      expect(group({}, { ReschedulePolicy: { DelayFunction: '' } }).ReschedulePolicy!.DelayFunction).toBe('');
    });
  });

  it("merges the group's migrate block over the job's", () => {
    const tg = group({ Migrate: { MaxParallel: 2, HealthCheck: 'task_states' } }, { Migrate: { MaxParallel: 4 } });
    expect(tg.Migrate).toEqual({
      MaxParallel: 4,
      HealthCheck: 'task_states',
      MinHealthyTime: 10 * SECOND,
      HealthyDeadline: 5 * MINUTE,
    });
  });

  it('fills an allocation', () => {
    const s = readOk(minimalDoc({ Allocations: [{ ID: 'a1', TaskGroup: 'web' }] }));
    expect(s.Allocations[0]).toEqual({
      ID: 'a1',
      Name: 'web.web[0]',
      JobID: 'web',
      TaskGroup: 'web',
      NodeID: '',
      NodeName: '',
      Job: s.Job,
      DesiredStatus: 'run',
      ClientStatus: 'running',
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
    });
    expect(s.Allocations[0]!.Job).toBe(s.Job);
  });

  it('names an allocation after its own JobID', () => {
    const s = readOk(minimalDoc({ Allocations: [{ ID: 'a1', TaskGroup: 'web', JobID: 'other' }] }));
    expect(s.Allocations[0]!.Name).toBe('other.web[0]');
  });

  it('fills the parts of an allocation that are present', () => {
    const s = readOk(
      minimalDoc({
        Allocations: [
          {
            ID: 'a1',
            TaskGroup: 'web',
            DesiredTransition: { Migrate: true },
            DeploymentStatus: {},
            RescheduleTracker: { Events: null },
            TaskStates: { server: {} },
            AllocStates: [{ Field: 'ClientStatus', Value: 'lost' }],
          },
        ],
      }),
    );
    const a = s.Allocations[0]!;
    expect(a.DesiredTransition).toEqual({ Migrate: true, Reschedule: null, ForceReschedule: null });
    expect(a.DeploymentStatus).toEqual({ Healthy: null, Canary: false });
    // Go's nil list, which upstream tells from an empty one.
    expect(a.RescheduleTracker).toEqual({ Events: null });
    expect(a.TaskStates).toEqual({ server: { State: '', Failed: false, FinishedAt: ZERO_TIME } });
    expect(a.AllocStates).toEqual([{ Field: 'ClientStatus', Value: 'lost', Time: ZERO_TIME }]);
  });

  it('shares one Job object among allocations of the same version, and reads an inline job on its own', () => {
    const s = readOk(
      minimalDoc({
        Job: minimalJob({ Version: 2 }),
        JobVersions: [minimalJob({ Version: 1 }), { Version: 0, TaskGroups: [] }],
        Allocations: [
          { ID: 'a', TaskGroup: 'web' },
          { ID: 'b', TaskGroup: 'web', JobVersion: 2 },
          { ID: 'c', TaskGroup: 'web', JobVersion: 1 },
          { ID: 'd', TaskGroup: 'web', JobVersion: 1 },
          { ID: 'e', TaskGroup: 'web', JobVersion: 0 },
          { ID: 'f', TaskGroup: 'web', JobVersion: 0, Job: minimalJob({ Version: 0 }) },
        ],
      }),
    );
    const [a, b, c, d, e, f] = s.Allocations;
    expect(a!.Job).toBe(s.Job);
    expect(b!.Job).toBe(s.Job);
    expect(c!.Job).toBe(s.JobVersions[0]);
    expect(d!.Job).toBe(s.JobVersions[0]);
    expect(e!.Job).toBe(s.JobVersions[1]);
    expect(f!.Job).not.toBe(s.JobVersions[1]);
    expect(f!.Job.Version).toBe(0);
    // A version that gives no ID takes the job's.
    expect(s.JobVersions[1]!.ID).toBe('web');
  });

  it('fills a node: ready, not draining, eligible', () => {
    const s = readOk(minimalDoc({ Nodes: [{ ID: 'n1' }] }));
    expect(s.Nodes).toEqual([
      {
        ID: 'n1',
        Name: '',
        Datacenter: '',
        NodeClass: '',
        Status: 'ready',
        Drain: false,
        SchedulingEligibility: 'eligible',
        NodeResources: null,
        ReservedResources: null,
      },
    ]);
  });

  it('fills a deployment as NewDeployment would for the job, and its group states with zeroes', () => {
    const s = readOk(
      minimalDoc({
        Job: minimalJob({ Version: 3, CreateIndex: 7, JobModifyIndex: 20, ModifyIndex: 21, Namespace: 'ns' }),
        Deployment: { ID: 'd1', TaskGroups: { web: {}, api: { PlacedCanaries: ['a1'] } } },
      }),
    );
    const d = s.Deployment!;
    expect({ ...d, TaskGroups: undefined }).toEqual({
      ID: 'd1',
      Namespace: 'ns',
      JobID: 'web',
      JobVersion: 3,
      JobModifyIndex: 21,
      JobSpecModifyIndex: 20,
      JobCreateIndex: 7,
      IsMultiregion: false,
      Status: 'running',
      StatusDescription: 'Deployment is running',
      TaskGroups: undefined,
    });
    expect([...d.TaskGroups.keys()]).toEqual(['api', 'web']);
    expect(d.TaskGroups.get('web')).toEqual({
      AutoRevert: false,
      AutoPromote: false,
      ProgressDeadline: 0,
      RequireProgressBy: ZERO_TIME,
      Promoted: false,
      PlacedCanaries: [],
      DesiredCanaries: 0,
      DesiredTotal: 0,
      PlacedAllocs: 0,
      HealthyAllocs: 0,
      UnhealthyAllocs: 0,
    });
    expect(d.TaskGroups.get('api')!.PlacedCanaries).toEqual(['a1']);
  });

  it('reads durations and instants in either form', () => {
    const s = readOk(
      minimalDoc({
        Now: 1_767_225_605_000_000_000,
        Job: minimalJob({
          TaskGroups: [
            { Name: 'web', StopAfterClientDisconnect: '90s', Tasks: [{ Name: 'server', KillTimeout: 10_000_000_000 }] },
          ],
        }),
        Allocations: [{ ID: 'a', TaskGroup: 'web', ModifyTime: '2026-01-01T00:00:05Z' }],
      }),
    );
    expect(s.Now).toBe(parseInt('1767225605000000000'));
    expect(s.Allocations[0]!.ModifyTime).toBe(s.Now);
    expect(s.Job.TaskGroups[0]!.StopAfterClientDisconnect).toBe(90 * SECOND);
    expect(s.Job.TaskGroups[0]!.Tasks[0]!.KillTimeout).toBe(10 * SECOND);
  });
});
