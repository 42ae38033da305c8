// The import command: bodies from files and standard input, and from a
// running agent, here a stub HTTP server on 127.0.0.1 that serves the
// bodies of Nomad's API documentation and checks the token.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from '../../src/cli/importCommand.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { memoryIO } from './memoryIO.ts';

const fixtureDir = new URL('../fixtures/import/', import.meta.url);
const text = (name: string) => readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8');
const files = Object.fromEntries(
  ['job', 'versions', 'allocations', 'allocations-full', 'nodes', 'deployment'].map((n) => [`${n}.json`, text(n)]),
);
const NOW = '2020-06-10T12:30:00Z';

describe('import from files', () => {
  it('prints a scenario document the reader accepts, with notes on standard error', async () => {
    const io = memoryIO(files);
    const code = await runImportCommand(
      [
        '--now',
        NOW,
        '--job',
        'job.json',
        '--versions',
        'versions.json',
        '--allocations',
        'allocations.json',
        '--nodes',
        'nodes.json',
        '--deployment',
        'deployment.json',
      ],
      io,
    );
    expect(code).toBe(0);
    const doc = JSON.parse(io.out());
    expect([
      doc.Now,
      doc.Job.Version,
      doc.JobVersions.length,
      doc.Allocations.length,
      doc.Nodes.length,
      doc.Deployment.ID.slice(0, 8),
    ]).toEqual([NOW, 2, 1, 3, 1, '9a1b2c3d']);
    expect(readScenario(io.out()).ok).toBe(true);
    expect(io.err()).toContain(
      'import: note: 1 allocation is on nodes not in the nodes given: Nomad treats such a node as garbage-collected, so it is lost.\n',
    );
    expect(io.err()).not.toContain('warning');
  });

  it('reads one body from standard input, and writes the current time without --now', async () => {
    const io = { ...memoryIO(files, files['job.json']), now: () => new Date('2026-03-04T05:06:07Z') };
    expect(await runImportCommand(['--job', '-', '--nodes', 'nodes.json'], io)).toBe(0);
    expect(JSON.parse(io.out()).Now).toBe('2026-03-04T05:06:07Z');
  });

  it('reports a body that is not what it should be as FILE: PATH: message, and exits 2', async () => {
    const io = memoryIO({ ...files, 'bad.json': '[{"Name": "n"}]', 'broken.json': '{' });
    expect(await runImportCommand(['--job', 'job.json', '--nodes', 'bad.json'], io)).toBe(2);
    expect(io.err()).toBe('bad.json: [0].ID: expected the node’s ID, a string\n');
    const broken = memoryIO({ ...files, 'broken.json': '{' });
    expect(await runImportCommand(['--job', 'broken.json'], broken)).toBe(2);
    expect(broken.err()).toMatch(/^broken\.json: invalid JSON: /);
    expect(broken.out()).toBe('');
  });

  it('reports what the scenario reader refuses at its place in the body it came from', async () => {
    const allocations = JSON.parse(files['allocations.json']!);
    allocations[1].ClientStatus = 'sleepy';
    const io = memoryIO({ ...files, 'a.json': JSON.stringify(allocations) });
    expect(await runImportCommand(['--job', 'job.json', '--allocations', 'a.json', '--nodes', 'nodes.json'], io)).toBe(
      2,
    );
    expect(io.err()).toMatch(/^a\.json: \[1\]\.ClientStatus: "sleepy" is not one of/m);
  });

  it('refuses a wrong command line with the usage', async () => {
    for (const argv of [
      [],
      ['--job'],
      ['--bogus', 'x'],
      ['--job', '-', '--nodes', '-'],
      ['--addr', 'http://x'],
      ['--job', 'job.json', '--job-id', 'web'],
      ['--job', 'job.json', '--now', 'yesterday'],
    ]) {
      const io = memoryIO(files);
      expect(await runImportCommand(argv, io), argv.join(' ')).toBe(2);
      expect(io.err()).toContain('Usage: npm run --silent import');
    }
  });
});

