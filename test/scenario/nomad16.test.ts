// NomadVersion and the fields only Nomad 1.6's reconciler reads: what the
// reader accepts under each version, and where it says what is wrong.

import { describe, expect, it } from 'vitest';
import { DiagnosticCode } from '../../src/scenario/diagnostics.ts';
import { readScenarioValue } from '../../src/scenario/read.ts';
import { writeScenario } from '../../src/scenario/write.ts';
import { FIXED_OPTIONS, minimalDoc, minimalJob, onlyError, readErrors, readOk, show } from './helpers.ts';

type Doc = Record<string, unknown>;

// doc16 is the minimal document asking for 1.6, with `extra` at the top level.
function doc16(extra: Doc = {}): Doc {
  return minimalDoc({ NomadVersion: '1.6', ...extra });
}

// withGroup is a job whose one group has `extra` fields.
function withGroup(extra: Doc): Doc {
  return minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }], ...extra }] });
}

describe('NomadVersion', () => {
  it('is 0.12 when absent or null, and 1.6 when asked for', () => {
    expect(readOk(minimalDoc()).NomadVersion).toBeUndefined();
    expect(readOk(minimalDoc({ NomadVersion: null })).NomadVersion).toBeUndefined();
    expect(readOk(minimalDoc({ NomadVersion: '0.12' })).NomadVersion).toBeUndefined();
    expect(readOk(doc16()).NomadVersion).toBe('1.6');
  });

  it('rejects any other value, a number included, at path NomadVersion', () => {
    for (const [value, code] of [
      ['1.7', DiagnosticCode.NotInEnum],
      ['1.6.5', DiagnosticCode.NotInEnum],
      [1.6, DiagnosticCode.WrongType],
      [true, DiagnosticCode.WrongType],
    ] as const) {
      const d = onlyError(minimalDoc({ NomadVersion: value }));
      expect(d, show(d)).toMatchObject({ code, path: 'NomadVersion', line: expect.any(Number) });
      expect(d.message).toContain('"0.12" or "1.6"');
    }
  });

  it('gives way to the caller’s choice (the command line’s --nomad-version), which skips the field', () => {
    const read = readScenarioValue(minimalDoc({ NomadVersion: 'nonsense' }), { ...FIXED_OPTIONS, nomadVersion: '1.6' });
    expect(read.ok && read.scenario.NomadVersion).toBe('1.6');
    const down = readScenarioValue(doc16({ EvalPriority: 'high' }), { ...FIXED_OPTIONS, nomadVersion: '0.12' });
    expect(down.ok && down.scenario.NomadVersion).toBeUndefined();
  });
});

describe('values only 1.6 knows', () => {
  const cases: { name: string; doc: Doc; path: string; before: string }[] = [
    {
      name: 'an unknown allocation',
      doc: { Allocations: [{ ID: 'a1', TaskGroup: 'web', ClientStatus: 'unknown' }] },
      path: 'Allocations[0].ClientStatus',
      before: '"unknown" is not one of pending, running, complete, failed, lost',
    },
    {
      name: 'a disconnected node',
      doc: { Nodes: [{ ID: 'n1', Status: 'disconnected' }] },
      path: 'Nodes[0].Status',
      before: '"disconnected" is not one of initializing, ready, down',
    },
    {
      name: 'an initializing deployment',
      doc: { Deployment: { ID: 'd1', Status: 'initializing' } },
      path: 'Deployment.Status',
      before:
        '"initializing" is not one of running, paused, failed, successful, cancelled, blocked, unblocking, pending',
    },
  ];

  it.each(cases)('$name stays the error it was under 0.12', ({ doc, path, before }) => {
    expect(onlyError(minimalDoc(doc))).toMatchObject({ code: DiagnosticCode.NotInEnum, path, message: before });
  });

  it.each(cases)('$name is accepted under 1.6', ({ doc }) => {
    readOk(doc16(doc));
  });

  it('still names every value 1.6 allows when one is wrong', () => {
    const d = onlyError(doc16({ Allocations: [{ ID: 'a1', TaskGroup: 'web', ClientStatus: 'gone' }] }));
    expect(d.message).toBe('"gone" is not one of pending, running, complete, failed, lost, unknown');
  });
});

