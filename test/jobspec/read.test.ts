// Scenarios whose job is an HCL jobspec, through each way in: the async
// reader, the worker's handler (tabs joined, diagnostics placed in the Job
// tab) and the command-line runner.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScenario } from '../../src/scenario/read.ts';
import { readScenarioAsync, readScenarioValueAsync } from '../../src/scenario/readAsync.ts';
import { readJobSpec } from '../../src/jobspec/index.ts';
import { storedJob } from '../../src/jobspec/canonical/index.ts';
import { runScenario } from '../../src/result/run.ts';
import { handleRun, handleRunAsync } from '../../src/worker/handle.ts';
import { isHclText, joinTabs, splitScenario } from '../../src/scenario/tabs.ts';
import { fixture, fixtureText, runCli } from '../cli/helpers.ts';

const SERVICE = readFileSync(new URL('../fixtures/hcl/service.hcl', import.meta.url), 'utf8');
const CLUSTER = {
  Now: '2026-01-01T00:00:00Z',
  EvalID: 'eval-1',
  Nodes: [{ ID: 'n1', Datacenter: 'dc1', Status: 'ready' }],
  Allocations: [],
};
const options = { now: () => 0, generateID: () => 'id' };

describe('readScenarioAsync', () => {
  it('reads a JobSpec into the same job as its API JSON', async () => {
    const spec = await readJobSpec(SERVICE);
    const viaSpec = await readScenarioValueAsync({ ...CLUSTER, JobSpec: SERVICE }, options);
    const viaJson = readScenario(JSON.stringify({ ...CLUSTER, Job: spec.job }), options);
    if (!viaSpec.ok || !viaJson.ok) throw new Error('expected both to read');
    expect(viaSpec.scenario).toEqual(viaJson.scenario);
    // The job-level update reaches both groups, with Nomad's defaults.
    expect(
      viaSpec.scenario.Job.TaskGroups.map((g) => [g.Name, g.Count, g.Update?.Canary, g.Update?.MaxParallel]),
    ).toEqual([
      ['web', 3, 1, 1],
      ['cache', 2, 1, 1],
    ]);
    // What "Show as API JSON" shows is the job as Nomad stores it.
    expect(viaSpec.jobSpecJob).toEqual(storedJob(spec.job));
  });

  it('gives a service job without an update block Nomad’s default strategy, so a deployment', async () => {
    const r = await readScenarioValueAsync(
      { ...CLUSTER, JobSpec: 'job "api" {\n  group "api" {\n    task "t" {\n      driver = "docker"\n    }\n  }\n}\n' },
      options,
    );
    if (!r.ok) throw new Error('expected a scenario');
    expect(r.scenario.Job.TaskGroups[0]!.Update).toMatchObject({
      MaxParallel: 1,
      HealthCheck: 'checks',
      MinHealthyTime: 10e9,
    });
    expect(runScenario(r.scenario).document.Deployment).not.toBeNull();
  });

  it('registers the jobspec as the version after the highest in JobVersions, with a higher JobModifyIndex', async () => {
    const version0 = { ID: 'web', Version: 0, JobModifyIndex: 17, TaskGroups: [] };
    const version3 = { ID: 'web', Version: 3, JobModifyIndex: 40, TaskGroups: [] };
    const r = await readScenarioValueAsync(
      { ...CLUSTER, JobSpec: SERVICE, JobVersions: [version0, version3] },
      options,
    );
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    expect([r.scenario.Job.Version, r.scenario.Job.JobModifyIndex]).toEqual([4, 41]);
    expect(r.jobSpecJob).toMatchObject({ Version: 4, JobModifyIndex: 41 });
  });

  it('places the reader’s diagnostics about the mapped job at the HCL that wrote it', async () => {
    const r = await readScenarioValueAsync(
      { ...CLUSTER, JobSpec: SERVICE.replace('count = 2', 'count = -2') },
      options,
    );
    if (r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics).toMatchObject([{ path: 'Job.TaskGroups[1].Count', line: 40, column: 5 }]);
  });

  it('from JSON text, says where in the JobSpec a problem is', async () => {
    const text = JSON.stringify({ ...CLUSTER, JobSpec: 'job "a" {\n  cont = 1\n}\n' }, null, 2);
    const r = await readScenarioAsync(text, options);
    if (r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics).toMatchObject([
      {
        path: 'JobSpec',
        message: 'JobSpec line 2, column 3: Unsupported argument; An argument named "cont" is not expected here.',
        line: text.split('\n').findIndex((l) => l.includes('"JobSpec"')) + 1,
      },
    ]);
  });

  it('rejects a JobSpec that is not a string, and Job with JobSpec', async () => {
    const r = await readScenarioAsync(JSON.stringify({ ...CLUSTER, JobSpec: 3 }));
    expect(r.ok ? [] : r.diagnostics).toMatchObject([
      { path: 'JobSpec', message: expect.stringContaining('HCL jobspec as a string') },
    ]);
    const both = await readScenarioAsync(JSON.stringify({ ...CLUSTER, JobSpec: SERVICE, Job: { ID: 'x' } }));
    expect(both.ok ? [] : both.diagnostics).toMatchObject([
      { path: 'JobSpec', message: 'give either Job or JobSpec, not both' },
    ]);
  });

  it('the synchronous reader says that a JobSpec needs the async one', () => {
    const r = readScenario(JSON.stringify({ ...CLUSTER, JobSpec: SERVICE }));
    expect(r.ok ? [] : r.diagnostics).toMatchObject([
      { path: 'JobSpec', code: 'unsupported', message: expect.stringContaining('readScenarioAsync') },
    ]);
  });
});

