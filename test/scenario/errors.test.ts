import { describe, expect, it } from 'vitest';
import { DiagnosticCode, MAX_DIAGNOSTICS } from '../../src/scenario/diagnostics.ts';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';
import { minimalDoc, minimalJob, onlyError, readErrors, show } from './helpers.ts';

// at reads a one-line-per-field document and returns its only diagnostic.
function errorOf(doc: Record<string, unknown>) {
  return onlyError(doc);
}

describe('JSON syntax errors', () => {
  it('give the line and column of the error', () => {
    const d = onlyError('{\n  "Job": {\n    "ID": "web"\n    "Name": "web"\n  }\n}');
    expect(d).toMatchObject({ code: DiagnosticCode.JsonSyntax, path: '', line: 4, column: 5 });
    expect(d.message).toMatch(/^invalid JSON: expected ','/);
  });

  it('report empty text, trailing commas, comments and truncation', () => {
    expect(readErrors('')[0]).toMatchObject({ code: DiagnosticCode.JsonSyntax, line: 1, column: 1 });
    expect(readErrors('{"Job": {},}')[0]).toMatchObject({ line: 1, column: 12 });
    expect(readErrors('{\n// note\n"Job": {}}')[0]).toMatchObject({ line: 2, column: 1 });
    expect(readErrors('{"Job": {"ID": "we')[0]!.message).toMatch(/unterminated string/);
    expect(readErrors('{"Job": [1, 2}')[0]!.message).toMatch(/expected '\]'|expected ','/);
  });

  it('count lines after \\r\\n', () => {
    expect(readErrors('{\r\n"Job":\r\n}')[0]).toMatchObject({ line: 3, column: 1 });
  });

  it('accept a byte order mark, and count columns after it as editors do', () => {
    const result = readScenario('\uFEFF' + JSON.stringify(minimalDoc()));
    expect(result.ok).toBe(true);
    expect(onlyError('\uFEFF{"Job": {"ID": "web"}, "Now": "x"}')).toMatchObject({ path: 'Now', line: 1, column: 31 });
    expect(onlyError('\uFEFF{"Job": {"ID": "web"}, "Now": }')).toMatchObject({ path: '', line: 1, column: 31 });
  });
});

