import { describe, expect, it } from 'vitest';
import { DiagnosticCode } from '../../src/scenario/diagnostics.ts';
import { MAX_JSON_DEPTH } from '../../src/scenario/fields.ts';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';
import { FIXED_OPTIONS, minimalDoc, minimalJob, onlyError, readErrors, readOk } from './helpers.ts';

describe('hostile input', () => {
  it('keeps __proto__ and constructor as plain keys of maps', () => {
    const text = `{
      "Now": 0, "EvalID": "e",
      "Job": { "ID": "web", "Meta": { "__proto__": "x", "constructor": "y" },
        "TaskGroups": [ { "Name": "web", "Meta": { "__proto__": "g" },
          "Tasks": [ { "Name": "t", "Env": { "__proto__": "1", "toString": "2" },
                       "Config": { "__proto__": { "polluted": true }, "constructor": { "prototype": { "polluted": true } } } } ] } ] },
      "Allocations": [ { "ID": "a", "TaskGroup": "web", "TaskStates": { "__proto__": { "State": "dead" }, "hasOwnProperty": { "State": "running" } } } ],
      "Deployment": { "ID": "d", "TaskGroups": { "__proto__": { "DesiredTotal": 3 } } }
    }`;
    const s = readOk(text);
    const job = s.Job;
    expect(Object.keys(job.Meta)).toEqual(['__proto__', 'constructor']);
    expect(job.Meta['__proto__']).toBe('x');
    expect(job.TaskGroups[0]!.Meta['__proto__']).toBe('g');
    const task = job.TaskGroups[0]!.Tasks[0]!;
    expect(Object.keys(task.Env)).toEqual(['__proto__', 'toString']);
    expect(Object.keys(task.Config)).toEqual(['__proto__', 'constructor']);
    // A missing key is missing, not something inherited.
    expect(job.Meta['hasOwnProperty']).toBeUndefined();
    expect(task.Env['valueOf']).toBeUndefined();
    const states = s.Allocations[0]!.TaskStates!;
    expect(Object.keys(states)).toEqual(['__proto__', 'hasOwnProperty']);
    expect(states['__proto__']!.State).toBe('dead');
    expect(states['toString']).toBeUndefined();
    expect(s.Deployment!.TaskGroups.get('__proto__')!.DesiredTotal).toBe(3);
    // Nothing leaked into the shared prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it(`rejects free-form JSON nested deeper than ${MAX_JSON_DEPTH} levels, even nested far too deep to walk`, () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 200_000]) {
      const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const text = `{"Job": {"ID": "web", "TaskGroups": [{"Name": "web", "Tasks": [{"Name": "t", "Config": ${nested}}]}]}}`;
      // As a value (text is first held to the reader's budget, below).
      const read = readScenarioValue(JSON.parse(text), FIXED_OPTIONS);
      const [d, ...rest] = read.ok ? [] : read.diagnostics;
      expect(rest).toEqual([]);
      expect(d!.code).toBe(DiagnosticCode.TooDeep);
      expect(d!.path).toMatch(/^Job\.TaskGroups\[0\]\.Tasks\[0\]\.Config(\.a)+$/);
      expect(d!.message).toBe(`nests more than ${MAX_JSON_DEPTH} levels deep`);
    }
    const deep = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    const over = onlyError(
      `{"Job": {"ID": "web", "TaskGroups": [{"Name": "web", "Tasks": [{"Name": "t", "Config": ${deep}}]}]}}`,
    );
    expect(over.code).toBe(DiagnosticCode.OverBudget);
    expect(over.message).toBe('the text nests 200,006 levels deep, 199,878 more than the 128 the playground reads');
    const ok = '{"a":'.repeat(MAX_JSON_DEPTH - 1) + '1' + '}'.repeat(MAX_JSON_DEPTH - 1);
    readOk(`{"Job": {"ID": "web", "TaskGroups": [{"Name": "web", "Tasks": [{"Name": "t", "Config": ${ok}}]}]}}`);
  });

  it('rejects deep nesting in templates, artifacts, vault and affinities too', () => {
    const deep = JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown;
    for (const field of ['Templates', 'Artifacts', 'Vault']) {
      const doc = minimalDoc({
        Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', [field]: [deep] }] }] }),
      });
      expect(onlyError(doc).code).toBe(DiagnosticCode.TooDeep);
    }
    const affinity = { LTarget: deep };
    expect(onlyError(minimalDoc({ Job: minimalJob({ Affinities: [affinity] }) })).code).toBe(DiagnosticCode.TooDeep);
  });

  it('survives a cycle in a value that was not parsed from text', () => {
    const config: Record<string, unknown> = { image: 'x' };
    config.self = config;
    const doc = minimalDoc({
      Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', Config: config }] }] }),
    });
    const result = readScenarioValue(doc, FIXED_OPTIONS);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]!.code).toBe(DiagnosticCode.TooDeep);
  });

  it('rejects values JSON cannot hold when given an object', () => {
    const cases: unknown[] = [undefined, () => 1, Symbol('s'), 10n, NaN, Infinity, new Date(0), new Map()];
    for (const bad of cases) {
      const doc = minimalDoc({
        Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', Config: { bad: [bad] } }] }] }),
      });
      const result = readScenarioValue(doc, FIXED_OPTIONS);
      expect(result.ok, String(bad)).toBe(false);
      if (!result.ok) expect(result.diagnostics[0]!.path).toBe('Job.TaskGroups[0].Tasks[0].Config.bad[0]');
    }
    expect(readScenarioValue(minimalDoc({ Now: NaN })).ok).toBe(false);
    expect(
      readScenarioValue(minimalDoc({ Job: minimalJob({ TaskGroups: [{ Name: 'web', Count: Infinity }] }) })).ok,
    ).toBe(false);
  });

  it('caps counts and indexes and rejects unsafe integers', () => {
    const huge = [1e308, 2 ** 53, 1_000_001, -0.5];
    for (const n of huge) {
      const text = JSON.stringify(minimalDoc({ Job: minimalJob({ TaskGroups: [{ Name: 'web', Count: n }] }) }));
      expect(onlyError(text).code).toBe(DiagnosticCode.OutOfRange);
    }
    expect(onlyError('{"Job": {"ID": "web", "Version": 123456789012345678901234567890}}').path).toBe('Job.Version');
    const name = 'web.web[' + '9'.repeat(400) + ']';
    // allocIndex reads an index beyond safe integers as 0, as Go's Atoi fails on it; that is not an error.
    readOk(minimalDoc({ Allocations: [{ ID: 'a', TaskGroup: 'web', Name: name }] }));
    expect(onlyError(minimalDoc({ Allocations: [{ ID: 'a', TaskGroup: 'web', Name: 'web.web[9999999]' }] })).path).toBe(
      'Allocations[0].Name',
    );
    expect(onlyError('{"Job": {"ID": "web"}, "Now": 1e400}').path).toBe('Now');
  });

  it('reads megabytes of text', () => {
    const description = 'x'.repeat(4_000_000);
    const allocations = Array.from({ length: 20_000 }, (_, i) => ({
      ID: `alloc-${i}`,
      TaskGroup: 'web',
      Name: `web.web[${i}]`,
    }));
    const s = readOk(minimalDoc({ Description: description, Allocations: allocations }));
    expect(s.Description.length).toBe(4_000_000);
    expect(s.Allocations).toHaveLength(20_000);
  });

  it('quotes long bad values briefly', () => {
    const d = onlyError(
      minimalDoc({ Allocations: [{ ID: 'a', TaskGroup: 'web', ClientStatus: 'y'.repeat(1_000_000) }] }),
    );
    expect(d.message.length).toBeLessThan(200);
  });

  it('never throws, whatever value replaces whatever field', () => {
    const base = realisticDoc();
    const replacements: unknown[] = [null, 0, -1, 1.5, 1e300, '', 'x', '1s', true, [], [null], {}, { a: 1 }];
    const paths = leafPaths(base);
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      for (const replacement of replacements) {
        const doc = setAt(structuredClone(base), path, replacement);
        const result = readScenario(JSON.stringify(doc), FIXED_OPTIONS);
        if (!result.ok) {
          for (const d of result.diagnostics) {
            expect(typeof d.path).toBe('string');
            expect(d.message.length).toBeGreaterThan(0);
            expect(d.line).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('reports wrong types in every part of a document at once', () => {
    const diagnostics = readErrors({
      Name: 1,
      Description: [],
      Now: {},
      EvalID: false,
      Job: { ID: 2, TaskGroups: {} },
      JobVersions: 'v1',
      Nodes: 'n',
      Allocations: 'a',
      Deployment: 'd',
    });
    expect(diagnostics.map((d) => d.path).sort()).toEqual(
      [
        'Allocations',
        'Deployment',
        'Description',
        'EvalID',
        'Job.ID',
        'Job.TaskGroups',
        'JobVersions',
        'Name',
        'Nodes',
        'Now',
      ].sort(),
    );
  });
});

// realisticDoc is a small scenario that uses every part of the contract.
function realisticDoc(): Record<string, unknown> {
  return {
    Name: 'n',
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    Job: {
      ID: 'web',
      Version: 1,
      Update: { MaxParallel: 1, Canary: 1 },
      Reschedule: { Attempts: 2 },
      Multiregion: { Regions: [{ Name: 'east' }] },
      Meta: { a: 'b' },
      TaskGroups: [
        {
          Name: 'web',
          Count: 2,
          EphemeralDisk: { SizeMB: 100 },
          Networks: [{ Mode: 'bridge', DynamicPorts: [{ Label: 'http', To: 8080 }] }],
          Tasks: [
            {
              Name: 't',
              Driver: 'docker',
              Config: { image: 'x' },
              Env: { A: 'b' },
              KillTimeout: '10s',
              Resources: { CPU: 200, Devices: [{ Name: 'gpu', Count: 1 }] },
            },
          ],
        },
      ],
    },
    JobVersions: [{ ID: 'web', Version: 0, TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't' }] }] }],
    Nodes: [{ ID: 'n1', Status: 'ready', Drain: false }],
    Allocations: [
      {
        ID: 'a1',
        TaskGroup: 'web',
        JobVersion: 0,
        NodeID: 'n1',
        DesiredTransition: { Migrate: true },
        DeploymentStatus: { Healthy: true, Canary: false },
        RescheduleTracker: { Events: [{ RescheduleTime: 1, PrevAllocID: 'p', Delay: '5s' }] },
        TaskStates: { t: { State: 'dead', Failed: true, FinishedAt: '2026-01-01T00:00:00Z' } },
        AllocStates: [{ Field: 'ClientStatus', Value: 'lost', Time: '2026-01-01T00:00:00Z' }],
        ModifyTime: 5,
      },
    ],
    Deployment: { ID: 'd', Status: 'running', TaskGroups: { web: { PlacedCanaries: ['a1'], DesiredTotal: 2 } } },
  };
}

// leafPaths lists the path of every value in a document, containers included.
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...leafPaths(v, [...prefix, i])));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) paths.push(...leafPaths(v, [...prefix, k]));
  }
  return paths;
}

function setAt(doc: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  let target = doc as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1)!] = value;
  return doc;
}
