import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/cli/run.ts';
import { errorLines, fixture, fixtureText, runCli } from './helpers.ts';

describe('run', () => {
  it('prints one pretty-printed result document for one file', async () => {
    const r = await runCli([fixture('lost-node')]);
    expect(r.code).toBe(0);
    // Its vanished node is flagged, and nothing else is said.
    expect(r.stderr).toBe(
      `${fixture('lost-node')}: Allocations[2].NodeID: warning: 1 allocation is on a node not in Nodes (this one's: "node-gone"): Nomad treats a node it does not know as garbage-collected, so it is lost\n`,
    );
    const doc = JSON.parse(r.stdout);
    expect(r.stdout).toBe(JSON.stringify(doc, null, 2) + '\n');
  });

  it('prints one compact document per line, in order, for several files', async () => {
    const r = await runCli([fixture('lost-node'), fixture('draining-node'), fixture('rolling-update')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const docs = lines.map((l) => JSON.parse(l));
    expect(docs.map((d) => d.DesiredTGUpdates.web)).toMatchObject([
      { Place: 2, Stop: 2, Ignore: 1 },
      { Migrate: 1, Ignore: 2 },
      { DestructiveUpdate: 2, Ignore: 2 },
    ]);
  });

  it('reads standard input for -, once even when named twice', async () => {
    const r = await runCli(['-', '-'], fixtureText('draining-node'));
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!).DesiredTGUpdates.web.Migrate).toBe(1);
  });

  it('reports an invalid file as FILE: PATH: message, runs the others and exits 2', async () => {
    const bad = fixture('invalid-client-status');
    const r = await runCli([bad, fixture('lost-node')]);
    expect(r.code).toBe(2);
    const errors = errorLines(r.stderr).trimEnd().split('\n');
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line.startsWith(`${bad}: `)).toBe(true);
    expect(errors.some((l) => /^.+: \S*Allocations\S*0\S*ClientStatus\S*: .+/.test(l))).toBe(true);
    // The valid file still printed its line.
    expect(JSON.parse(r.stdout.trim()).DesiredTGUpdates.web.Place).toBe(2);
  });

  it('names standard input <stdin> in diagnostics', async () => {
    const r = await runCli(['-'], fixtureText('invalid-client-status'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^<stdin>: \S+: /);
    expect(r.stdout).toBe('');
  });

  it('reports a file that is not JSON and exits 2', async () => {
    const r = await runCli(['-'], '{"Job": ');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^<stdin>: .+/);
  });

  it('reports an unreadable file and exits 2', async () => {
    const r = await runCli(['/nonexistent/scenario.json', fixture('lost-node')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^\/nonexistent\/scenario\.json: cannot read: .*ENOENT/);
    expect(JSON.parse(r.stdout.trim()).DesiredTGUpdates.web.Stop).toBe(2);
  });

  it('prints usage on --help and exits 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: /);
  });

  it('prints usage on stderr and exits 2 for an unknown flag or no files', async () => {
    for (const argv of [['--verbose', fixture('lost-node')], []]) {
      const r = await runCli(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/Usage: /);
    }
  });

  it('prints the plan with --format plan as `nomad job plan` prints it whole', async () => {
    const r = await runCli(['--format', 'plan', fixture('lost-node')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'Job: "web"\nTask Group: "web" (2 create, 2 destroy, 1 ignore)\n  Task: "server"\n\n' +
        'Scheduler dry-run:\n- All tasks successfully allocated.\n\n' +
        `Job Modify Index: 10\nTo submit the job with version verification run:\n\nnomad job run -check-index 10 ${fixture('lost-node')}\n\n` +
        'When running the job with the check-index flag, the job will only be run if the\n' +
        'job modify index given matches the server-side version. If the index has\n' +
        "changed, another user has modified the job and the plan's results are\n" +
        'potentially invalid.\n',
    );
  });

  it('prefixes each plan with its file name when there are several', async () => {
    const r = await runCli(['--format', 'plan', fixture('lost-node'), fixture('draining-node')]);
    expect(r.stdout).toMatch(
      new RegExp(
        `^==> ${fixture('lost-node')} <==\nJob: "web"\nTask Group: "web" \\(2 create, 2 destroy, 1 ignore\\)\n`,
      ),
    );
    expect(r.stdout).toContain(
      `potentially invalid.\n\n==> ${fixture('draining-node')} <==\nJob: "web"\nTask Group: "web" (2 ignore, 1 migrate)\n`,
    );
  });

  it('explains the reasoning per group with --explain', async () => {
    const r = await runCli(['--explain', fixture('canary-awaiting-promotion')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Task Group "web"/m);
    expect(r.stdout).toMatch(/Canary state: yes/);
    expect(r.stdout).toMatch(/Limit: 0/);
    for (const id of ['alloc-0', 'alloc-1', 'alloc-2', 'alloc-canary']) expect(r.stdout).toContain(id);
  });
});

describe('formatDiagnostic', () => {
  it('names the file and the path', () => {
    expect(formatDiagnostic('s.json', { path: '$.Job.Type', message: 'bad' })).toBe('s.json: $.Job.Type: bad');
  });

  it('uses line:column when there is no path', () => {
    expect(formatDiagnostic('s.json', { path: '', message: 'bad', line: 3, column: 7 })).toBe('s.json: 3:7: bad');
  });
});