describe('validation errors', () => {
  it('name the path and the allowed values of an enum, with the position of the value', () => {
    const text = [
      '{',
      '  "Job": { "ID": "web", "TaskGroups": [ { "Name": "web", "Tasks": [ { "Name": "t" } ] } ] },',
      '  "Allocations": [',
      '    { "ID": "a0", "TaskGroup": "web" },',
      '    { "ID": "a1", "TaskGroup": "web", "ClientStatus": "runing" }',
      '  ]',
      '}',
    ].join('\n');
    const d = onlyError(text);
    expect(show(d)).toBe(
      'Allocations[1].ClientStatus: "runing" is not one of pending, running, complete, failed, lost (5:55)',
    );
    expect(d).toMatchObject({ code: DiagnosticCode.NotInEnum, line: 5, column: 55, endLine: 5, endColumn: 63 });
  });

  it('point a missing required field at the key of the object that lacks it', () => {
    const text = '{\n  "Job": {\n    "TaskGroups": []\n  }\n}';
    const d = onlyError(text);
    expect(d).toMatchObject({
      code: DiagnosticCode.Required,
      path: 'Job.ID',
      line: 2,
      column: 3,
      endLine: 2,
      endColumn: 8,
    });
    expect(d.message).toMatch(/^required: give a string \(or a Name/);
  });

  it('point a missing field of an array element at the element', () => {
    const text = '{"Job": {"ID": "web"},\n "Allocations": [\n   {"TaskGroup": "web"}]}';
    const d = onlyError(text);
    expect(d).toMatchObject({
      code: DiagnosticCode.Required,
      path: 'Allocations[0].ID',
      line: 3,
      column: 4,
      endColumn: 5,
    });
  });

  it.each([
    [
      { Job: minimalJob({ Priority: '50' }) },
      'Job.Priority',
      DiagnosticCode.WrongType,
      'expected a non-negative integer, got "50"',
    ],
    [{ Job: minimalJob({ Stop: 'yes' }) }, 'Job.Stop', DiagnosticCode.WrongType, 'expected true or false, got "yes"'],
    [
      { Job: minimalJob({ Datacenters: 'dc1' }) },
      'Job.Datacenters',
      DiagnosticCode.WrongType,
      'expected an array, got "dc1"',
    ],
    [
      { Job: minimalJob({ Datacenters: ['dc1', 2] }) },
      'Job.Datacenters[1]',
      DiagnosticCode.WrongType,
      'expected a string, got 2',
    ],
    [
      { Job: minimalJob({ Meta: { owner: 7 } }) },
      'Job.Meta.owner',
      DiagnosticCode.WrongType,
      'expected a string, got 7',
    ],
    [
      { Job: minimalJob({ Meta: { 'a.b': 7 } }) },
      'Job.Meta["a.b"]',
      DiagnosticCode.WrongType,
      'expected a string, got 7',
    ],
    [
      { Job: minimalJob({ Type: 'cron' }) },
      'Job.Type',
      DiagnosticCode.NotInEnum,
      '"cron" is not one of service, batch',
    ],
    [
      { Job: minimalJob({ Version: -1 }) },
      'Job.Version',
      DiagnosticCode.OutOfRange,
      'expected a non-negative integer, got -1',
    ],
    [
      { Job: minimalJob({ Version: 1.5 }) },
      'Job.Version',
      DiagnosticCode.OutOfRange,
      'expected a non-negative integer, got 1.5',
    ],
    [
      { Job: minimalJob({ CreateIndex: 2 ** 60 }) },
      'Job.CreateIndex',
      DiagnosticCode.OutOfRange,
      `expected a non-negative integer, got ${2 ** 60}`,
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Count: 1_000_001 }] }) },
      'Job.TaskGroups[0].Count',
      DiagnosticCode.OutOfRange,
      '1000001 is more than 1,000,000, the largest the playground models',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Count: 1 }] }) },
      'Job.TaskGroups[0].Name',
      DiagnosticCode.Required,
      'required: give a non-empty string',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Update: { Stagger: '30 seconds' } }] }) },
      'Job.TaskGroups[0].Update.Stagger',
      DiagnosticCode.BadDuration,
      '"30 seconds" is not a duration: give nanoseconds or a Go duration such as "10s", "1m30s" or "1h"',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', ReschedulePolicy: { DelayFunction: 'linear' } }] }) },
      'Job.TaskGroups[0].ReschedulePolicy.DelayFunction',
      DiagnosticCode.NotInEnum,
      '"linear" is not one of constant, exponential, fibonacci, ""',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', KillTimeout: 1.5 }] }] }) },
      'Job.TaskGroups[0].Tasks[0].KillTimeout',
      DiagnosticCode.OutOfRange,
      "expected a duration as whole nanoseconds within Go's int64, got 1.5",
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', Config: [] }] }] }) },
      'Job.TaskGroups[0].Tasks[0].Config',
      DiagnosticCode.WrongType,
      'expected an object, got an array',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', Env: { PORT: 80 } }] }] }) },
      'Job.TaskGroups[0].Tasks[0].Env.PORT',
      DiagnosticCode.WrongType,
      'expected a string, got 80',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't', Resources: { CPU: -5 } }] }] }) },
      'Job.TaskGroups[0].Tasks[0].Resources.CPU',
      DiagnosticCode.OutOfRange,
      'expected a non-negative integer, got -5',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Affinities: [3] }] }) },
      'Job.TaskGroups[0].Affinities[0]',
      DiagnosticCode.WrongType,
      'expected an object, got 3',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web', Tasks: [{ Name: 't' }, { Name: 't' }] }] }) },
      'Job.TaskGroups[0].Tasks[1].Name',
      DiagnosticCode.Duplicate,
      'task "t" is defined twice in the group',
    ],
    [
      { Job: minimalJob({ TaskGroups: [{ Name: 'web' }, { Name: 'web' }] }) },
      'Job.TaskGroups[1].Name',
      DiagnosticCode.Duplicate,
      'task group "web" is defined twice in the job',
    ],
    [
      { Now: '2026-01-01' },
      'Now',
      DiagnosticCode.BadInstant,
      '"2026-01-01" is not a time: give RFC 3339 such as "2026-01-01T00:00:05Z" or Unix nanoseconds',
    ],
    [
      { Now: 1e300 },
      'Now',
      DiagnosticCode.OutOfRange,
      "expected a time as whole Unix nanoseconds within Go's int64, got 1e+300",
    ],
    [{ EvalID: 5 }, 'EvalID', DiagnosticCode.WrongType, 'expected a string, got 5'],
    [{ Nodes: {} }, 'Nodes', DiagnosticCode.WrongType, 'expected an array, got an object'],
    [
      { Nodes: [{ ID: 'n1', Status: 'up' }] },
      'Nodes[0].Status',
      DiagnosticCode.NotInEnum,
      '"up" is not one of initializing, ready, down',
    ],
    [{ Nodes: [{ ID: 'n1', Drain: 1 }] }, 'Nodes[0].Drain', DiagnosticCode.WrongType, 'expected true or false, got 1'],
    [
      { Nodes: [{ ID: 'n1', SchedulingEligibility: 'no' }] },
      'Nodes[0].SchedulingEligibility',
      DiagnosticCode.NotInEnum,
      '"no" is not one of eligible, ineligible',
    ],
    [{ Nodes: [{ Name: 'n1' }] }, 'Nodes[0].ID', DiagnosticCode.Required, 'required: give a non-empty string'],
    [
      { Nodes: [{ ID: 'n1' }, { ID: 'n1' }] },
      'Nodes[1].ID',
      DiagnosticCode.Duplicate,
      'node ID "n1" is used by an earlier node',
    ],
    [{ Nodes: [7] }, 'Nodes[0]', DiagnosticCode.WrongType, 'expected a node object, got 7'],
    [
      {
        Allocations: [
          { ID: 'a', TaskGroup: 'web' },
          { ID: 'a', TaskGroup: 'web' },
        ],
      },
      'Allocations[1].ID',
      DiagnosticCode.Duplicate,
      'allocation ID "a" is used by an earlier allocation',
    ],
    [
      { Allocations: [{ ID: 'a' }] },
      'Allocations[0].TaskGroup',
      DiagnosticCode.Required,
      'required: give a non-empty string',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', DesiredStatus: 'running' }] },
      'Allocations[0].DesiredStatus',
      DiagnosticCode.NotInEnum,
      '"running" is not one of run, stop, evict',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', JobVersion: 4 }] },
      'Allocations[0].JobVersion',
      DiagnosticCode.UnknownReference,
      'no job has version 4: the Job and JobVersions give versions 0',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', Name: 'web.web[1000001]' }] },
      'Allocations[0].Name',
      DiagnosticCode.OutOfRange,
      'the index 1000001 in "web.web[1000001]" is more than 1,000,000, the largest the playground models',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', DeploymentStatus: { Healthy: 'yes' } }] },
      'Allocations[0].DeploymentStatus.Healthy',
      DiagnosticCode.WrongType,
      'expected true, false or null, got "yes"',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', DesiredTransition: { Migrate: 1 } }] },
      'Allocations[0].DesiredTransition.Migrate',
      DiagnosticCode.WrongType,
      'expected true, false or null, got 1',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', TaskStates: { 'my task': { FinishedAt: 'yesterday' } } }] },
      'Allocations[0].TaskStates["my task"].FinishedAt',
      DiagnosticCode.BadInstant,
      '"yesterday" is not a time: give RFC 3339 such as "2026-01-01T00:00:05Z" or Unix nanoseconds',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', TaskStates: { t: { Failed: 'no' } } }] },
      'Allocations[0].TaskStates.t.Failed',
      DiagnosticCode.WrongType,
      'expected true or false, got "no"',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', RescheduleTracker: { Events: [{ Delay: '5 minutes' }] } }] },
      'Allocations[0].RescheduleTracker.Events[0].Delay',
      DiagnosticCode.BadDuration,
      '"5 minutes" is not a duration: give nanoseconds or a Go duration such as "10s", "1m30s" or "1h"',
    ],
    [
      { Allocations: [{ ID: 'a', TaskGroup: 'web', AllocStates: [{ Field: 'ClientStatus', Time: true }] }] },
      'Allocations[0].AllocStates[0].Time',
      DiagnosticCode.WrongType,
      'expected a time (an RFC 3339 string or Unix nanoseconds), got true',
    ],
    [
      { Deployment: { Status: 'running' } },
      'Deployment.ID',
      DiagnosticCode.Required,
      'required: give a non-empty string',
    ],
    [
      { Deployment: { ID: 'd', Status: 'done' } },
      'Deployment.Status',
      DiagnosticCode.NotInEnum,
      '"done" is not one of running, paused, failed, successful, cancelled, blocked, unblocking, pending',
    ],
    [
      { Deployment: { ID: 'd', TaskGroups: { web: { PlacedCanaries: 'a1' } } } },
      'Deployment.TaskGroups.web.PlacedCanaries',
      DiagnosticCode.WrongType,
      'expected an array, got "a1"',
    ],
    [
      { Deployment: { ID: 'd', TaskGroups: { web: { RequireProgressBy: 'soon' } } } },
      'Deployment.TaskGroups.web.RequireProgressBy',
      DiagnosticCode.BadInstant,
      '"soon" is not a time: give RFC 3339 such as "2026-01-01T00:00:05Z" or Unix nanoseconds',
    ],
    [
      { JobVersions: [minimalJob({ Version: 0 })] },
      'JobVersions[0].Version',
      DiagnosticCode.Duplicate,
      'version 0 is the version of Job itself: JobVersions are earlier versions',
    ],
    [
      { Job: minimalJob({ Version: 2 }), JobVersions: [minimalJob({ Version: 1 }), minimalJob({ Version: 1 })] },
      'JobVersions[1].Version',
      DiagnosticCode.Duplicate,
      "version 1 is also JobVersions[0]'s",
    ],
    [
      { Job: minimalJob({ Version: 2 }), JobVersions: [minimalJob({ ID: 'api', Version: 1 })] },
      'JobVersions[0].ID',
      DiagnosticCode.Mismatch,
      '"api" is not the job\'s ID "web": JobVersions are earlier versions of the same job',
    ],
    [
      { Job: minimalJob({ Type: 'system' }) },
      'Job.Type',
      DiagnosticCode.Unsupported,
      '"system" jobs are not supported: the system scheduler is not modelled, only the service and batch reconciler',
    ],
    [
      { Job: minimalJob({ Type: 'sysbatch' }) },
      'Job.Type',
      DiagnosticCode.Unsupported,
      '"sysbatch" jobs are not supported: the system scheduler is not modelled, only the service and batch reconciler',
    ],
    [
      { Job: undefined, JobSpec: 'job "web" {}' },
      'JobSpec',
      DiagnosticCode.Unsupported,
      'HCL jobspecs are read by readScenarioAsync, which loads the HCL parser; this synchronous read takes the job as API JSON in Job (for example the output of `nomad job run -output`)',
    ],
    [{ JobSpec: 'job "web" {}' }, 'JobSpec', DiagnosticCode.WrongType, 'give either Job or JobSpec, not both'],
    [{ Job: undefined }, 'Job', DiagnosticCode.Required, 'required: give the job being scheduled as a JSON object'],
    [{ Job: 'web' }, 'Job', DiagnosticCode.WrongType, 'expected a job object, got "web"'],
    [
      { Job: { Job: minimalJob({ Type: 'system' }) } },
      'Job.Job.Type',
      DiagnosticCode.Unsupported,
      '"system" jobs are not supported: the system scheduler is not modelled, only the service and batch reconciler',
    ],
  ])('%#: %s', (extra, path, code, message) => {
    const d = errorOf(minimalDoc(extra));
    expect({ path: d.path, code: d.code, message: d.message }).toEqual({ path, code, message });
    expect(d.line, 'a position in the text').toBeGreaterThan(0);
  });

  it('reject a document that is not an object', () => {
    for (const text of ['[]', '"scenario"', '42', 'null', 'true']) {
      const d = onlyError(text);
      expect(d).toMatchObject({ code: DiagnosticCode.WrongType, path: '', line: 1, column: 1 });
      expect(d.message).toMatch(/^expected the scenario to be a JSON object, got /);
    }
  });

  it('are collected in one pass, in document order within each part', () => {
    const diagnostics = readErrors(
      minimalDoc({
        Nodes: [{ ID: 'n', Status: 'gone' }],
        Allocations: [
          { ID: 'a', TaskGroup: 'web', ClientStatus: 'ok' },
          { ID: 'b', TaskGroup: 'web', DesiredStatus: 'go' },
        ],
      }),
    );
    expect(diagnostics.map((d) => d.path)).toEqual([
      'Nodes[0].Status',
      'Allocations[0].ClientStatus',
      'Allocations[1].DesiredStatus',
    ]);
  });

  it(`stop after ${MAX_DIAGNOSTICS} and say so`, () => {
    const allocations = Array.from({ length: 500 }, (_, i) => ({ ID: `a${i}`, TaskGroup: 'web', ClientStatus: 'bad' }));
    const diagnostics = readErrors(minimalDoc({ Allocations: allocations }));
    expect(diagnostics).toHaveLength(MAX_DIAGNOSTICS + 1);
    expect(diagnostics.at(-1)).toMatchObject({ code: DiagnosticCode.TooManyErrors, path: '' });
  });

  it('have no positions when the input was already parsed', () => {
    const result = readScenarioValue(minimalDoc({ Now: 'later' }));
    expect(result).toEqual({
      ok: false,
      diagnostics: [
        {
          code: DiagnosticCode.BadInstant,
          path: 'Now',
          message: '"later" is not a time: give RFC 3339 such as "2026-01-01T00:00:05Z" or Unix nanoseconds',
        },
      ],
    });
  });
});