describe('MaxClientDisconnect', () => {
  const group = (s: ReturnType<typeof readOk>) => s.Job.TaskGroups[0]!;

  it('is unset when absent or null, and set when present, even 0', () => {
    expect(group(readOk(doc16())).MaxClientDisconnect).toBeNull();
    expect(group(readOk(doc16({ Job: withGroup({ MaxClientDisconnect: null }) }))).MaxClientDisconnect).toBeNull();
    expect(group(readOk(doc16({ Job: withGroup({ MaxClientDisconnect: 0 }) }))).MaxClientDisconnect).toBe(0);
    expect(group(readOk(doc16({ Job: withGroup({ MaxClientDisconnect: '2m' }) }))).MaxClientDisconnect).toBe(120e9);
  });

  it('is a duration, never negative, with its path', () => {
    const path = 'Job.TaskGroups[0].MaxClientDisconnect';
    expect(onlyError(doc16({ Job: withGroup({ MaxClientDisconnect: 'soon' }) }))).toMatchObject({
      code: DiagnosticCode.BadDuration,
      path,
    });
    expect(onlyError(doc16({ Job: withGroup({ MaxClientDisconnect: true }) }))).toMatchObject({
      code: DiagnosticCode.WrongType,
      path,
    });
    expect(onlyError(doc16({ Job: withGroup({ MaxClientDisconnect: '-1s' }) }))).toMatchObject({
      code: DiagnosticCode.OutOfRange,
      path,
    });
  });

  it('is not read under 0.12, where even a bad value is ignored', () => {
    const s = readOk(minimalDoc({ Job: withGroup({ MaxClientDisconnect: 'soon' }) }));
    expect('MaxClientDisconnect' in s.Job.TaskGroups[0]!).toBe(false);
  });
});

describe('the job, nodes and deployment under 1.6', () => {
  it('default the job’s NodePool and Datacenters as 1.6.5 canonicalises them', () => {
    const job = readOk(doc16()).Job;
    expect(job.NodePool).toBe('default');
    expect(job.Datacenters).toEqual(['*']);
    expect(readOk(doc16({ Job: minimalJob({ Datacenters: [] }) })).Job.Datacenters).toEqual(['*']);
    const given = readOk(doc16({ Job: minimalJob({ Datacenters: ['eu-*'], NodePool: 'gpu' }) })).Job;
    expect([given.Datacenters, given.NodePool]).toEqual([['eu-*'], 'gpu']);
    expect(readOk(minimalDoc()).Job.Datacenters).toEqual([]);
    expect(onlyError(doc16({ Job: minimalJob({ NodePool: 3 }) }))).toMatchObject({ path: 'Job.NodePool' });
  });

  it('default a node’s Datacenter to dc1 and NodePool to default, and read its DrainStrategy', () => {
    const nodes = readOk(
      doc16({
        Nodes: [
          { ID: 'n1' },
          { ID: 'n2', Datacenter: 'eu-1', NodePool: 'gpu', DrainStrategy: { Deadline: 0 } },
          { ID: 'n3', Drain: true, DrainStrategy: null },
        ],
      }),
    ).Nodes;
    expect(nodes.map((n) => [n.Datacenter, n.NodePool, n.Drain, n.DrainStrategy])).toEqual([
      ['dc1', 'default', false, undefined],
      ['eu-1', 'gpu', false, { Deadline: 0 }],
      ['dc1', 'default', true, undefined],
    ]);
    expect(readOk(minimalDoc({ Nodes: [{ ID: 'n1', DrainStrategy: {} }] })).Nodes[0]).toMatchObject({ Datacenter: '' });
    expect(readOk(minimalDoc({ Nodes: [{ ID: 'n1', DrainStrategy: {} }] })).Nodes[0]).not.toHaveProperty(
      'DrainStrategy',
    );
    expect(onlyError(doc16({ Nodes: [{ ID: 'n1', DrainStrategy: 'yes' }] }))).toMatchObject({
      code: DiagnosticCode.WrongType,
      path: 'Nodes[0].DrainStrategy',
    });
    expect(onlyError(doc16({ Nodes: [{ ID: 'n1', NodePool: [] }] }))).toMatchObject({ path: 'Nodes[0].NodePool' });
  });

  it('read EvalPriority (default: the job’s Priority) into the scenario and the deployment', () => {
    const plain = readOk(doc16({ Deployment: { ID: 'd1' } }));
    expect([plain.EvalPriority, plain.Deployment?.EvalPriority]).toEqual([50, 50]);
    const given = readOk(doc16({ EvalPriority: 70, Deployment: { ID: 'd1', EvalPriority: 20 } }));
    expect([given.EvalPriority, given.Deployment?.EvalPriority]).toEqual([70, 20]);
    expect(readOk(doc16({ EvalPriority: 70, Deployment: { ID: 'd1' } })).Deployment).toMatchObject({
      EvalPriority: 70,
    });
    expect(onlyError(doc16({ EvalPriority: '70' }))).toMatchObject({
      code: DiagnosticCode.WrongType,
      path: 'EvalPriority',
    });
    expect(onlyError(doc16({ EvalPriority: -1 }))).toMatchObject({
      code: DiagnosticCode.OutOfRange,
      path: 'EvalPriority',
    });
    expect(onlyError(doc16({ Deployment: { ID: 'd1', EvalPriority: 1.5 } }))).toMatchObject({
      path: 'Deployment.EvalPriority',
    });
    expect(readOk(minimalDoc({ EvalPriority: 'ignored' })).EvalPriority).toBeUndefined();
  });
});

