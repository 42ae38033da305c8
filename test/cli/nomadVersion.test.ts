// --nomad-version on the runner's commands and on share: it overrides every
// file's NomadVersion, and anything but 0.12 and 1.6 is a usage error.

import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { dispatch } from '../../src/cli/dispatch.ts';
import { parseShareArgs } from '../../src/cli/share.ts';
import { decodeLink } from '../../src/share/linkCodec.ts';
import { fixture, nomad16Fixture as nomad16, runCli } from './helpers.ts';
import { memoryIO } from './memoryIO.ts';

describe('--nomad-version', () => {
  it('is read in both spellings by the runner and by share', () => {
    const a = parseArgs(['--nomad-version', '1.6', 'x.json']);
    const b = parseArgs(['--nomad-version=0.12', 'x.json']);
    expect(a.ok && a.options.nomadVersion).toBe('1.6');
    expect(b.ok && b.options.nomadVersion).toBe('0.12');
    const none = parseArgs(['x.json']);
    expect(none.ok && none.options.nomadVersion).toBeNull();
    const s = parseShareArgs(['--nomad-version', '1.6', 'x.json']);
    expect(s.ok && s.args?.nomadVersion).toBe('1.6');
  });

  it('refuses any other value, a missing one included', () => {
    expect(parseArgs(['--nomad-version', '1.7', 'x.json'])).toEqual({
      ok: false,
      error: 'unknown Nomad version "1.7": use 0.12 or 1.6',
    });
    expect(parseArgs(['--nomad-version'])).toEqual({ ok: false, error: '--nomad-version needs a value: 0.12 or 1.6' });
    expect(parseShareArgs(['--nomad-version=16', 'x.json']).ok).toBe(false);
  });

  it.each(['reconcile', 'plan', 'explain', 'simulate', 'share'])(
    '%s: a bad version is a usage error, exit 2, before any file is read',
    async (command) => {
      const io = memoryIO({});
      expect(await dispatch([command, '--nomad-version', '2', 'missing.json'], io)).toBe(2);
      expect(io.err()).toMatch(/^\w+: unknown Nomad version "2": use 0\.12 or 1\.6\n/);
      expect(io.err()).not.toContain('missing.json');
    },
  );

  it('overrides the file: a 1.6 scenario run as 0.12 meets 0.12’s values', async () => {
    const r = await runCli(['--nomad-version', '0.12', nomad16('expired')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'expired.json: Allocations[1].ClientStatus: "unknown" is not one of pending, running, complete, failed, lost',
    );
  });

  it('overrides the file the other way: a 0.12 scenario read as 1.6 takes 1.6’s values', async () => {
    const r = await runCli(['--nomad-version', '1.6', '--format', 'plan', fixture('invalid-client-status')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not one of pending, running, complete, failed, lost, unknown');
  });
});

describe('simulate under 1.6', () => {
  it('films the scenario with the 1.6 reconciler: a disconnected node’s allocation turns unknown', async () => {
    const r = await runCli(['--simulate', nomad16('disconnect')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('is unknown: it may reconnect until its max_client_disconnect runs out');
  });

  it('films a 1.6 scenario run as 0.12 with the 0.12 reconciler', async () => {
    const r = await runCli(['--simulate', '--nomad-version', '0.12', fixture('lost-node')]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('is unknown');
  });
});

describe('share --nomad-version', () => {
  it('writes the version into the linked document', async () => {
    const io = memoryIO({ 'a.json': '{\n  "Job": { "ID": "web", "TaskGroups": [] }\n}\n' });
    expect(await dispatch(['share', '--nomad-version', '1.6', 'a.json'], io)).toBe(0);
    const link = io.out().trim();
    const back = await decodeLink(link.slice(link.indexOf('#')));
    expect(back.ok && JSON.parse(back.text)).toEqual({ Job: { ID: 'web', TaskGroups: [] }, NomadVersion: '1.6' });
  });

  it('replaces the version a file has, and checks the document under the version it writes', async () => {
    const io = memoryIO({
      'a.json':
        '{ "NomadVersion": "1.6", "Job": { "ID": "web" }, "Nodes": [ { "ID": "n", "Status": "disconnected" } ] }',
    });
    expect(await dispatch(['share', '--nomad-version', '0.12', 'a.json'], io)).toBe(2);
    expect(io.err()).toContain('a.json: Nodes[0].Status: "disconnected" is not one of initializing, ready, down');
  });
});

describe('reconcile under 1.6', () => {
  it('runs 1.6 for a 0.12 file with --nomad-version 1.6, in JSON, plan and explain', async () => {
    const json = await runCli(['--nomad-version', '1.6', fixture('lost-node')]);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    expect([doc.DisconnectUpdates, doc.ReconnectUpdates]).toEqual([[], []]);
    expect(JSON.parse((await runCli([fixture('lost-node')])).stdout)).not.toHaveProperty('DisconnectUpdates');
    const plan = await runCli(['--nomad-version=1.6', '--format', 'plan', nomad16('disconnect')]);
    expect(plan.stdout).toContain('Allocations marked unknown');
    const several = await runCli(['--nomad-version', '1.6', fixture('lost-node'), nomad16('reconnect')]);
    expect(
      several.stdout
        .trim()
        .split('\n')
        .map((l) => Object.keys(JSON.parse(l) as object).includes('ReconnectUpdates')),
    ).toEqual([true, true]);
  });
});

describe('jobspec --nomad-version', () => {
  const spec =
    'job "web" {\n  group "web" {\n    max_client_disconnect = "5m"\n    task "app" {\n      driver = "docker"\n    }\n  }\n}\n';

  it('reads and stores the job as 1.6 does; 0.12 refuses the setting', async () => {
    const io = memoryIO({ 'web.hcl': spec });
    expect(await dispatch(['jobspec', '--nomad-version', '1.6', 'web.hcl'], io)).toBe(0);
    const job = (JSON.parse(io.out()) as { Job: { NodePool: string; TaskGroups: { MaxClientDisconnect: number }[] } })
      .Job;
    expect([job.NodePool, job.TaskGroups[0]!.MaxClientDisconnect]).toEqual(['default', 300e9]);
    const old = memoryIO({ 'web.hcl': spec });
    expect(await dispatch(['jobspec', 'web.hcl'], old)).toBe(2);
    expect(old.err()).toContain(
      'web.hcl:3:5: Unsupported argument; An argument named "max_client_disconnect" is not expected here.',
    );
    expect(await dispatch(['jobspec', '--nomad-version', '1.5', 'web.hcl'], memoryIO({}))).toBe(2);
  });
});
