// The import command: bodies from files and standard input, and from a
// running agent, here a stub HTTP server on 127.0.0.1 that serves the
// bodies of Nomad's API documentation and checks the token.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runImportCommand } from '../../src/cli/importCommand.ts';
import { IMPORT_BUDGET } from '../../src/import/budget.ts';
import type { FetchOptions } from '../../src/import/fetchCluster.ts';
import { fakeClock } from '../import/fakeClock.ts';
import { type Loopback, listen, nomadAgent } from '../import/loopback.ts';
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

  it('measures a body before parsing it, and prints what it holds as one line without control characters', async () => {
    const deep = memoryIO({ ...files, 'deep.json': '['.repeat(200) + ']'.repeat(200) });
    expect(await runImportCommand(['--job', 'job.json', '--nodes', 'deep.json'], deep)).toBe(2);
    expect(deep.err()).toBe('deep.json: the body nests 200 levels deep, 72 more than the 128 the playground reads\n');
    const allocations = JSON.parse(files['allocations.json']!);
    allocations[1].ClientStatus = '\u009b2J\n';
    const io = memoryIO({ ...files, 'a.json': JSON.stringify(allocations) });
    const argv = [
      '--job',
      'job.json',
      '--versions',
      'versions.json',
      '--allocations',
      'a.json',
      '--nodes',
      'nodes.json',
    ];
    expect(await runImportCommand(argv, io)).toBe(2);
    expect(io.err()).toContain('a.json: [1].ClientStatus: "\\x9b2J\\n" is not one of');
    // eslint-disable-next-line no-control-regex -- no control character but the line breaks reaches the terminal
    expect(io.err()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
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

describe('hostile agents: one line on standard error, exit 2, no secret, no escape sequence', () => {
  const TOKEN = 'a1b2c3d4-secret-token';
  const PASSWORD = 'hunter2-password';
  const running: Loopback[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  const only = (answer: (path: string, req: IncomingMessage, res: ServerResponse) => void, on: string) =>
    nomadAgent((path, req, res) => {
      if (path !== on) return false;
      answer(path, req, res);
      return true;
    });
  const allocationStubs = (n: number) =>
    only(
      (_, __, res) => void res.end(JSON.stringify(Array.from({ length: n }, (_, i) => ({ ID: `a${i}` })))),
      '/v1/job/web/allocations',
    );
  const small = { ...IMPORT_BUDGET, bodyBytes: 1024 * 1024 };

  interface Attack {
    agent: () => Promise<Loopback>;
    line: RegExp;
    env?: Record<string, string>;
    addr?: (agent: string) => string;
    options?: FetchOptions;
    // Time passes (a fake clock) once the agent has been asked this many times.
    passAfter?: { requests: number; ms: number };
  }
  const attacks: Record<string, Attack> = {
    'a redirect to another origin': {
      agent: async () => {
        const other = await listen((_, __, res) => void res.end('{}'));
        running.push(other);
        return only((_, __, res) => void res.writeHead(307, { Location: `${other.addr}/steal` }).end(), '/v1/job/web');
      },
      line: /^import: http:\/\/127\.0\.0\.1:\d+\/v1\/job\/web: 307 Temporary Redirect to another origin, http:\/\/127\.0\.0\.1:\d+: not followed/,
    },
    'an error body echoing the token and the credentials, with escape sequences': {
      agent: () =>
        only(
          (_, req, res) =>
            void res
              .writeHead(403, 'Forbidden')
              .end(
                `\u001b]0;${String(req.headers['x-nomad-token'])}\u0007\u001b[2J ${String(req.headers.authorization)}\u009b31m`,
              ),
          '/v1/job/web',
        ),
      addr: (a) => a.replace('http://', `http://admin:${PASSWORD}@`),
      line: /^import: http:\/\/127\.0\.0\.1:\d+\/v1\/job\/web: 403 Forbidden \(\\x1b\]0;<redacted>\\x07\\x1b\[2J Basic <redacted>\\x9b31m\): the token was refused/,
    },
    'an answer without end': {
      agent: () =>
        only((_, __, res) => {
          res.writeHead(200);
          let sent = 0;
          const more = () => {
            while (sent < 64 * 1024 * 1024 && res.write(' '.repeat(65_536))) sent += 65_536;
          };
          res.on('drain', more);
          more();
        }, '/v1/job/web'),
      options: { budget: small },
      line: /: the answer is longer than the 1 MiB \(1,048,576 bytes, once decompressed\) the import reads of one answer/,
    },
    'a gzip bomb': {
      agent: () =>
        only(
          (_, __, res) =>
            void res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(16 * 1024 * 1024, 32))),
          '/v1/nodes',
        ),
      options: { budget: small },
      line: /\/v1\/nodes\?resources=true: the answer is longer than the 1 MiB/,
    },
    'an answer nested 100,000 deep': {
      agent: () => only((_, __, res) => void res.end('['.repeat(100_000)), '/v1/job/web/deployment'),
      line: /\/deployment: the answer nests 100,000 levels deep, 99,872 more than the 128 the playground reads$/,
    },
    'an answer that is not JSON, with escape sequences': {
      agent: () => only((_, __, res) => void res.end('\u001b[31m<html>'), '/v1/job/web'),
      line: /\/v1\/job\/web: the answer is not JSON \(is http:\/\/127\.0\.0\.1:\d+ a Nomad agent\?\)$/,
    },
    'a hundred thousand allocations': {
      agent: () => allocationStubs(100_000),
      line: /\/allocations: the job has 100,000 allocations, 80,000 more than the 20,000 an import takes/,
    },
    'an agent that never answers': {
      agent: () => nomadAgent((path) => path === '/v1/job/web'),
      passAfter: { requests: 1, ms: IMPORT_BUDGET.requestSeconds * 1000 },
      line: /\/v1\/job\/web: no answer within 10 s, the most the import waits for one request$/,
    },
    '64 slow allocations': {
      agent: async () => {
        const stubs = JSON.stringify(Array.from({ length: 64 }, (_, i) => ({ ID: `a${i}` })));
        return nomadAgent((path, _, res) => {
          if (path === '/v1/job/web/allocations') res.end(stubs);
          return path.startsWith('/v1/allocation/') || path === '/v1/job/web/allocations';
        });
      },
      passAfter: { requests: 3 + IMPORT_BUDGET.parallel, ms: IMPORT_BUDGET.totalSeconds * 1000 },
      line: /^import: the import took longer than the 60 s it may take, and was stopped \(0 of 64 allocations fetched\)$/,
    },
    'a line break in the token': {
      agent: () => nomadAgent(),
      env: { NOMAD_TOKEN: `${TOKEN}\r\nX-Injected: 1` },
      line: /^import: NOMAD_TOKEN holds a space, a line break or another character a header cannot carry: it is not sent$/,
    },
    'an address that is no agent': {
      agent: () => nomadAgent(),
      addr: () => `javascript://admin:${PASSWORD}@x/%0aalert(1)`,
      line: /^import: the agent's address "javascript:\/\/x\/%0aalert\(1\)" is not an http: or https: address$/,
    },
  };

  it.each(Object.entries(attacks))('%s', async (_, attack) => {
    const agent = await attack.agent();
    running.push(agent);
    const clock = fakeClock();
    const io = {
      ...memoryIO({}),
      env: { NOMAD_TOKEN: TOKEN, ...attack.env },
      fetchOptions: { after: clock.after, ...attack.options },
    };
    const code = runImportCommand(['--addr', attack.addr?.(agent.addr) ?? agent.addr, '--job-id', 'web'], io);
    if (attack.passAfter) {
      const { requests, ms } = attack.passAfter;
      await vi.waitFor(() => expect(agent.seen.length).toBe(requests));
      clock.pass(ms);
    }
    expect(await code).toBe(2);
    expect(io.out()).toBe('');
    const err = io.err();
    const [line, rest] = err.split('\n');
    expect(rest).toBe('');
    expect(line).toMatch(attack.line);
    // eslint-disable-next-line no-control-regex -- no control character but the final line break reaches the terminal
    expect(err).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    for (const secret of [TOKEN, PASSWORD, btoa(`admin:${PASSWORD}`)]) expect(err).not.toContain(secret);
  });
});