describe('allocations under 1.6', () => {
  const alloc = (extra: Doc) => doc16({ Allocations: [{ ID: 'a1', TaskGroup: 'web', ...extra }] });

  it('read Metrics.ScoreMetaData, best first, and no Metrics as no score', () => {
    const [scored, none] = readOk(
      doc16({
        Allocations: [
          {
            ID: 'a1',
            TaskGroup: 'web',
            Metrics: {
              ScoreMetaData: [{ NodeID: 'n1', NormScore: 0.75, Scores: { binpack: 0.5, 'job-anti-affinity': -1 } }],
            },
          },
          { ID: 'a2', TaskGroup: 'web' },
        ],
      }),
    ).Allocations;
    expect(scored!.Metrics!.ScoreMetaData![0]).toEqual({
      NodeID: 'n1',
      NormScore: 0.75,
      Scores: Object.assign(Object.create(null), { binpack: 0.5, 'job-anti-affinity': -1 }),
    });
    expect(none!.Metrics).toBeNull();
  });

  it('say where a score is wrong', () => {
    expect(onlyError(alloc({ Metrics: [] }))).toMatchObject({ path: 'Allocations[0].Metrics' });
    expect(onlyError(alloc({ Metrics: { ScoreMetaData: [3] } }))).toMatchObject({
      path: 'Allocations[0].Metrics.ScoreMetaData[0]',
    });
    expect(onlyError(alloc({ Metrics: { ScoreMetaData: [{ NormScore: 'high' }] } }))).toMatchObject({
      path: 'Allocations[0].Metrics.ScoreMetaData[0].NormScore',
    });
    expect(onlyError(alloc({ Metrics: { ScoreMetaData: [{ Scores: { binpack: '1' } }] } }))).toMatchObject({
      path: 'Allocations[0].Metrics.ScoreMetaData[0].Scores.binpack',
    });
  });

  it('read what the reconnect logic weighs: AllocStates, NextAllocation, DesiredTransition, FollowupEvalID', () => {
    const [a] = readOk(
      alloc({
        ClientStatus: 'unknown',
        AllocStates: [{ Field: 0, Value: 'unknown', Time: '2026-01-01T00:00:00Z' }],
        NextAllocation: 'a2',
        DesiredTransition: { Reschedule: true },
        FollowupEvalID: 'eval-9',
      }),
    ).Allocations;
    expect(a).toMatchObject({
      ClientStatus: 'unknown',
      AllocStates: [{ Field: 'ClientStatus', Value: 'unknown', Time: 1_767_225_600e9 }],
      NextAllocation: 'a2',
      DesiredTransition: { Reschedule: true },
      FollowupEvalID: 'eval-9',
    });
    const paths = readErrors(
      alloc({ AllocStates: [{ Field: 1, Time: 'noon' }], NextAllocation: 2, DesiredTransition: { Migrate: 'y' } }),
    ).map((d) => d.path);
    expect(paths).toEqual([
      'Allocations[0].DesiredTransition.Migrate',
      'Allocations[0].NextAllocation',
      'Allocations[0].AllocStates[0].Field',
      'Allocations[0].AllocStates[0].Time',
    ]);
  });
});