describe('the Job tab in HCL', () => {
  const cluster = JSON.stringify(CLUSTER, null, 2);

  it('tells HCL from JSON by the first character after blanks and comments', () => {
    expect(isHclText('job "a" {}')).toBe(true);
    expect(isHclText('# comment\n// another\n/* and { */ job "a" {}')).toBe(true);
    expect(isHclText('  \n{ "ID": "a" }')).toBe(false);
    expect(isHclText('/* c */ {}')).toBe(false);
    expect(isHclText('[]')).toBe(false);
    expect(isHclText('')).toBe(false);
  });

  it('joins an HCL tab as the scenario’s JobSpec, and splits it back', () => {
    const joined = joinTabs({ job: SERVICE, cluster });
    if (!joined.ok) throw new Error('expected a document');
    expect(joined.document).toEqual({ JobSpec: SERVICE, ...CLUSTER });
    expect(splitScenario(joined.document).job).toBe(SERVICE);
  });

  it('reconciles an HCL tab and returns its API JSON', async () => {
    const r = await handleRunAsync({ type: 'run', seq: 3, texts: { job: SERVICE, cluster } });
    if (r.type !== 'result' || !r.ok) throw new Error(`expected a result: ${JSON.stringify(r)}`);
    expect(r.document.Place.map((p) => p.Name)).toEqual([
      'web.web[0]',
      'web.web[1]',
      'web.web[2]',
      'web.cache[0]',
      'web.cache[1]',
    ]);
    expect(r.jobSpecJob).toMatchObject({ ID: 'web', TaskGroups: [{ Name: 'web' }, { Name: 'cache' }] });
  });

  it('marks HCL problems in the Job tab at their line', async () => {
    const job = SERVICE.replace('    count = 3\n', '    count = 3\n    bogus = true\n');
    const r = await handleRunAsync({ type: 'run', seq: 4, texts: { job, cluster } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    const line = job.split('\n').findIndex((l) => l.includes('bogus')) + 1;
    expect(r.diagnostics).toEqual([
      {
        code: 'hcl-unsupported',
        path: 'JobSpec',
        tab: 'job',
        line,
        column: 5,
        endLine: line,
        endColumn: 10,
        message: 'Unsupported argument; An argument named "bogus" is not expected here.',
      },
    ]);
  });

  it('marks the reader’s problems with the mapped job in the Job tab too, and cluster problems in the Cluster tab', async () => {
    const job = SERVICE.replace('count = 2', 'count = -2');
    const bad = cluster.replace('"ready"', '"sleepy"');
    const r = await handleRunAsync({ type: 'run', seq: 5, texts: { job, cluster: bad } });
    if (r.type !== 'result' || r.ok) throw new Error('expected diagnostics');
    expect(r.diagnostics.map((d) => [d.tab, d.path, d.line])).toEqual([
      ['job', 'Job.TaskGroups[1].Count', 40],
      ['cluster', 'Nodes[0].Status', bad.split('\n').findIndex((l) => l.includes('sleepy')) + 1],
    ]);
  });

  it('leaves JSON tabs to the synchronous handler', async () => {
    const texts = splitScenario({ ...CLUSTER, Job: (await readJobSpec(SERVICE)).job });
    const { millis: _a, ...viaAsync } = (await handleRunAsync({ type: 'run', seq: 6, texts })) as { millis: number };
    const { millis: _b, ...viaSync } = handleRun({ type: 'run', seq: 6, texts }) as unknown as { millis: number };
    expect(
      JSON.parse(JSON.stringify(viaAsync, (k, v) => (k === 'ID' && typeof v === 'string' && v.length === 36 ? '' : v))),
    ).toEqual(
      JSON.parse(JSON.stringify(viaSync, (k, v) => (k === 'ID' && typeof v === 'string' && v.length === 36 ? '' : v))),
    );
  });
});

describe('the command-line runner', () => {
  it('reconciles a scenario with a JobSpec', async () => {
    const r = await runCli(['--format', 'plan', fixture('hcl-jobspec')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Job: "web"\nTask Group: "cache" \(2 create\)\nTask Group: "web" \(3 create\)\n/);
  });

  it('reports a JobSpec problem with its place and exits 2', async () => {
    const doc = JSON.parse(fixtureText('hcl-jobspec'));
    doc.JobSpec = doc.JobSpec.replace('count = 3', 'count = "x"');
    const r = await runCli(['-'], JSON.stringify(doc));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^<stdin>: JobSpec: JobSpec line \d+, column 14: Unsuitable value type; Unsuitable value: a number is required\n$/,
    );
  });
});
