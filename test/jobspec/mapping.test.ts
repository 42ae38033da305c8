// The HCL jobspec mapping, checked against upstream's jobspec parser tests
// (jobspec/parse_test.go): jobspec2's TestEquivalentToHCL1 (Nomad v1.1.0)
// holds that jobspec2 reads each of those fixtures into the same job, so
// their expectations are jobspec2's too. For each fixture that concerns what
// the playground models, the same jobspec (written here in HCL2, or in
// test/fixtures/hcl/) must give the job fields that test expects; where a
// fixture is one that HCL1 refuses and jobspec2 reads, jobspec2's answer
// (checked against a build of it) is expected. Durations are in the API's
// nanoseconds.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { nearestPlace } from '../../src/scenario/path.ts';

const S = 1_000_000_000;
const M = 60 * S;
const H = 60 * M;

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/hcl/${name}`, import.meta.url), 'utf8');
}

// job reads a jobspec that must be valid and returns its API job.
async function job(text: string): Promise<Record<string, unknown>> {
  const r = await readJobSpec(text);
  expect(r.diagnostics).toEqual([]);
  if (!r.job) throw new Error('no job');
  return r.job;
}

describe('upstream TestParse fixtures', () => {
  it('basic.hcl', async () => {
    const j = await job(fixture('basic.hcl'));
    expect(j).toEqual({
      ID: 'binstore-storagelocker',
      Name: 'binstore-storagelocker',
      Type: 'batch',
      Priority: 52,
      AllAtOnce: true,
      Datacenters: ['us2', 'eu1'],
      Region: 'fooregion',
      Namespace: 'foonamespace',
      ConsulToken: 'abc',
      VaultToken: 'foo',
      Meta: { foo: 'bar' },
      Constraints: [
        { LTarget: 'kernel.os', RTarget: 'windows', Operand: '=' },
        { LTarget: '${attr.vault.version}', RTarget: '>= 0.6.1', Operand: 'semver' },
      ],
      Affinities: [{ LTarget: '${meta.team}', RTarget: 'mobile', Operand: '=', Weight: 50 }],
      Spreads: [
        {
          Attribute: '${meta.rack}',
          Weight: 100,
          SpreadTarget: [
            { Value: 'r1', Percent: 40 },
            { Value: 'r2', Percent: 60 },
          ],
        },
      ],
      Update: {
        Stagger: 60 * S,
        MaxParallel: 2,
        HealthCheck: 'manual',
        MinHealthyTime: 10 * S,
        HealthyDeadline: 10 * M,
        ProgressDeadline: 10 * M,
        AutoRevert: true,
        AutoPromote: true,
        Canary: 1,
      },
      TaskGroups: [
        {
          Name: 'outside',
          Tasks: [
            {
              Name: 'outside',
              Driver: 'java',
              Config: { jar_path: 's3://my-cool-store/foo.jar' },
              Meta: { 'my-cool-key': 'foobar' },
            },
          ],
        },
        {
          Name: 'binsl',
          Count: 5,
          Constraints: [{ LTarget: 'kernel.os', RTarget: 'linux', Operand: '=' }],
          Affinities: [{ LTarget: '${node.datacenter}', RTarget: 'dc2', Operand: '=', Weight: 100 }],
          Meta: { elb_mode: 'tcp', elb_interval: '10', elb_checks: '3' },
          RestartPolicy: { Interval: 10 * M, Attempts: 5, Delay: 15 * S, Mode: 'delay' },
          Spreads: [
            {
              Attribute: '${node.datacenter}',
              Weight: 50,
              SpreadTarget: [
                { Value: 'dc1', Percent: 50 },
                { Value: 'dc2', Percent: 25 },
                { Value: 'dc3', Percent: 25 },
              ],
            },
          ],
          StopAfterClientDisconnect: 120 * S,
          ReschedulePolicy: { Interval: 12 * H, Attempts: 5 },
          EphemeralDisk: { Sticky: true, SizeMB: 150 },
          Update: {
            MaxParallel: 3,
            HealthCheck: 'checks',
            MinHealthyTime: 1 * S,
            HealthyDeadline: 1 * M,
            ProgressDeadline: 1 * M,
            AutoRevert: false,
            AutoPromote: false,
            Canary: 2,
          },
          Migrate: { MaxParallel: 2, HealthCheck: 'task_states', MinHealthyTime: 11 * S, HealthyDeadline: 11 * M },
          Tasks: [
            {
              Name: 'binstore',
              Driver: 'docker',
              User: 'bob',
              Kind: 'connect-proxy:test',
              Leader: true,
              Config: { image: 'hashicorp/binstore', labels: [{ FOO: 'bar' }] },
              Affinities: [{ LTarget: '${meta.foo}', RTarget: 'a,b,c', Operand: 'set_contains', Weight: 25 }],
              RestartPolicy: { Attempts: 10 },
              Env: { HELLO: 'world', LOREM: 'ipsum' },
              Resources: {
                CPU: 500,
                MemoryMB: 128,
                Networks: [
                  {
                    MBits: 100,
                    ReservedPorts: [
                      { Label: 'one', Value: 1 },
                      { Label: 'two', Value: 2 },
                      { Label: 'three', Value: 3 },
                    ],
                    DynamicPorts: [{ Label: 'http' }, { Label: 'https' }, { Label: 'admin' }],
                  },
                ],
                Devices: [
                  {
                    Name: 'nvidia/gpu',
                    Count: 10,
                    Constraints: [{ LTarget: '${device.attr.memory}', RTarget: '2GB', Operand: '>' }],
                    Affinities: [{ LTarget: '${device.model}', RTarget: '1080ti', Operand: '=', Weight: 50 }],
                  },
                  { Name: 'intel/gpu' },
                ],
              },
              KillTimeout: 22 * S,
              ShutdownDelay: 11 * S,
              LogConfig: { MaxFiles: 14, MaxFileSizeMB: 101 },
              Artifacts: [
                {
                  GetterSource: 'http://foo.com/artifact',
                  GetterOptions: { checksum: 'md5:b8a4f3f72ecab0510a6a31e997461c5f' },
                },
                {
                  GetterSource: 'http://bar.com/artifact',
                  RelativeDest: 'test/foo/',
                  GetterOptions: { checksum: 'md5:ff1cc0d3432dad54d607c1505fb7245c' },
                  GetterMode: 'file',
                },
              ],
              Vault: { Policies: ['foo', 'bar'], Env: true, ChangeMode: 'restart' },
              Templates: [
                {
                  SourcePath: 'foo',
                  DestPath: 'foo',
                  ChangeMode: 'foo',
                  ChangeSignal: 'foo',
                  Splay: 10 * S,
                  Perms: '0644',
                  Envvars: true,
                  VaultGrace: 33 * S,
                },
                {
                  SourcePath: 'bar',
                  DestPath: 'bar',
                  ChangeMode: 'restart',
                  Splay: 5 * S,
                  Perms: '777',
                  LeftDelim: '--',
                  RightDelim: '__',
                },
              ],
            },
            {
              Name: 'storagelocker',
              Driver: 'docker',
              Lifecycle: { Hook: 'prestart', Sidecar: true },
              Config: { image: 'hashicorp/storagelocker' },
              Resources: { CPU: 500, MemoryMB: 128 },
              Constraints: [{ LTarget: 'kernel.arch', RTarget: 'amd64', Operand: '=' }],
              Vault: { Policies: ['foo', 'bar'], Env: false, ChangeMode: 'signal', ChangeSignal: 'SIGUSR1' },
            },
          ],
        },
      ],
    });
  });

  it('default-job.hcl: the label is the ID and the Name', async () => {
    expect(await job('job "foo" {}\n')).toEqual({ ID: 'foo', Name: 'foo' });
  });

  it('specify-job.hcl: id and name override the label', async () => {
    expect(await job('job "default" {\n  id   = "job1"\n  name = "My Job"\n}\n')).toEqual({
      ID: 'job1',
      Name: 'My Job',
    });
  });

  it.each([
    [
      'version-constraint.hcl',
      'version = "~> 3.2"',
      { LTarget: '$attr.kernel.version', RTarget: '~> 3.2', Operand: 'version' },
    ],
    [
      'regexp-constraint.hcl',
      'regexp = "[0-9.]+"',
      { LTarget: '$attr.kernel.version', RTarget: '[0-9.]+', Operand: 'regexp' },
    ],
  ])('%s', async (_name, line, expected) => {
    const j = await job(`job "foo" {\n  constraint {\n    attribute = "$attr.kernel.version"\n    ${line}\n  }\n}\n`);
    expect(j.Constraints).toEqual([expected]);
  });

  it('set-contains-constraint.hcl', async () => {
    const j = await job(
      'job "foo" {\n  constraint {\n    attribute    = "$meta.data"\n    set_contains = "foo,bar,baz"\n  }\n}\n',
    );
    expect(j.Constraints).toEqual([{ LTarget: '$meta.data', RTarget: 'foo,bar,baz', Operand: 'set_contains' }]);
  });

  it('distinctHosts-constraint.hcl', async () => {
    const j = await job('job "foo" {\n  constraint {\n    distinct_hosts = true\n  }\n}\n');
    expect(j.Constraints).toEqual([{ LTarget: '', RTarget: '', Operand: 'distinct_hosts' }]);
    // distinct_hosts = false leaves a constraint with the default operator, as jobspec2 does (HCL1 dropped it).
    expect((await job('job "foo" {\n  constraint {\n    distinct_hosts = false\n  }\n}\n')).Constraints).toEqual([
      { LTarget: '', RTarget: '', Operand: '=' },
    ]);
  });

  it('distinctProperty-constraint.hcl', async () => {
    const j = await job('job "foo" {\n  constraint {\n    distinct_property = "${meta.rack}"\n  }\n}\n');
    expect(j.Constraints).toEqual([{ LTarget: '${meta.rack}', RTarget: '', Operand: 'distinct_property' }]);
  });

  it('periodic-cron.hcl', async () => {
    const j = await job(
      'job "foo" {\n  periodic {\n    cron             = "*/5 * * *"\n    prohibit_overlap = true\n    time_zone        = "Europe/Minsk"\n  }\n}\n',
    );
    expect(j.Periodic).toEqual({
      SpecType: 'cron',
      Spec: '*/5 * * *',
      ProhibitOverlap: true,
      TimeZone: 'Europe/Minsk',
    });
  });

  it('task-nested-config.hcl: nested config blocks are lists of objects', async () => {
    const j = await job(`job "foo" {
  task "bar" {
    driver = "docker"
    config {
      image = "hashicorp/image"
      port_map {
        db = 1234
      }
    }
  }
}
`);
    expect(j.TaskGroups).toEqual([
      {
        Name: 'bar',
        Tasks: [{ Name: 'bar', Driver: 'docker', Config: { image: 'hashicorp/image', port_map: [{ db: 1234 }] } }],
      },
    ]);
  });

  it('artifacts.hcl', async () => {
    const j = await job(`job "binstore-storagelocker" {
  group "binsl" {
    task "binstore" {
      driver = "docker"
      artifact {
        source      = "http://foo.com/bar"
        destination = ""
        options {
          foo = "bar"
        }
      }
      artifact {
        source = "http://foo.com/baz"
      }
      artifact {
        source      = "http://foo.com/bam"
        destination = "var/foo"
      }
    }
  }
}
`);
    const task = (j.TaskGroups as { Tasks: Record<string, unknown>[] }[])[0]?.Tasks[0];
    expect(task?.Artifacts).toEqual([
      { GetterSource: 'http://foo.com/bar', GetterOptions: { foo: 'bar' }, RelativeDest: '' },
      { GetterSource: 'http://foo.com/baz' },
      { GetterSource: 'http://foo.com/bam', RelativeDest: 'var/foo' },
    ]);
  });

  it('job-with-kill-signal.hcl', async () => {
    const j = await job(
      'job "foo" {\n  task "bar" {\n    driver      = "docker"\n    kill_signal = "SIGQUIT"\n    config {\n      image = "hashicorp/image"\n    }\n  }\n}\n',
    );
    expect(j.TaskGroups).toEqual([
      {
        Name: 'bar',
        Tasks: [{ Name: 'bar', Driver: 'docker', KillSignal: 'SIGQUIT', Config: { image: 'hashicorp/image' } }],
      },
    ]);
  });

  const rawExecGroup = `  group "bar" {
    count = 3
    task "bar" {
      driver = "raw_exec"
      config {
        command = "bash"
        args    = ["-c", "echo hi"]
      }
    }
  }`;
  const rawExecTasks = [{ Name: 'bar', Driver: 'raw_exec', Config: { command: 'bash', args: ['-c', 'echo hi'] } }];

  it('reschedule-job.hcl', async () => {
    const j = await job(`job "foo" {
  datacenters = ["dc1"]
  type        = "batch"
  reschedule {
    attempts       = 15
    interval       = "30m"
    delay          = "10s"
    delay_function = "constant"
  }
${rawExecGroup}
}
`);
    expect(j).toEqual({
      ID: 'foo',
      Name: 'foo',
      Type: 'batch',
      Datacenters: ['dc1'],
      Reschedule: { Attempts: 15, Interval: 30 * M, DelayFunction: 'constant', Delay: 10 * S },
      TaskGroups: [{ Name: 'bar', Count: 3, Tasks: rawExecTasks }],
    });
  });

  it('reschedule-job-unlimited.hcl', async () => {
    const j = await job(`job "foo" {
  datacenters = ["dc1"]
  type        = "batch"
  reschedule {
    delay          = "10s"
    delay_function = "exponential"
    max_delay      = "120s"
    unlimited      = true
  }
${rawExecGroup}
}
`);
    expect(j.Reschedule).toEqual({ DelayFunction: 'exponential', Delay: 10 * S, MaxDelay: 120 * S, Unlimited: true });
  });

  it('migrate-job.hcl: job-level and group-level migrate both kept', async () => {
    const j = await job(`job "foo" {
  datacenters = ["dc1"]
  type        = "batch"
  migrate {
    max_parallel     = 2
    health_check     = "task_states"
    min_healthy_time = "11s"
    healthy_deadline = "11m"
  }
  group "bar" {
    count = 3
    migrate {
      max_parallel     = 3
      health_check     = "checks"
      min_healthy_time = "1s"
      healthy_deadline = "1m"
    }
    task "bar" {
      driver = "raw_exec"
      config {
        command = "bash"
        args    = ["-c", "echo hi"]
      }
    }
  }
}
`);
    expect(j).toEqual({
      ID: 'foo',
      Name: 'foo',
      Type: 'batch',
      Datacenters: ['dc1'],
      Migrate: { MaxParallel: 2, HealthCheck: 'task_states', MinHealthyTime: 11 * S, HealthyDeadline: 11 * M },
      TaskGroups: [
        {
          Name: 'bar',
          Count: 3,
          Migrate: { MaxParallel: 3, HealthCheck: 'checks', MinHealthyTime: 1 * S, HealthyDeadline: 1 * M },
          Tasks: rawExecTasks,
        },
      ],
    });
  });

  it('tg-network.hcl: a group network with a static port mapped to another', async () => {
    const j = await job(`job "foo" {
  datacenters = ["dc1"]
  group "bar" {
    count          = 3
    shutdown_delay = "14s"
    network {
      mode = "bridge"
      port "http" {
        static = 80
        to     = 8080
      }
    }
    task "bar" {
      driver = "raw_exec"
      config {
        command = "bash"
        args    = ["-c", "echo hi"]
      }
      resources {
        network {
          mbits = 10
        }
      }
    }
  }
}
`);
    expect(j.TaskGroups).toEqual([
      {
        Name: 'bar',
        Count: 3,
        ShutdownDelay: 14 * S,
        Networks: [{ Mode: 'bridge', ReservedPorts: [{ Label: 'http', Value: 80, To: 8080 }] }],
        Tasks: [{ ...rawExecTasks[0], Resources: { Networks: [{ MBits: 10 }] } }],
      },
    ]);
  });

  it('multiregion.hcl', async () => {
    const j = await job(`job "multiregion_job" {
  multiregion {
    strategy {
      max_parallel = 1
      on_failure   = "fail_all"
    }
    region "west" {
      count       = 2
      datacenters = ["west-1"]
      meta {
        region_code = "W"
      }
    }
    region "east" {
      count       = 1
      datacenters = ["east-1", "east-2"]
      meta {
        region_code = "E"
      }
    }
  }
}
`);
    expect(j.Multiregion).toEqual({
      Strategy: { MaxParallel: 1, OnFailure: 'fail_all' },
      Regions: [
        { Name: 'west', Count: 2, Datacenters: ['west-1'], Meta: { region_code: 'W' } },
        { Name: 'east', Count: 1, Datacenters: ['east-1', 'east-2'], Meta: { region_code: 'E' } },
      ],
    });
  });

  it('TestBadPorts and TestOverlappingPorts: port labels HCL1 refuses, jobspec2 reads', async () => {
    const j = await job(
      'job "foo" {\n  group "g" {\n    network {\n      port "bad-label" {}\n      port "http" { static = 80 }\n      port "HTTP" {}\n    }\n  }\n}\n',
    );
    expect((j.TaskGroups as Record<string, unknown>[])[0]?.Networks).toEqual([
      { ReservedPorts: [{ Label: 'http', Value: 80 }], DynamicPorts: [{ Label: 'bad-label' }, { Label: 'HTTP' }] },
    ]);
  });

  it('TestIncorrectKey: a misspelt key is an error at its place', async () => {
    const r = await readJobSpec(
      'job "foo" {\n  group "binsl" {\n    task "binstore" {\n      driver = "docker"\n      restart {\n        nterval = "10s"\n      }\n    }\n  }\n}\n',
    );
    expect(r.job).toBeNull();
    expect(r.diagnostics).toEqual([
      {
        code: 'hcl-unsupported',
        path: 'JobSpec',
        message: 'Unsupported argument; An argument named "nterval" is not expected here. Did you mean "interval"?',
        line: 6,
        column: 9,
        endLine: 6,
        endColumn: 16,
      },
    ]);
  });
});

describe('the playground’s own cases', () => {
  it('keeps groups and tasks in the order they are written', async () => {
    const j = await job(fixture('service.hcl'));
    expect((j.TaskGroups as { Name: string }[]).map((g) => g.Name)).toEqual(['web', 'cache']);
    // Runtime interpolations stay text for the client to fill, as Nomad keeps them.
    const web = (j.TaskGroups as { Tasks: { Env: Record<string, string> }[] }[])[0];
    expect(web?.Tasks[0]?.Env).toEqual({ GREETING: 'hello ${NOMAD_ALLOC_ID}' });
  });

  it('reads heredocs, comments and one-line blocks', async () => {
    const j = await job(`# a comment