describe('what 1.6’s tasksUpdated compares', () => {
  const job = withGroup({
    Consul: { Namespace: 'team' },
    Volumes: { data: { Type: 'host', Source: 'data' } },
    Services: [{ Name: 'web', PortLabel: 'http', Connect: { SidecarService: {} } }],
    RestartPolicy: { Attempts: 2, RenderTemplates: true },
    Networks: [{ Mode: 'bridge', Hostname: 'web', DNS: { Servers: ['1.1.1.1'] } }],
    Tasks: [
      {
        Name: 'server',
        Driver: 'docker',
        Identity: { Env: true },
        LogConfig: { MaxFiles: 3, Disabled: true },
        RestartPolicy: { RenderTemplates: false },
        VolumeMounts: [{ Volume: 'data', Destination: '/data' }],
        CSIPluginConfig: { ID: 'p', Type: 'node' },
        Resources: { Cores: 2, MemoryMaxMB: 512 },
      },
    ],
  });

  it('is read under 1.6, and only then', () => {
    const g = readOk(doc16({ Job: job })).Job.TaskGroups[0]!;
    const t = g.Tasks[0]!;
    expect([g.Consul, g.Services, g.RestartPolicy, g.Networks[0]!.Hostname, g.Networks[0]!.DNS]).toEqual([
      { Namespace: 'team' },
      [{ Name: 'web', PortLabel: 'http', Connect: { SidecarService: {} } }],
      { RenderTemplates: true },
      'web',
      { Servers: ['1.1.1.1'] },
    ]);
    expect([t.Identity, t.LogConfig, t.RestartPolicy, t.Resources.Cores, t.Resources.MemoryMaxMB]).toEqual([
      { Env: true },
      { Disabled: true },
      { RenderTemplates: false },
      2,
      512,
    ]);
    expect(t.VolumeMounts).toEqual([{ Volume: 'data', Destination: '/data' }]);
    const old = readOk(minimalDoc({ Job: job })).Job.TaskGroups[0]!;
    expect([old.Consul, old.Tasks[0]!.Identity, old.Tasks[0]!.Resources.Cores]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('says where a value is wrong', () => {
    const bad = withGroup({ RestartPolicy: { RenderTemplates: 'yes' }, Consul: { Namespace: 1 } });
    expect(readErrors(doc16({ Job: bad })).map((d) => d.path)).toEqual([
      'Job.TaskGroups[0].Consul.Namespace',
      'Job.TaskGroups[0].RestartPolicy.RenderTemplates',
    ]);
  });

  it('writes back to an equal scenario', () => {
    const s = readOk(doc16({ Job: job }));
    expect(readOk(writeScenario(s))).toEqual(s);
  });
});

describe('writing a 1.6 scenario', () => {
  it('reads back to an equal scenario', () => {
    const s = readOk(
      doc16({
        EvalPriority: 60,
        Job: withGroup({ MaxClientDisconnect: '1m' }),
        Nodes: [{ ID: 'n1', Status: 'disconnected', NodePool: 'gpu' }],
        Allocations: [
          { ID: 'a1', TaskGroup: 'web', NodeID: 'n1', ClientStatus: 'unknown', Metrics: { ScoreMetaData: [] } },
        ],
        Deployment: { ID: 'd1', Status: 'initializing', EvalPriority: 40 },
      }),
    );
    const again = readOk(writeScenario(s));
    expect(again).toEqual(s);
    expect(writeScenario(readOk(minimalDoc()))).not.toHaveProperty('NomadVersion');
  });
});
