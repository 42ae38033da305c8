import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZERO_TIME } from '../../src/engine/structs.ts';
import { type Scenario, readScenario } from '../../src/scenario/read.ts';
import { writeScenario } from '../../src/scenario/write.ts';
import { minimalDoc, minimalJob, readOk } from './helpers.ts';

// roundTrip writes a scenario and reads it back, with no clock or ID generator so that nothing may come from defaults.
function roundTrip(s: Scenario): Scenario {
  const text = JSON.stringify(writeScenario(s));
  const result = readScenario(text, {
    now: () => {
      throw new Error('Now must be written');
    },
    generateID: () => {
      throw new Error('EvalID must be written');
    },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.scenario;
}

// fixture reads a file next to this test.
function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/api/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

describe('writeScenario', () => {
  it('writes durations in nanoseconds, instants as RFC 3339 and the zero time as Go does', () => {
    const s = readOk(
      minimalDoc({
        Now: '2026-01-01T00:00:00.25Z',
        Allocations: [
          {
            ID: 'a',
            TaskGroup: 'web',
            TaskStates: { server: { State: 'dead' } },
            ModifyTime: 1_767_225_600_000_000_000,
          },
        ],
        Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', KillTimeout: '1m' }] }] }),
      }),
    );
    const doc = writeScenario(s) as {
      Now: string;
      Allocations: Record<string, unknown>[];
      Job: { TaskGroups: { Tasks: { KillTimeout: unknown }[] }[] };
    };
    expect(doc.Now).toBe('2026-01-01T00:00:00.25Z');
    expect(doc.Job.TaskGroups[0]!.Tasks[0]!.KillTimeout).toBe(60_000_000_000);
    expect(doc.Allocations[0]!.ModifyTime).toBe('2026-01-01T00:00:00Z');
    expect(doc.Allocations[0]!.TaskStates).toEqual({
      server: { State: 'dead', Failed: false, FinishedAt: '0001-01-01T00:00:00Z' },
    });
    expect(s.Allocations[0]!.TaskStates!.server!.FinishedAt).toBe(ZERO_TIME);
  });

  it('keeps a nil Events list and an empty one apart, and writes the client status field by name', () => {
    const s = readOk(
      minimalDoc({
        Allocations: [
          {
            ID: 'a',
            TaskGroup: 'web',
            RescheduleTracker: {},
            AllocStates: [{ Field: 0, Value: 'lost', Time: '2026-01-01T00:00:00Z' }],
          },
          { ID: 'b', TaskGroup: 'web', RescheduleTracker: { Events: [] } },
        ],
      }),
    );
    const allocations = writeScenario(s).Allocations as Record<string, unknown>[];
    expect(allocations.map((a) => a.RescheduleTracker)).toEqual([{ Events: null }, { Events: [] }]);
    expect(allocations[0]!.AllocStates).toEqual([
      { Field: 'ClientStatus', Value: 'lost', Time: '2026-01-01T00:00:00Z' },
    ]);
    expect(roundTrip(s).Allocations.map((a) => a.RescheduleTracker)).toEqual([{ Events: null }, { Events: [] }]);
  });

  it('names an allocation job by version when the scenario holds it, and writes other jobs inline', () => {
    const s = readOk(
      minimalDoc({
        Job: minimalJob({ Version: 2 }),
        JobVersions: [minimalJob({ Version: 1 })],
        Allocations: [
          { ID: 'a', TaskGroup: 'web' },
          { ID: 'b', TaskGroup: 'web', JobVersion: 1 },
          { ID: 'c', TaskGroup: 'web', Job: minimalJob({ Version: 0 }) },
        ],
      }),
    );
    const allocations = writeScenario(s).Allocations as Record<string, unknown>[];
    expect(allocations.map((a) => [a.JobVersion, (a.Job as { Version?: number } | undefined)?.Version])).toEqual([
      [undefined, undefined],
      [1, undefined],
      [undefined, 0],
    ]);
  });

  it('round-trips a scenario that uses every field', () => {
    const s = readOk({
      Name: 'Everything',
      Description: 'All of it',
      Now: '2026-01-01T00:10:00.123456789Z',
      EvalID: '',
      Job: {
        ...minimalJob({ Version: 3, JobModifyIndex: 30, ModifyIndex: 31, CreateIndex: 2, Stop: true, Priority: 70 }),
        Type: 'batch',
        Multiregion: { Regions: [{ Name: 'east' }, { Name: 'west' }] },
        Meta: { owner: 'team', ['__proto__']: 'kept' },
        Affinities: [{ LTarget: '${node.class}', RTarget: 'large', Operand: '=', Weight: 50 }],
        Update: { MaxParallel: 2 },
        Reschedule: { Attempts: 4 },
        Migrate: { MaxParallel: 3 },
        TaskGroups: [
          {
            Name: 'web',
            Count: 5,
            Update: { Canary: 1, AutoPromote: true },
            StopAfterClientDisconnect: '90s',
            EphemeralDisk: { Sticky: true, SizeMB: 150 },
            Networks: [
              {
                Mode: 'bridge',
                ReservedPorts: [{ Label: 'db', Value: 5432 }],
                DynamicPorts: [{ Label: 'http', To: -1 }],
              },
            ],
            Spreads: [{ Attribute: '${node.datacenter}', Weight: 100 }],
            Constraints: [{ LTarget: '${attr.kernel.name}', RTarget: 'linux', Operand: '=' }],
            Meta: { tier: 'front' },
            Tasks: [
              {
                Name: 'server',
                Driver: 'docker',
                User: 'nobody',
                Config: { image: 'nginx', ports: ['http'], nested: { a: [1, 2, { b: null }] } },
                Env: { A: '1' },
                Artifacts: [{ GetterSource: 'https://example.com/x.tgz' }],
                Vault: { Policies: ['read'] },
                Templates: [{ EmbeddedTmpl: 'x', DestPath: 'local/x' }],
                Meta: { role: 'main' },
                Affinities: [{ LTarget: '${meta.rack}', RTarget: 'r1', Operand: '=' }],
                KillTimeout: '20s',
                Resources: {
                  CPU: 500,
                  MemoryMB: 512,
                  Devices: [{ Name: 'nvidia/gpu', Count: 2, Constraints: [{ Operand: 'is_set' }] }],
                },
              },
            ],
          },
          { Name: 'empty', Count: 0, Tasks: [] },
        ],
      },
      JobVersions: [minimalJob({ Version: 2, Type: 'batch' }), minimalJob({ Version: 1, Type: 'batch' })],
      Nodes: [
        {
          ID: 'n1',
          Name: 'one',
          Datacenter: 'dc1',
          NodeClass: 'large',
          Status: 'down',
          Drain: true,
          SchedulingEligibility: 'ineligible',
        },
        { ID: 'n2', Status: 'initializing' },
      ],
      Allocations: [
        {
          ID: 'a1',
          Name: 'web.web[4]',
          JobID: 'web',
          TaskGroup: 'web',
          NodeID: 'n1',
          NodeName: 'one',
          JobVersion: 2,
          DesiredStatus: 'stop',
          ClientStatus: 'failed',
          DesiredTransition: { Migrate: true, Reschedule: false, ForceReschedule: null },
          DeploymentID: 'd1',
          DeploymentStatus: { Healthy: false, Canary: true },
          RescheduleTracker: {
            Events: [{ RescheduleTime: 1_767_225_000_000_000_000, PrevAllocID: 'a0', PrevNodeID: 'n2', Delay: '30s' }],
          },
          FollowupEvalID: 'eval-2',
          NextAllocation: 'a2',
          PreviousAllocation: 'a0',
          TaskStates: { server: { State: 'dead', Failed: true, FinishedAt: '2026-01-01T00:05:00.5+01:00' } },
          // eslint-disable-next-line no-loss-of-precision -- an instant past a double's precision, as a document may hold
          AllocStates: [{ Field: 'ClientStatus', Value: 'lost', Time: 1_767_225_300_000_000_001 }],
          ModifyTime: '2026-01-01T00:09:00Z',
          CreateIndex: 99,
        },
        { ID: 'a2', TaskGroup: 'gone', Job: minimalJob({ Version: 0, Name: 'web' }) },
        { ID: 'a3', TaskGroup: 'web', JobVersion: 1 },
      ],
      Deployment: {
        ID: 'd1',
        JobVersion: 2,
        Status: 'paused',
        IsMultiregion: true,
        TaskGroups: {
          web: {
            AutoRevert: true,
            ProgressDeadline: '10m',
            RequireProgressBy: '2026-01-01T00:20:00Z',
            Promoted: true,
            PlacedCanaries: ['a1'],
            DesiredCanaries: 1,
            DesiredTotal: 5,
            PlacedAllocs: 2,
            HealthyAllocs: 1,
            UnhealthyAllocs: 1,
          },
          api: {},
        },
      },
    });
    const back = roundTrip(s);
    expect(back).toEqual(s);
    // Sharing survives: allocations of a version share that version's object.
    expect(back.Allocations[0]!.Job).toBe(back.JobVersions[0]);
    expect(back.Allocations[2]!.Job).toBe(back.JobVersions[1]);
    expect(back.Allocations[1]!.Job).not.toBe(back.Job);
    // And a second trip writes the same text.
    expect(JSON.stringify(writeScenario(back))).toBe(JSON.stringify(writeScenario(s)));
  });

  it('round-trips __proto__ and constructor keys as plain keys', () => {
    const s = readOk(`{
      "Now": 0, "EvalID": "e",
      "Job": { "ID": "web", "Meta": { "__proto__": "x" },
        "TaskGroups": [ { "Name": "web", "Tasks": [ { "Name": "t", "Env": { "constructor": "1" }, "Config": { "__proto__": { "a": 1 } } } ] } ] },
      "Allocations": [ { "ID": "a", "TaskGroup": "web", "TaskStates": { "__proto__": { "State": "dead" } } } ],
      "Deployment": { "ID": "d", "TaskGroups": { "__proto__": { "DesiredTotal": 3 } } }
    }`);
    const back = roundTrip(s);
    expect(back).toEqual(s);
    expect(Object.keys(back.Job.TaskGroups[0]!.Tasks[0]!.Config)).toEqual(['__proto__']);
    expect(Object.keys(back.Allocations[0]!.TaskStates!)).toEqual(['__proto__']);
    expect([...back.Deployment!.TaskGroups.keys()]).toEqual(['__proto__']);
  });

  it('round-trips pasted API output', () => {
    const s = readOk({
      Now: '2020-06-10T12:30:00Z',
      Job: (fixture('job-inspect.json') as { Job: unknown }).Job,
      Nodes: [fixture('node.json')],
      Allocations: [fixture('allocation.json')],
      Deployment: fixture('deployment.json'),
    });
    expect(roundTrip(s)).toEqual(s);
  });

  it('round-trips the shared fixture scenarios', () => {
    const dir = new URL('../fixtures/scenarios/', import.meta.url);
    let read = 0;
    for (const name of readdirSync(dir)) {
      const result = readScenario(readFileSync(new URL(name, dir), 'utf8'), { now: () => 0, generateID: () => 'id' });
      if (!result.ok) continue; // the invalid ones are for the runner
      expect(roundTrip(result.scenario), name).toEqual(result.scenario);
      read++;
    }
    expect(read).toBeGreaterThan(0);
  });
});
