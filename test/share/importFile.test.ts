// Imported files: scenarios replace both tabs, a job alone only the Job
// tab, HCL goes to the Job tab as text, and anything else is refused.

import { describe, expect, it } from 'vitest';
import { exportFileName, importFile, MAX_IMPORT_BYTES } from '../../src/share/importFile.ts';
import { joinTabs } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';

const CURRENT = { job: '{ "ID": "mine" }\n', cluster: '{ "Nodes": [] }\n' };

describe('importFile', () => {
  it('loads a scenario into both tabs', () => {
    const text = fixtureText('lost-node');
    const r = importFile('lost-node.json', text.length, text, CURRENT);
    if (!r.ok) throw new Error(r.message);
    // The file's own layout is kept; its content is the scenario's.
    expect(r.texts.job).toContain('"Datacenters": ["dc1"]');
    const joined = joinTabs(r.texts);
    expect(joined.ok && joined.document).toEqual(JSON.parse(text));
  });

  it('loads a job alone, or `nomad job inspect` output, into the Job tab only', () => {
    const job = { ID: 'web', TaskGroups: [{ Name: 'web' }] };
    const bare = importFile('job.json', 10, JSON.stringify(job, null, 2), CURRENT);
    expect(bare.ok && bare.texts).toEqual({ job: JSON.stringify(job, null, 2) + '\n', cluster: CURRENT.cluster });
    const inspect = importFile('inspect.json', 10, JSON.stringify({ Job: job }), CURRENT);
    expect(inspect.ok && inspect.texts).toEqual({ job: JSON.stringify(job, null, 2) + '\n', cluster: CURRENT.cluster });
  });

  it('loads an HCL jobspec into the Job tab as text', () => {
    const hcl = 'job "web" {\n  group "web" { count = 3 }\n}\n';
    for (const name of ['web.hcl', 'web.nomad', 'web.txt']) {
      const r = importFile(name, hcl.length, hcl, CURRENT);
      expect(r.ok && r.texts).toEqual({ job: hcl, cluster: CURRENT.cluster });
    }
  });

  it('refuses what is neither JSON nor HCL, JSON that is not an object, and files too large', () => {
    const bad = importFile('notes.txt', 5, 'hello', CURRENT);
    expect(!bad.ok && bad.message).toMatch(/notes\.txt is not JSON.*Nothing was changed/);
    expect(importFile('a.json', 5, '[1, 2]', CURRENT).ok).toBe(false);
    expect(importFile('a.json', MAX_IMPORT_BYTES + 1, '{}', CURRENT).ok).toBe(false);
  });
});

describe('exportFileName', () => {
  it('refuses a binary file whatever its name, and a text over the reader budget', () => {
    for (const [name, text] of [
      ['photo.hcl', 'job "x" {\u0000\u0001'],
      ['image.nomad', 'job \uFFFD\uFFFD'],
      ['data.json', '{"a": "\u0000"}'],
    ] as const) {
      const r = importFile(name, text.length, text, CURRENT);
      expect(r).toMatchObject({ ok: false, message: expect.stringContaining('is not a text file') });
    }
    const deep = `{"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(importFile('deep.json', deep.length, deep, CURRENT)).toMatchObject({
      ok: false,
      message: expect.stringContaining('nests 10,001 levels deep'),
    });
  });

  it("names the file after the scenario's Name", () => {
    expect(exportFileName('Canary rollout: web v2!')).toBe('canary-rollout-web-v2.json');
    expect(exportFileName('')).toBe('scenario.json');
    expect(exportFileName(undefined)).toBe('scenario.json');
  });
});