describe('import from a running agent', () => {
  let server: Server;
  let addr = '';
  const seen: { url: string; token: string | undefined }[] = [];
  const routes: Record<string, string> = {
    '/v1/job/web': files['job.json']!,
    '/v1/job/web/versions': files['versions.json']!,
    '/v1/job/web/allocations': files['allocations.json']!,
    '/v1/nodes': files['nodes.json']!,
    '/v1/job/web/deployment': files['deployment.json']!,
  };
  for (const a of JSON.parse(files['allocations-full.json']!)) routes[`/v1/allocation/${a.ID}`] = JSON.stringify(a);
  // The third allocation's whole body: its stub with what only GET /v1/allocation/:id carries.
  const third = JSON.parse(files['allocations.json']!)[2];
  routes[`/v1/allocation/${third.ID}`] = JSON.stringify({
    ...third,
    DeploymentID: '',
    DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
  });

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ url: req.url ?? '', token: req.headers['x-nomad-token'] as string | undefined });
      if (req.headers['x-nomad-token'] !== 'secret') {
        res.writeHead(403, 'Forbidden').end('Permission denied');
        return;
      }
      const body = routes[url.pathname];
      if (body === undefined)
        res.writeHead(404, 'Not Found').end(url.pathname.startsWith('/v1/job/') ? 'job not found' : 'alloc not found');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    addr = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches every body, each allocation whole, with the token, namespace and region from the environment', async () => {
    seen.length = 0;
    const io = {
      ...memoryIO({}),
      env: { NOMAD_ADDR: addr, NOMAD_TOKEN: 'secret', NOMAD_NAMESPACE: 'default', NOMAD_REGION: 'global' },
    };
    expect(await runImportCommand(['--now', NOW, '--job-id', 'web'], io)).toBe(0);
    const doc = JSON.parse(io.out()) as {
      Job: { ID: string };
      JobVersions: unknown[];
      Allocations: { DeploymentID: string }[];
      Deployment: { Status: string };
    };
    expect([doc.Job.ID, doc.JobVersions.length, doc.Allocations.length, doc.Deployment.Status]).toEqual([
      'web',
      1,
      3,
      'running',
    ]);
    // Whole allocations carry their deployment: nothing is inferred.
    expect(doc.Allocations.map((a) => a.DeploymentID)).toEqual([
      '8f3b2c1e-4a5d-6e7f-8091-a2b3c4d5e6f7',
      '9a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
      '',
    ]);
    expect(io.err()).not.toContain('list stubs');
    expect(
      seen.every((s) => s.token === 'secret' && s.url.includes('namespace=default') && s.url.includes('region=global')),
    ).toBe(true);
    expect(seen.map((s) => s.url.split('?')[0])).toContain('/v1/allocation/5a9cb1d2-7e36-4f0b-9c8d-1e2f3a4b5c6d');
    expect(seen.find((s) => s.url.startsWith('/v1/nodes'))?.url).toContain('resources=true');
  });

  it('takes --addr over NOMAD_ADDR', async () => {
    const io = { ...memoryIO({}), env: { NOMAD_ADDR: 'http://127.0.0.1:1', NOMAD_TOKEN: 'secret' } };
    expect(await runImportCommand(['--addr', addr, '--job-id', 'web'], io)).toBe(0);
  });

  it('a refused token is one line and exit 2', async () => {
    const io = { ...memoryIO({}), env: { NOMAD_ADDR: addr, NOMAD_TOKEN: 'wrong' } };
    expect(await runImportCommand(['--job-id', 'web'], io)).toBe(2);
    expect(io.err()).toBe(
      `import: ${addr}/v1/job/web: 403 Forbidden (Permission denied): the token was refused; set NOMAD_TOKEN to a token that may read the job and the nodes\n`,
    );
    expect(io.out()).toBe('');
  });

  it('a job the agent does not have is one line and exit 2', async () => {
    const io = { ...memoryIO({}), env: { NOMAD_TOKEN: 'secret' } };
    expect(await runImportCommand(['--addr', addr, '--job-id', 'nope'], io)).toBe(2);
    expect(io.err()).toBe(
      `import: ${addr}/v1/job/nope: 404 Not Found (job not found): no job "nope" in namespace "default"\n`,
    );
  });

  it('an agent that cannot be reached is one line and exit 2, never a stack trace', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const io = { ...memoryIO({}), env: { NOMAD_ADDR: `http://127.0.0.1:${port}` } };
    expect(await runImportCommand(['--job-id', 'web'], io)).toBe(2);
    expect(io.err()).toBe(
      `import: cannot reach the Nomad agent at http://127.0.0.1:${port}: connection refused (is NOMAD_ADDR right, and the agent running?)\n`,
    );
  });
});
