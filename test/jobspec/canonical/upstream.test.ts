// The api package's Job.Canonicalize, checked against the expectations of
// upstream's own tests at dccea99f7e (api/jobs_test.go TestJobs_Canonicalize,
// api/tasks_test.go, api/services_test.go), durations in nanoseconds.

import { describe, expect, it } from 'vitest';
import { canonicalApiJob } from '../../../src/jobspec/canonical/index.ts';

const S = 1e9;
const MIN = 60 * S;
const H = 60 * MIN;

type Obj = Record<string, unknown>;

const defaultUpdate = {
  Stagger: 30 * S,
  MaxParallel: 1,
  HealthCheck: 'checks',
  MinHealthyTime: 10 * S,
  HealthyDeadline: 5 * MIN,
  ProgressDeadline: 10 * MIN,
  AutoRevert: false,
  Canary: 0,
  AutoPromote: false,
};
const serviceRestart = { Delay: 15 * S, Attempts: 2, Interval: 30 * MIN, Mode: 'fail' };
const batchRestart = { Delay: 15 * S, Attempts: 3, Interval: 24 * H, Mode: 'fail' };
const serviceReschedule = {
  Attempts: 0,
  Interval: 0,
  DelayFunction: 'exponential',
  Delay: 30 * S,
  MaxDelay: H,
  Unlimited: true,
};
const batchReschedule = {
  Attempts: 1,
  Interval: 24 * H,
  DelayFunction: 'constant',
  Delay: 5 * S,
  MaxDelay: 0,
  Unlimited: false,
};
const defaultMigrate = { MaxParallel: 1, HealthCheck: 'checks', MinHealthyTime: 10 * S, HealthyDeadline: 5 * MIN };
const defaultDisk = { Sticky: false, Migrate: false, SizeMB: 300 };
const defaultLogs = { MaxFiles: 10, MaxFileSizeMB: 10 };
const defaultResources = { CPU: 100, MemoryMB: 300 };
const jobDefaults = {
  Region: 'global',
  Namespace: 'default',
  Type: 'service',
  ParentID: '',
  Priority: 50,
  AllAtOnce: false,
  ConsulToken: '',
  VaultToken: '',
  Status: '',
  StatusDescription: '',
  Stop: false,
  Stable: false,
  Version: 0,
  CreateIndex: 0,
  ModifyIndex: 0,
  JobModifyIndex: 0,
};

function canonical(job: Obj): Obj {
  return canonicalApiJob(job);
}