job "t" {
  // another
  group "g" {
    /* and a block comment { with a brace */
    task "t" {
      driver = "exec"
      template {
        data        = <<-EOT
          key = "{{ key "x" }}" }
        EOT
        destination = "local/x"
      }
      config { command = "/bin/true" }
    }
  }
}
`);
    const task = (j.TaskGroups as { Tasks: Record<string, unknown>[] }[])[0]?.Tasks[0];
    expect(task?.Config).toEqual({ command: '/bin/true' });
    expect(task?.Templates).toEqual([
      {
        ChangeMode: 'restart',
        Splay: 5 * S,
        Perms: '0644',
        EmbeddedTmpl: 'key = "{{ key "x" }}" }\n',
        DestPath: 'local/x',
      },
    ]);
  });

  it('reports an unknown block at its line and column, with HCL’s words', async () => {
    const r = await readJobSpec('job "a" {\n  group "g" {\n    updates {\n      max_parallel = 1\n    }\n  }\n}\n');
    expect(r.diagnostics).toEqual([
      {
        code: 'hcl-unsupported',
        path: 'JobSpec',
        message: 'Unsupported block type; Blocks of type "updates" are not expected here. Did you mean "update"?',
        line: 3,
        column: 5,
        endLine: 3,
        endColumn: 12,
      },
    ]);
  });

  it('hints at a block written as an argument', async () => {
    const r = await readJobSpec('job "a" {\n  update = {}\n}\n');
    expect(r.diagnostics[0]?.message).toBe(
      'Unsupported argument; An argument named "update" is not expected here. Did you mean to define a block of type "update"?',
    );
  });

  it('reports a value of the wrong type and a bad duration at the argument', async () => {
    const r = await readJobSpec(
      'job "a" {\n  group "g" {\n    count = "three"\n    update {\n      min_healthy_time = "10 seconds"\n    }\n  }\n}\n',
    );
    expect(r.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [3, 14, 'Unsuitable value type; Unsuitable value: a number is required'],
      [
        5,
        27,
        'Unsuitable value type; Unsuitable duration value: time: unknown unit " seconds" in duration "10 seconds"',
      ],
    ]);
  });

  it('reports a repeated block and a missing label', async () => {
    const r = await readJobSpec('job "a" {\n  update {}\n  update {}\n  group {}\n}\n');
    expect(r.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, 'Duplicate update block; Only one update block is allowed. Another was defined at 2,3-9.'],
      [4, 'Missing name for group; All group blocks must have 1 labels (name).'],
    ]);
  });

  it('reports syntax errors in HCL’s words, at their place', async () => {
    const r = await readJobSpec('job "a" {\n  group "g" {\n    count = \n  }\n}\n');
    expect(r.diagnostics).toMatchObject([
      { code: 'hcl-syntax', line: 3, column: 13, message: expect.stringMatching(/^Invalid expression; /) },
    ]);
  });

  it('requires a job block', async () => {
    const r = await readJobSpec('# nothing\n');
    expect(r.diagnostics).toMatchObject([
      { code: 'hcl-structure', line: 1, message: expect.stringContaining('Missing job block') },
    ]);
    const other = await readJobSpec('jobs "a" {}\n');
    expect(other.diagnostics[0]?.message).toBe(
      'Unsupported block type; Blocks of type "jobs" are not expected here. Did you mean "job"?',
    );
  });

  it('places API paths at the argument or block that wrote them', async () => {
    const r = await readJobSpec(fixture('service.hcl'));
    expect(nearestPlace(r.place, 'Job.TaskGroups[1].Count')).toMatchObject({ line: 40, column: 5 });
    expect(nearestPlace(r.place, 'Job.TaskGroups[0].Tasks[0].Resources.MemoryMB')).toMatchObject({
      line: 34,
      column: 9,
    });
    // A field that is not written falls back to its nearest written ancestor.
    expect(r.place('Job.TaskGroups[1].Tasks[0].KillTimeout')).toBeUndefined();
    expect(nearestPlace(r.place, 'Job.TaskGroups[1].Tasks[0].KillTimeout')).toMatchObject({ line: 42, column: 5 });
  });
});
