// The command as a user runs it: the nomad-playground bin, built as
// `npm ci` builds it (rebuilt first, so that it is this checkout's code), in
// a child process with real files, standard input and exit codes.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateScenarioText } from '../../bench/generate.ts';
import { errorLines, fixture, fixtureText } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}build/cli/nomad-playground.js`;

function bin(args: string[], input?: string) {
  const r = spawnSync(BIN, args, { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function reconcile(args: string[], input?: string) {
  return bin(['reconcile', ...args], input);
}

beforeAll(() => {
  const built = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (built.status !== 0) throw new Error(`npm run build:cli failed: ${built.stderr}`);
}, 120_000);

describe('nomad-playground', { timeout: 120_000 }, () => {
  it('lists its subcommands with --help', () => {
    const r = bin(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['reconcile', 'plan', 'explain', 'simulate', 'share', 'import', 'jobspec']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });

  it('runs the plan, explain and simulate subcommands as reconcile with their option', () => {
    // Generated IDs differ from run to run.
    const ids = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID');
    const plan = bin(['plan', fixture('rolling-update')]).stdout;
    expect(plan).toMatch(/^\+\/- Job: "web"\n\+\/- Task Group: "web" /);
    expect(ids(plan)).toBe(ids(reconcile(['--format', 'plan', fixture('rolling-update')]).stdout));
    expect(ids(bin(['explain', fixture('rolling-update')]).stdout)).toBe(
      ids(reconcile(['--explain', fixture('rolling-update')]).stdout),
    );
    const film = bin(['simulate', fixture('rolling-update')]);
    expect(film.code).toBe(0);
    expect(film.stdout).toMatch(/^==> Evaluation 1 /m);
  });

  it('reads a jobspec with the jobspec subcommand, loading the HCL reader from its own chunk', () => {
    const stored = bin(['jobspec', `${ROOT}test/fixtures/hcl/service.hcl`]);
    expect(stored.stderr).toBe('');
    expect(stored.code).toBe(0);
    expect(JSON.parse(stored.stdout).Job.TaskGroups[0].Update.MaxParallel).toBeGreaterThan(0);
  });

  it('builds a scenario with the import subcommand', () => {
    const r = bin(
      ['import', '--now', '2026-01-01T00:00:00Z', '--job', '-'],
      JSON.stringify({ ID: 'web', Name: 'web', Type: 'service', TaskGroups: [{ Name: 'web', Count: 1 }] }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).Job.ID).toBe('web');
  });

  it('prints a link with share', () => {
    const r = bin(['share', '--base', 'https://example.org/p/', fixture('lost-node')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^https:\/\/example\.org\/p\/#s=[A-Za-z0-9_-]+\n$/);
  });

  it('loads the reconciler, the HCL parser and the simulator only for the commands that need them', () => {
    // esbuild's metafile: every output file, the sources in it, and what it imports.
    interface Output {
      entryPoint?: string;
      inputs: Record<string, unknown>;
      imports: { path: string; kind: string }[];
    }
    const outputs = (
      JSON.parse(readFileSync(`${ROOT}build/cli/meta.json`, 'utf8')) as { outputs: Record<string, Output> }
    ).outputs;
    // staticSources are the sources a file loads before it runs: its own and its static imports', transitively.
    const staticSources = (file: string, seen = new Set<string>()): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const out = outputs[file]!;
      return [
        ...Object.keys(out.inputs),
        ...out.imports
          .filter((i) => i.kind === 'import-statement' && outputs[i.path])
          .flatMap((i) => staticSources(i.path, seen)),
      ];
    };
    const fileOf = (entry: string) => Object.keys(outputs).find((f) => outputs[f]!.entryPoint === entry)!;
    const atStart = staticSources(fileOf('src/cli/bin.ts'));
    expect(atStart).toContain('src/cli/commands.ts');
    // Only the registration of the HCL reader's loader, a few lines.
    expect(atStart.filter((s) => /^src\/(engine|scenario|jobspec|hcl|simulator)\/|node_modules/.test(s))).toEqual([
      'src/jobspec/provide.ts',
    ]);
    const reconciling = staticSources(fileOf('src/cli/run.ts'));
    expect(reconciling).toContain('src/engine/v0.12/reconcile.ts');
    expect(
      reconciling.filter((s) =>
        /^src\/simulator\/|^src\/(jobspec\/read|hcl\/syntax\/parse|hcl\/eval\/eval)\.ts$/.test(s),
      ),
    ).toEqual([]);
    expect(staticSources(fileOf('src/cli/simulation.ts'))).toContain('src/simulator/simulate.ts');
  });

  it('ends quietly, status 0, when the reader of its output stops early (| head)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nomad-playground-cli-'));
    try {
      // Far more output than a pipe holds, so that writing goes on after the reader has gone.
      const file = join(dir, 'large.json');
      writeFileSync(file, generateScenarioText({ allocs: 2_000, nodes: 100 }));
      const child = spawn(BIN, ['reconcile', file, file, file, file, file], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 for an unknown subcommand', () => {
    const r = bin(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^nomad-playground: unknown command "frobnicate"/);
  });
});

describe('reconcile command', { timeout: 120_000 }, () => {
  it('runs through npm run --silent reconcile', () => {
    const r = spawnSync('npm', ['run', '--silent', 'reconcile', '--', fixture('lost-node')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(errorLines(r.stderr)).toBe('');
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
    expect(r.stderr).toMatch(
      new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: \\S*ClientStatus\\S*: .+`, 'm'),
    );
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
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      '+/- Job: "web"',
      '+/- Task Group: "web" (2 create/destroy update, 2 ignore)',
    ]);
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
