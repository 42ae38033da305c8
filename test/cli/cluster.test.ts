// The --cluster form: a jobspec submitted onto a cluster imported from
// Nomad's API bodies (test/fixtures/import), as `nomad job plan JOBSPEC`
// submits one to a live cluster.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../src/cli/dispatch.ts';
import { runImportCommand } from '../../src/cli/importCommand.ts';
import { decodeLink } from '../../src/share/linkCodec.ts';
import { memoryIO } from './memoryIO.ts';

vi.setConfig({ testTimeout: 60_000 });

const fixtureDir = new URL('../fixtures/import/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, fixtureDir), 'utf8');
const files: Record<string, string> = Object.fromEntries(
  ['job.json', 'versions.json', 'allocations.json', 'nodes.json', 'deployment.json', 'web.nomad'].map((n) => [
    n,
    read(n),
  ]),
);

// The imported cluster: job "web" at version 2 (JobModifyIndex 52), image 0.2.3, a canary deployment running.
beforeAll(async () => {
  const io = memoryIO(files);
  const argv = ['--now', '2020-06-10T12:30:00Z'];
  for (const n of ['job', 'versions', 'allocations', 'nodes', 'deployment']) argv.push(`--${n}`, `${n}.json`);
  expect(await runImportCommand(argv, io)).toBe(0);
  files['cluster.json'] = io.out();
});

async function cli(...argv: string[]) {
  const io = memoryIO(files);
  const code = await dispatch(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('plan --cluster', () => {
  it('plans a changed image against the imported cluster as `nomad job plan` does', async () => {
    const r = await cli('plan', '--cluster', 'cluster.json', '--var', 'tag=0.2.4', 'web.nomad');
    expect(r.code).toBe(0);
    expect(r.out).toContain('+/- image:   "hashicorp/http-echo:0.2.3" => "hashicorp/http-echo:0.2.4"');
    expect(r.out).toContain('+/- Task Group: "frontend" (1 canary, 1 create, 2 destroy, 1 ignore)');
    // -check-index names the running job's index: the one the cluster has now.
    expect(r.out).toContain('nomad job run -check-index 52 web.nomad');
  });

  it('compares the submitted job with the running one even when no allocation runs it yet', async () => {
    const job = (image: string, version: number) => ({
      ID: 'api',
      Version: version,
      JobModifyIndex: 10 * version,
      TaskGroups: [{ Name: 'api', Count: 2, Tasks: [{ Name: 't', Driver: 'docker', Config: { image } }] }],
    });
    files['rollout.json'] = JSON.stringify({
      Now: '2026-01-01T00:00:00Z',
      EvalID: 'e',
      Job: job('api:2', 2),
      JobVersions: [job('api:1', 1)],
      Nodes: [{ ID: 'n1', Status: 'ready' }],
      Allocations: [0, 1].map((i) => ({
        ID: `a${i}`,
        Name: `api.api[${i}]`,
        TaskGroup: 'api',
        NodeID: 'n1',
        JobVersion: 1,
      })),
    });
    files['api.json'] = JSON.stringify(job('api:3', 0));
    const r = await cli('plan', '--cluster', 'rollout.json', 'api.json');
    expect(r.out).toMatch(/\+\/- image: +"api:2" => "api:3"/);
    expect(r.out).toContain('-check-index 20 api.json');
  });

  it('takes the variables from --var-file too, --var winning', async () => {
    files['prod.hcl'] = 'tag = "0.2.9"\n';
    const fromFile = await cli('plan', '--cluster', 'cluster.json', '--var-file', 'prod.hcl', 'web.nomad');
    expect(fromFile.out).toContain('=> "hashicorp/http-echo:0.2.9"');
    const both = await cli('plan', '--cluster', 'cluster.json', '--var-file=prod.hcl', '--var=tag=0.3.0', 'web.nomad');
    expect(both.out).toContain('=> "hashicorp/http-echo:0.3.0"');
  });

  it('changes nothing when the running job is submitted again', async () => {
    const own = await cli('reconcile', '--cluster', 'cluster.json', 'job.json');
    const alone = await cli('reconcile', 'cluster.json');
    expect(own.code).toBe(0);
    const updates = (out: string) => (JSON.parse(out) as { DesiredTGUpdates: unknown }).DesiredTGUpdates;
    expect(updates(own.out)).toEqual(updates(alone.out));
  });

  it('reconciles, explains and simulates the submitted job', async () => {
    const reconciled = await cli('reconcile', '--cluster', 'cluster.json', '--var', 'tag=0.2.4', 'web.nomad');
    expect(JSON.parse(reconciled.out).DesiredTGUpdates.frontend).toMatchObject({ Canary: 1, Ignore: 1 });
    const explained = await cli('explain', '--cluster', 'cluster.json', '--var', 'tag=0.2.4', 'web.nomad');
    expect(explained.code).toBe(0);
    expect(explained.out).toContain('frontend');
    const simulated = await cli('simulate', '--format', 'json', '--cluster', 'cluster.json', 'job.json');
    expect(simulated.code).toBe(0);
    expect(JSON.parse(simulated.out).Steps.length).toBeGreaterThan(0);
  });
});

describe('share --cluster', () => {
  it('prints the link of the scenario the submission gives', async () => {
    const r = await cli('share', '--cluster', 'cluster.json', '--var', 'tag=0.2.4', 'web.nomad');
    expect(r.code).toBe(0);
    const back = await decodeLink(r.out.trim().slice(r.out.indexOf('#')));
    if (!back.ok) throw new Error(back.error.message);
    const doc = JSON.parse(back.text);
    expect(doc.JobSpec).toBe(files['web.nomad']);
    expect(doc.JobSpecVariables).toEqual({ tag: '0.2.4' });
    expect(doc.JobVersions.map((v: { Version: number }) => v.Version)).toEqual([1, 2]);
  });
});

describe('--cluster with mistakes', () => {
  it('places a jobspec error in the jobspec and exits 2', async () => {
    files['bad.nomad'] = files['web.nomad']!.replace('count = 3', 'count = "three"');
    const r = await cli('plan', '--cluster', 'cluster.json', 'bad.nomad');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    const line = files['bad.nomad'].split('\n').findIndex((l) => l.includes('"three"')) + 1;
    expect(r.err).toMatch(new RegExp(`^bad\\.nomad:${line}:\\d+: `, 'm'));
  });

  it('places a JSON job error at its path and line, and a cluster error in the cluster', async () => {
    files['bad.json'] = files['job.json']!.replace('"Count": 3', '"Count": -3');
    const job = await cli('reconcile', '--cluster', 'cluster.json', 'bad.json');
    expect(job.code).toBe(2);
    const line = files['bad.json'].split('\n').findIndex((l) => l.includes('"Count": -3')) + 1;
    expect(job.err).toMatch(new RegExp(`^bad\\.json:${line}:\\d+: TaskGroups\\[0\\]\\.Count: `, 'm'));

    files['broken.json'] = files['cluster.json']!.replace('"ClientStatus": "running"', '"ClientStatus": "asleep"');
    const cluster = await cli('reconcile', '--cluster', 'broken.json', 'web.nomad');
    expect(cluster.code).toBe(2);
    expect(cluster.err).toMatch(/^broken\.json: Allocations\[\d\]\.ClientStatus: /m);
  });

  it('refuses --var without --cluster, and a missing jobspec', async () => {
    expect((await cli('plan', '--var', 'tag=1', 'cluster.json')).code).toBe(2);
    const missing = await cli('plan', '--cluster', 'cluster.json', 'nope.nomad');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.nomad: cannot read');
  });

  it('documents --cluster in the help', async () => {
    for (const command of ['plan', 'share']) {
      const r = await cli(command, '--help');
      expect(r.out).toContain('--cluster SCENARIO');
    }
  });
});
