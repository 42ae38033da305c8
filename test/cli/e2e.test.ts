// The runner as a user runs it: a child process through tsx, with real
// files, standard input and exit codes.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture, fixtureText } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

function reconcile(args: string[], input?: string) {
  const r = spawnSync(TSX, ['src/cli/main.ts', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('reconcile command', { timeout: 120_000 }, () => {
  it('runs through npm run --silent reconcile', () => {
    const r = spawnSync('npm', ['run', '--silent', 'reconcile', '--', fixture('lost-node')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(r.stdout).toBe(JSON.stringify(doc, null, 2) + '\n');
    expect(doc.DesiredTGUpdates.web).toMatchObject({ Place: 2, Stop: 2, Ignore: 1 });
  });

  it('exits 2 with FILE: PATH: message for an invalid file', () => {
    const bad = fixture('invalid-client-status');
    const r = reconcile([bad]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: \\S*ClientStatus\\S*: .+`, 'm'));
  });

  it('prints one compact line per file for several files', () => {
    const r = reconcile([fixture('first-placement'), fixture('failed-rescheduled')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!).Place).toHaveLength(3);
    expect(JSON.parse(lines[1]!).DesiredFollowupEvals.web[0].WaitUntil).toBe('2026-01-01T00:10:50Z');
  });

  it('reads standard input for -', () => {
    const r = reconcile(['-'], fixtureText('draining-node'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).Place).toEqual([
      { Name: 'web.web[1]', TaskGroup: 'web', Canary: false, PreviousAllocID: 'alloc-1', Reschedule: false },
    ]);
  });

  it('prints the plan with --format plan', () => {
    const r = reconcile(['--format', 'plan', fixture('rolling-update')]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Task Group: "web" (2 create/destroy update, 2 ignore)');
  });

  it('explains with --explain', () => {
    const r = reconcile(['--explain', fixture('rolling-update')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Task Group "web"/m);
    expect(r.stdout).toMatch(/^ {2}Limit: 2/m);
  });

  it('exits 2 with usage for an unknown flag', () => {
    const r = reconcile(['--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: /);
  });
});