describe('Job.Canonicalize (TestJobs_Canonicalize)', () => {
  it('empty: a service job gets the default update strategy, and its group and task every default', () => {
    expect(canonical({ TaskGroups: [{ Tasks: [{}] }] })).toEqual({
      ID: '',
      Name: '',
      ...jobDefaults,
      Update: defaultUpdate,
      TaskGroups: [
        {
          Name: '',
          Count: 1,
          EphemeralDisk: defaultDisk,
          RestartPolicy: serviceRestart,
          ReschedulePolicy: serviceReschedule,
          Update: defaultUpdate,
          Migrate: defaultMigrate,
          Tasks: [
            { KillTimeout: 5 * S, LogConfig: defaultLogs, Resources: defaultResources, RestartPolicy: serviceRestart },
          ],
        },
      ],
    });
  });

  it('batch: no update strategy and no migrate strategy; batch restart and reschedule policies', () => {
    expect(canonical({ Type: 'batch', TaskGroups: [{ Tasks: [{}] }] })).toEqual({
      ID: '',
      Name: '',
      ...jobDefaults,
      Type: 'batch',
      TaskGroups: [
        {
          Name: '',
          Count: 1,
          EphemeralDisk: defaultDisk,
          RestartPolicy: batchRestart,
          ReschedulePolicy: batchReschedule,
          Tasks: [
            { KillTimeout: 5 * S, LogConfig: defaultLogs, Resources: defaultResources, RestartPolicy: batchRestart },
          ],
        },
      ],
    });
  });

  it('partial: given fields are kept', () => {
    const job = canonical({
      Name: 'foo',
      Namespace: 'bar',
      ID: 'bar',
      ParentID: 'lol',
      TaskGroups: [{ Name: 'bar', Tasks: [{ Name: 'task1' }] }],
    });
    expect(job).toMatchObject({ Namespace: 'bar', ID: 'bar', Name: 'foo', ParentID: 'lol', Update: defaultUpdate });
    expect((job.TaskGroups as Obj[])[0]).toMatchObject({
      Name: 'bar',
      Count: 1,
      Migrate: defaultMigrate,
      Tasks: [{ Name: 'task1', KillTimeout: 5 * S }],
    });
  });

  it('example_template: group update merged over the job’s, restart merged down to the task, template and service defaults', () => {
    const job = canonical({
      ID: 'example_template',
      Name: 'example_template',
      Datacenters: ['dc1'],
      Type: 'service',
      Update: { MaxParallel: 1, AutoPromote: true },
      TaskGroups: [
        {
          Name: 'cache',
          Count: 1,
          RestartPolicy: { Interval: 5 * MIN, Attempts: 10, Delay: 25 * S, Mode: 'delay' },
          Update: { AutoRevert: true },
          EphemeralDisk: { SizeMB: 300 },
          Tasks: [
            {
              Name: 'redis',
              Driver: 'docker',
              Config: { image: 'redis:3.2', port_map: [{ db: 6379 }] },
              RestartPolicy: { Attempts: 20 },
              Resources: { CPU: 500, MemoryMB: 256, Networks: [{ MBits: 10, DynamicPorts: [{ Label: 'db' }] }] },
              Services: [
                {
                  Name: 'redis-cache',
                  Tags: ['global', 'cache'],
                  CanaryTags: ['canary', 'global', 'cache'],
                  PortLabel: 'db',
                  Checks: [{ Name: 'alive', Type: 'tcp', Interval: 10 * S, Timeout: 2 * S }],
                },
              ],
              Templates: [
                { EmbeddedTmpl: '---', DestPath: 'local/file.yml' },
                { EmbeddedTmpl: 'FOO=bar\n', DestPath: 'local/file.env', Envvars: true },
              ],
            },
          ],
        },
      ],
    });
    const template = {
      SourcePath: '',
      ChangeMode: 'restart',
      ChangeSignal: '',
      Splay: 5 * S,
      Perms: '0644',
      LeftDelim: '{{',
      RightDelim: '}}',
      VaultGrace: 0,
    };
    expect(job.Update).toEqual({ ...defaultUpdate, AutoPromote: true });
    expect(job.TaskGroups).toEqual([
      {
        Name: 'cache',
        Count: 1,
        RestartPolicy: { Interval: 5 * MIN, Attempts: 10, Delay: 25 * S, Mode: 'delay' },
        ReschedulePolicy: serviceReschedule,
        EphemeralDisk: defaultDisk,
        Update: { ...defaultUpdate, AutoRevert: true, AutoPromote: true },
        Migrate: defaultMigrate,
        Tasks: [
          {
            Name: 'redis',
            Driver: 'docker',
            Config: { image: 'redis:3.2', port_map: [{ db: 6379 }] },
            RestartPolicy: { Interval: 5 * MIN, Attempts: 20, Delay: 25 * S, Mode: 'delay' },
            Resources: { CPU: 500, MemoryMB: 256, Networks: [{ MBits: 10, DynamicPorts: [{ Label: 'db' }] }] },
            Services: [
              {
                Name: 'redis-cache',
                Tags: ['global', 'cache'],
                CanaryTags: ['canary', 'global', 'cache'],
                PortLabel: 'db',
                AddressMode: 'auto',
                Checks: [{ Name: 'alive', Type: 'tcp', Interval: 10 * S, Timeout: 2 * S }],
              },
            ],
            KillTimeout: 5 * S,
            LogConfig: defaultLogs,
            Templates: [
              { ...template, DestPath: 'local/file.yml', EmbeddedTmpl: '---', Envvars: false },
              { ...template, DestPath: 'local/file.env', EmbeddedTmpl: 'FOO=bar\n', Envvars: true },
            ],
          },
        ],
      },
    ]);
  });

  it('periodic: enabled, cron, no overlap rule, UTC', () => {
    expect(canonical({ ID: 'bar', Periodic: {} })).toEqual({
      ID: 'bar',
      Name: 'bar',
      ...jobDefaults,
      Update: defaultUpdate,
      Periodic: { Enabled: true, Spec: '', SpecType: 'cron', ProhibitOverlap: false, TimeZone: 'UTC' },
    });
  });

  it('update_merge: a group’s update fields win over the job’s; a group without one inherits the job’s', () => {
    const jobUpdate = {
      Stagger: 1 * S,
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10 * S,
      HealthyDeadline: 6 * MIN,
      ProgressDeadline: 7 * MIN,
      AutoRevert: false,
      Canary: 0,
      AutoPromote: false,
    };
    const job = canonical({
      Name: 'foo',
      ID: 'bar',
      ParentID: 'lol',
      Update: jobUpdate,
      TaskGroups: [
        {
          Name: 'bar',
          Update: {
            Stagger: 2 * S,
            MaxParallel: 2,
            HealthCheck: 'manual',
            MinHealthyTime: 1 * S,
            AutoRevert: true,
            Canary: 1,
            AutoPromote: true,
          },
          Tasks: [{ Name: 'task1' }],
        },
        { Name: 'baz', Tasks: [{ Name: 'task1' }] },
      ],
    });
    const groups = job.TaskGroups as Obj[];
    expect(job.Update).toEqual(jobUpdate);
    expect(groups[0]!.Update).toEqual({
      Stagger: 2 * S,
      MaxParallel: 2,
      HealthCheck: 'manual',
      MinHealthyTime: 1 * S,
      HealthyDeadline: 6 * MIN,
      ProgressDeadline: 7 * MIN,
      AutoRevert: true,
      Canary: 1,
      AutoPromote: true,
    });
    expect(groups[1]!.Update).toEqual(jobUpdate);
  });

  it('restart_merge: a task’s restart fields over its group’s; a task without one takes the group’s', () => {
    const job = canonical({
      Name: 'foo',
      ID: 'bar',
      ParentID: 'lol',
      TaskGroups: [
        {
          Name: 'bar',
          RestartPolicy: { Delay: 15 * S, Attempts: 2, Interval: 30 * MIN, Mode: 'fail' },
          Tasks: [{ Name: 'task1', RestartPolicy: { Attempts: 5, Delay: 1 * S } }],
        },
        {
          Name: 'baz',
          RestartPolicy: { Delay: 20 * S, Attempts: 2, Interval: 30 * MIN, Mode: 'fail' },
          Tasks: [{ Name: 'task1' }],
        },
      ],
    });
    const groups = job.TaskGroups as Obj[];
    expect((groups[0]!.Tasks as Obj[])[0]!.RestartPolicy).toEqual({
      Attempts: 5,
      Delay: 1 * S,
      Interval: 30 * MIN,
      Mode: 'fail',
    });
    expect((groups[1]!.Tasks as Obj[])[0]!.RestartPolicy).toEqual({
      Delay: 20 * S,
      Attempts: 2,
      Interval: 30 * MIN,
      Mode: 'fail',
    });
  });

  it('multiregion: a strategy of zeroes, and each region’s count, datacenters and meta', () => {
    const job = canonical({
      Name: 'foo',
      ID: 'bar',
      ParentID: 'lol',
      Multiregion: { Regions: [{ Name: 'west', Count: 1 }] },
      TaskGroups: [{ Name: 'bar', Count: 2, Tasks: [{ Name: 'task1' }] }],
    });
    expect(job.Multiregion).toEqual({
      Strategy: { MaxParallel: 0, OnFailure: '' },
      Regions: [{ Name: 'west', Count: 1, Datacenters: [], Meta: {} }],
    });
  });
});

