// `nomad-playground compare FILE`: both reconcilers on one scenario, their
// plans and their differences, as text and as JSON, on every example of the
// library and on hand-made scenarios where the versions part.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CompareDocument } from '../../src/cli/compare.ts';
import { dispatch } from '../../src/cli/dispatch.ts';
import { nomad16Fixture } from './helpers.ts';
import { memoryIO } from './memoryIO.ts';

vi.setConfig({ testTimeout: 60_000 });

const EXAMPLES_DIR = join(import.meta.dirname, '../../src/examples');
const example = (f: string) => readFileSync(join(EXAMPLES_DIR, f), 'utf8');
const EXAMPLES = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json'));
// TABLE_EXAMPLES are the examples the docs' table of differences names, one a row.
const TABLE_EXAMPLES = (() => {
  const docs = readFileSync(join(import.meta.dirname, '../../docs/nomad-1.6.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Where the two decide differently'));
  return [...section.matchAll(/^\|.*\| `([a-z0-9-]+)` \|$/gm)].map((m) => m[1]!);
})();
// DISCONNECTED are the examples with a disconnected node, which 0.12 reads as down.
const DISCONNECTED = EXAMPLES.filter((f) => example(f).includes('"Status": "disconnected"'));

// compare runs the command on one file's text, given as `in.json`.
async function compare(text: string, ...flags: string[]) {
  const io = memoryIO({ 'in.json': text });
  const code = await dispatch(['compare', ...flags, 'in.json'], io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('compare on every example', () => {
  it.each(EXAMPLES)('%s: prints both plans and the differences', async (f) => {
    const r = await compare(example(f));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plans = r.stdout.split(/^==> (?:Nomad 0\.12|Nomad 1\.6|Differences) <==$/m);
    expect(plans).toHaveLength(4);
    expect(plans[1]).toContain('Scheduler dry-run:');
    expect(plans[2]).toContain('Scheduler dry-run:');
  });

  it.each(EXAMPLES)('%s: --format json gives both result documents and differences that hold together', async (f) => {
    const r = await compare(example(f), '--format', 'json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as CompareDocument;
    expect(doc.Plans['0.12']).not.toHaveProperty('DisconnectUpdates');
    expect(doc.Plans['1.6'].DisconnectUpdates).toEqual(expect.any(Array));
    expect(doc.Same).toBe(doc.Groups.length === 0 && doc.Allocations.length === 0);
    const ids = new Set((JSON.parse(example(f)) as { Allocations?: { ID: string }[] }).Allocations?.map((a) => a.ID));
    for (const a of doc.Allocations) {
      expect(ids.has(a.AllocID)).toBe(true);
      expect(a.Decisions['0.12']).not.toEqual(a.Decisions['1.6']);
    }
    for (const g of doc.Groups) for (const c of Object.values(g.Counts)) expect(c['0.12']).not.toBe(c['1.6']);
  });
});

describe('compare on an example with a disconnected client', () => {
  it('has some', () => {
    expect(DISCONNECTED.length).toBeGreaterThan(0);
  });

  it.each(DISCONNECTED)('%s: 0.12 reads the node as down and says so above its plan', async (f) => {
    const node = (JSON.parse(example(f)) as { Nodes: { Name: string; Status: string }[] }).Nodes.find(
      (n) => n.Status === 'disconnected',
    )!;
    const r = await compare(example(f));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      new RegExp(
        `^==> Nomad 0\\.12 <==\nNote: Nomad 0\\.12 has no disconnected clients: node ${node.Name} is read as down\\.\n`,
      ),
    );
    const doc = JSON.parse((await compare(example(f), '--format', 'json')).stdout) as CompareDocument;
    expect(doc.ReadAsDown?.Nodes.map((n) => n.Name)).toEqual([node.Name]);
    expect(doc.Same).toBe(false);
  });

  it('a scenario without one has no note', async () => {
    const r = await compare(example('node-down.json'), '--format', 'json');
    expect(JSON.parse(r.stdout)).not.toHaveProperty('ReadAsDown');
    expect((await compare(example('node-down.json'))).stdout).not.toContain('Note:');
  });
});

describe('compare where the versions part', () => {
  it('node-down: 1.6 names the lost allocation in its replacement, 0.12 does not', async () => {
    const doc = JSON.parse((await compare(example('node-down.json'), '--format', 'json')).stdout) as CompareDocument;
    expect(doc.Groups).toEqual([]);
    expect(doc.Allocations.map((a) => a.Name)).toEqual(['web.web[1]', 'web.web[3]']);
    const stop = { Action: 'stop', Description: 'alloc is lost since its node is down', ClientStatus: 'lost' };
    expect(doc.Allocations[0]!.Decisions).toEqual({
      '0.12': { Actions: [stop], Code: 'node-lost' },
      '1.6': {
        Actions: [stop, { Action: 'replaced', Reschedule: false, Canary: false, Lost: true }],
        Code: 'node-lost',
      },
    });
  });

  it('every example where the versions differ is in the docs table of differences, and only those', async () => {
    const differing: string[] = [];
    for (const f of EXAMPLES) {
      const doc = JSON.parse((await compare(example(f), '--format', 'json')).stdout) as CompareDocument;
      if (!doc.Same) differing.push(f.slice(0, -'.json'.length));
    }
    expect(differing.sort()).toEqual([...TABLE_EXAMPLES].sort());
  });

  it('canary-downgrade: only 1.6 replaces the failed allocation at the promoted job version', async () => {
    const r = await compare(example('canary-downgrade.json'));
    const diff = r.stdout.slice(r.stdout.indexOf('==> Differences <=='));
    expect(diff).toBe(
      [
        '==> Differences <==',
        'Allocation 4236cdf9-2e70-4dd2-a7d6-ac51721a3adf (api.api[1]):',
        '  0.12: stop ("alloc was rescheduled because it failed"); replaced (rescheduled) [reschedule-now]',
        '  1.6 : stop ("alloc was rescheduled because it failed"); replaced (rescheduled, at the last promoted job version, at least 0) [reschedule-now]',
        '',
      ].join('\n'),
    );
    const doc = JSON.parse(
      (await compare(example('canary-downgrade.json'), '--format', 'json')).stdout,
    ) as CompareDocument;
    expect(doc.Allocations[0]!.Decisions['1.6'].Actions[1]).toEqual({
      Action: 'replaced',
      Reschedule: true,
      Canary: false,
      DowngradeNonCanary: true,
      MinJobVersion: 0,
    });
  });

  it('reconnect: only 1.6 keeps the original and stops its replacement', async () => {
    const r = await compare(readFileSync(nomad16Fixture('reconnect'), 'utf8'));
    expect(r.code).toBe(0);
    const diff = r.stdout.slice(r.stdout.indexOf('==> Differences <=='));
    expect(diff).toContain('Task Group "web":\n  Stop: 0.12 0, 1.6 1\n');
    expect(diff).toMatch(
      /Allocation alloc-1 \(web\.web\[1\]\):\n {2}0\.12: ignore.*\n {2}1\.6 : reconnects, kept \(client status running\)/,
    );
    expect(diff).toMatch(
      /Allocation alloc-2 \(web\.web\[1\]\):\n {2}0\.12: ignore.*\n {2}1\.6 : stop \("alloc not needed due to disconnected client reconnect"\)/,
    );
  });

  it('names a follow-up by when it runs and why, never by its generated ID', async () => {
    const doc = JSON.parse(
      (await compare(example('reschedule-now-and-later.json'), '--format', 'json')).stdout,
    ) as CompareDocument;
    expect(JSON.stringify({ ...doc, Plans: null })).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });

  it('says there is no difference in words when there is none', async () => {
    const r = await compare(example('first-placement.json'));
    expect(r.stdout).toMatch(/==> Differences <==\nNo differences: Nomad 0\.12 and Nomad 1\.6 decide the same/);
  });
});

describe('compare refuses', () => {
  it('a scenario that one version cannot read, naming the version, exit 2', async () => {
    // An unknown allocation has no 0.12 status to be read as, even beside a disconnected node.
    const r = await compare(readFileSync(nomad16Fixture('expired'), 'utf8'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'in.json (Nomad 0.12): Allocations[1].ClientStatus: "unknown" is not one of pending, running, complete, failed, lost\n',
    );
  });

  it('a bad command line, exit 2, and prints its help when asked', async () => {
    for (const argv of [
      ['compare'],
      ['compare', 'a', 'b'],
      ['compare', '--format', 'plan', 'a'],
      ['compare', '--nomad-version', '1.6', 'a'],
    ]) {
      const io = memoryIO({});
      expect(await dispatch(argv, io)).toBe(2);
      expect(io.err()).toMatch(/^compare: /);
    }
    const io = memoryIO({});
    expect(await dispatch(['compare', '--help'], io)).toBe(0);
    expect(io.out()).toMatch(/^Usage: nomad-playground compare/);
    const missing = memoryIO({});
    expect(await dispatch(['compare', 'nope.json'], missing)).toBe(2);
  });
});
