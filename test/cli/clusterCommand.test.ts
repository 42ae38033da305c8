// The cluster command: a scenario in which a jobspec runs on a cluster made
// for it, which `plan --cluster` then takes as the cluster to submit onto.

import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseClusterArgs } from '../../src/cli/clusterCommand.ts';
import { dispatch } from '../../src/cli/dispatch.ts';
import { memoryIO } from './memoryIO.ts';

vi.setConfig({ testTimeout: 60_000 });

const WEB = readFileSync(new URL('../fixtures/import/web.nomad', import.meta.url), 'utf8');

async function cli(files: Record<string, string>, ...argv: string[]) {
  const io = memoryIO(files);
  const code = await dispatch(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('cluster', () => {
  it('prints a scenario of the job running, which plans to no change, and a changed jobspec onto it', async () => {
    const made = await cli({ 'web.nomad': WEB }, 'cluster', '--now', '2026-03-01T10:00:00Z', 'web.nomad');
    expect(made.code).toBe(0);
    const doc = JSON.parse(made.out);
    expect(doc.JobSpec).toBe(WEB);
    expect(doc.Nodes.map((n: { ID: string }) => n.ID)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(doc.Now > '2026-03-01T10:00:00Z').toBe(true);
    const files = { 'web.nomad': WEB, 'cluster.json': made.out };
    const same = await cli(files, 'plan', 'cluster.json');
    expect(same.out).toContain('Task Group: "frontend" (3 ignore)');
    const changed = await cli(files, 'plan', '--cluster', 'cluster.json', '--var', 'tag=0.2.4', 'web.nomad');
    expect(changed.out).toMatch(/\+\/- image: +"hashicorp\/http-echo:0\.2\.3" => "hashicorp\/http-echo:0\.2\.4"/);
    expect(changed.out).toContain('(1 canary, 3 ignore)');
  });

  it('drains or takes down the node asked for, in the datacenters asked for', async () => {
    const spec = WEB.replace('datacenters = ["dc1"]', 'datacenters = ["dc1", "dc2"]');
    const r = await cli(
      { 'web.nomad': spec },
      'cluster',
      '--nodes=4',
      '--datacenters',
      'dc2,dc1',
      '--drain',
      '2',
      'web.nomad',
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.Nodes.map((n: { Datacenter: string }) => n.Datacenter)).toEqual(['dc2', 'dc1', 'dc2', 'dc1']);
    expect(doc.Nodes[1]).toMatchObject({ Drain: true, SchedulingEligibility: 'ineligible' });
    const down = JSON.parse((await cli({ 'web.nomad': WEB }, 'cluster', '--down', '1', 'web.nomad')).out);
    expect(down.Nodes[0].Status).toBe('down');
  });

  it('exits 2 with the place of a jobspec problem, or with what is wrong with an option', async () => {
    const bad = await cli({ 'bad.nomad': 'job "x" {\n  cont = 1\n}\n' }, 'cluster', 'bad.nomad');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^bad\.nomad:2:3: /);
    const options = await cli({ 'web.nomad': WEB }, 'cluster', '--nodes', '2', '--drain', '3', 'web.nomad');
    expect(options.code).toBe(2);
    expect(options.err).toBe("cluster: the node to drain must be a node's number, from 1 to 2, got 3\n");
    expect(parseClusterArgs(['--nodes', 'two', 'x'])).toEqual({ ok: false, error: '--nodes needs a whole number' });
    expect(parseClusterArgs(['--now', 'soon', 'x']).ok).toBe(false);
    expect((await cli({}, 'cluster', '--help')).out).toContain('Usage: nomad-playground cluster');
  });
});