describe('TaskGroup.Canonicalize (api/tasks_test.go)', () => {
  it('an Empty() job update is not inherited (TestTaskGroup_Canonicalize_Update)', () => {
    const zero = {
      AutoRevert: false,
      AutoPromote: false,
      Canary: 0,
      HealthCheck: '',
      HealthyDeadline: 0,
      ProgressDeadline: 0,
      MaxParallel: 0,
      MinHealthyTime: 0,
      Stagger: 0,
    };
    const job = canonical({ ID: 'test', Update: zero, TaskGroups: [{ Name: 'foo' }] });
    expect(job.Update).toEqual(zero);
    expect((job.TaskGroups as Obj[])[0]!.Update).toBeUndefined();
  });

  it('part of an update block merged over an empty job update and filled (TestTaskGroup_Merge_Update)', () => {
    const job = canonical({
      ID: 'test',
      Update: {},
      TaskGroups: [{ Name: 'foo', Update: { AutoRevert: true, Canary: 5, HealthCheck: 'foo' } }],
    });
    expect((job.TaskGroups as Obj[])[0]!.Update).toEqual({
      ...defaultUpdate,
      AutoRevert: true,
      Canary: 5,
      HealthCheck: 'foo',
    });
  });

  it.each([
    ['both absent: both 1', {}, 1, 1],
    ['no count: the count is scaling’s min', { Min: 5 }, 5, 5],
    ['no min: min is the count', { Count: 5 }, 5, 5],
    ['both given: both kept', { Count: 5, Min: 1 }, 5, 1],
  ])('scaling (TestTaskGroup_Canonicalize_Scaling): %s', (_, given: { Count?: number; Min?: number }, count, min) => {
    const group: Obj = { Name: 'foo', Scaling: { Max: 10, ...(given.Min !== undefined ? { Min: given.Min } : {}) } };
    if (given.Count !== undefined) group.Count = given.Count;
    const g = (canonical({ ID: 'test', TaskGroups: [group] }).TaskGroups as Obj[])[0]!;
    expect(g.Count).toBe(count);
    expect(g.Scaling).toEqual({ Max: 10, Min: min, Enabled: true });
  });

  it.each([
    ['service, neither', 'service', null, null, defaultMigrate],
    [
      'service, the job’s',
      'service',
      { MaxParallel: 5, HealthCheck: 'foo', MinHealthyTime: 1, HealthyDeadline: 1 },
      null,
      { MaxParallel: 5, HealthCheck: 'foo', MinHealthyTime: 1, HealthyDeadline: 1 },
    ],
    [
      'service, the group’s over the job’s',
      'service',
      { MaxParallel: 5, HealthCheck: 'foo', MinHealthyTime: 1, HealthyDeadline: 1 },
      { MaxParallel: 7, HealthCheck: 'bar', MinHealthyTime: 2, HealthyDeadline: 2 },
      { MaxParallel: 7, HealthCheck: 'bar', MinHealthyTime: 2, HealthyDeadline: 2 },
    ],
    ['service, part of the group’s', 'service', null, { MaxParallel: 7 }, { ...defaultMigrate, MaxParallel: 7 }],
    ['batch, neither', 'batch', null, null, undefined],
    ['batch, the group’s filled', 'batch', null, { MaxParallel: 7 }, { ...defaultMigrate, MaxParallel: 7 }],
  ])('migrate (TestTaskGroup_Canonicalize_MigrateStrategy): %s', (_, type, jobMigrate, groupMigrate, expected) => {
    const job: Obj = {
      ID: 'test',
      Type: type,
      TaskGroups: [{ Name: 'foo', ...(groupMigrate ? { Migrate: groupMigrate } : {}) }],
    };
    if (jobMigrate) job.Migrate = jobMigrate;
    expect((canonical(job).TaskGroups as Obj[])[0]!.Migrate).toEqual(expected);
  });

  it.each([
    ['absent: 50', undefined, 50],
    ['zero kept', 0, 0],
    ['100 kept', 100, 100],
  ])('spread weight (TestSpread_Canonicalize): %s', (_, weight, expected) => {
    const g = (
      canonical({
        ID: 'test',
        Type: 'batch',
        TaskGroups: [
          { Name: 'foo', Spreads: [{ Attribute: 'test', ...(weight !== undefined ? { Weight: weight } : {}) }] },
        ],
      }).TaskGroups as Obj[]
    )[0]!;
    expect((g.Spreads as Obj[])[0]!.Weight).toBe(expected);
  });

  it.each([
    ['service', serviceReschedule],
    ['batch', batchReschedule],
    ['sysbatch', { Attempts: 0, Interval: 0, Delay: 0, DelayFunction: '', MaxDelay: 0, Unlimited: false }],
  ])('the default reschedule policy of a %s job (Test_NewDefaultReschedulePolicy)', (type, expected) => {
    expect(
      (canonical({ ID: 'j', Type: type, TaskGroups: [{ Name: 'g' }] }).TaskGroups as Obj[])[0]!.ReschedulePolicy,
    ).toEqual(expected);
  });

  it('a system job’s group gets no reschedule policy', () => {
    expect(
      (canonical({ ID: 'j', Type: 'system', TaskGroups: [{ Name: 'g' }] }).TaskGroups as Obj[])[0]!.ReschedulePolicy,
    ).toBeUndefined();
  });
});

describe('Task.Canonicalize', () => {
  const task = (t: Obj, job: Obj = {}): Obj =>
    (
      (
        canonical({ ID: 'job', ...job, TaskGroups: [{ Name: 'group', Tasks: [{ Name: 'task', ...t }] }] })
          .TaskGroups as Obj[]
      )[0]!.Tasks as Obj[]
    )[0]!;

  it('a lifecycle block without a hook is dropped (TestTask_Canonicalize_TaskLifecycle)', () => {
    expect(task({ Lifecycle: {} }).Lifecycle).toBeUndefined();
    expect(task({ Lifecycle: { Hook: 'prestart' } }).Lifecycle).toEqual({ Hook: 'prestart' });
  });

  it('check_restart: the service’s merged under each check’s (TestService_CheckRestart)', () => {
    const t = task({
      Services: [
        {
          CheckRestart: { Limit: 11, Grace: 11 * S, IgnoreWarnings: true },
          Checks: [
            { Name: 'all-set', CheckRestart: { Limit: 22, Grace: 22 * S, IgnoreWarnings: true } },
            { Name: 'some-set', CheckRestart: { Limit: 33, Grace: 33 * S } },
            { Name: 'unset' },
          ],
        },
      ],
    });
    const service = (t.Services as Obj[])[0]!;
    expect(service.Name).toBe('job-group-task');
    expect((service.Checks as Obj[]).map((c) => c.CheckRestart)).toEqual([
      { Limit: 22, Grace: 22 * S, IgnoreWarnings: true },
      { Limit: 33, Grace: 33 * S, IgnoreWarnings: true },
      { Limit: 11, Grace: 11 * S, IgnoreWarnings: true },
    ]);
  });

  it('a check_restart without a grace gets 1s', () => {
    const t = task({ Services: [{ Name: 's', Checks: [{ Name: 'c', CheckRestart: { Limit: 3 } }] }] });
    expect(((t.Services as Obj[])[0]!.Checks as Obj[])[0]!.CheckRestart).toEqual({ Limit: 3, Grace: S });
  });

  it('templates: signal mode defaults to SIGHUP, a given signal is upper-cased', () => {
    const t = task({
      Templates: [{ ChangeMode: 'signal' }, { ChangeMode: 'signal', ChangeSignal: 'sigusr1' }, { ChangeMode: 'noop' }],
    });
    expect((t.Templates as Obj[]).map((x) => [x.ChangeMode, x.ChangeSignal])).toEqual([
      ['signal', 'SIGHUP'],
      ['signal', 'SIGUSR1'],
      ['noop', ''],
    ]);
  });

  it('artifacts: mode any into local/, file mode into local/ and the file’s name', () => {
    const t = task({
      Artifacts: [
        { GetterSource: 'https://example.com/app.tar.gz' },
        { GetterSource: 'https://example.com/dir/config.json', GetterMode: 'file' },
        { GetterSource: 'https://example.com/x', RelativeDest: 'opt/' },
      ],
    });
    expect(t.Artifacts).toEqual([
      { GetterSource: 'https://example.com/app.tar.gz', GetterMode: 'any', RelativeDest: 'local/' },
      { GetterSource: 'https://example.com/dir/config.json', GetterMode: 'file', RelativeDest: 'local/config.json' },
      { GetterSource: 'https://example.com/x', GetterMode: 'any', RelativeDest: 'opt/' },
    ]);
  });

  it('vault: the token in the environment, restart on change, SIGHUP', () => {
    expect(task({ Vault: { Policies: ['read'] } }).Vault).toEqual({
      Policies: ['read'],
      Env: true,
      ChangeMode: 'restart',
      ChangeSignal: 'SIGHUP',
    });
    expect(task({ Vault: { Policies: ['read'], Env: false, ChangeMode: 'noop' } }).Vault).toEqual({
      Policies: ['read'],
      Env: false,
      ChangeMode: 'noop',
      ChangeSignal: 'SIGHUP',
    });
  });

  it('affinities at job, group, task and device level get weight 50', () => {
    const job = canonical({
      ID: 'j',
      Affinities: [{ LTarget: 'a' }],
      TaskGroups: [
        {
          Name: 'g',
          Affinities: [{ LTarget: 'b', Weight: -20 }],
          Tasks: [
            {
              Name: 't',
              Affinities: [{ LTarget: 'c' }],
              Resources: { Devices: [{ Name: 'gpu', Affinities: [{ LTarget: 'd' }] }] },
            },
          ],
        },
      ],
    });
    const g = (job.TaskGroups as Obj[])[0]!;
    const t = (g.Tasks as Obj[])[0]!;
    expect([
      (job.Affinities as Obj[])[0]!.Weight,
      (g.Affinities as Obj[])[0]!.Weight,
      (t.Affinities as Obj[])[0]!.Weight,
    ]).toEqual([50, -20, 50]);
    expect((t.Resources as Obj).Devices).toEqual([
      { Name: 'gpu', Count: 1, Affinities: [{ LTarget: 'd', Weight: 50 }] },
    ]);
  });

  it('volume mounts are private and writable unless said otherwise; a CSI plugin mounts at /csi', () => {
    const t = task({
      VolumeMounts: [{ Volume: 'v', Destination: '/data' }],
      CSIPluginConfig: { ID: 'p', Type: 'node' },
    });
    expect(t.VolumeMounts).toEqual([
      { Volume: 'v', Destination: '/data', PropagationMode: 'private', ReadOnly: false },
    ]);
    expect(t.CSIPluginConfig).toEqual({ ID: 'p', Type: 'node', MountDir: '/csi' });
  });

  it('meta values given as bools or numbers become the strings Nomad stores', () => {
    const job = canonical({
      ID: 'j',
      Meta: { on: true, n: 3 },
      TaskGroups: [{ Name: 'g', Meta: { off: false }, Tasks: [{ Name: 't', Meta: { s: 'x', f: 1.5 } }] }],
    });
    const g = (job.TaskGroups as Obj[])[0]!;
    expect([job.Meta, g.Meta, (g.Tasks as Obj[])[0]!.Meta]).toEqual([
      { on: 'true', n: '3' },
      { off: 'false' },
      { s: 'x', f: '1.5' },
    ]);
  });

  it('leaves the job it is given as it was', () => {
    const input = { ID: 'j', TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't' }] }] };
    const before = structuredClone(input);
    canonical(input);
    expect(input).toEqual(before);
  });
});
