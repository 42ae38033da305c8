// Fetching from an agent that is not to be trusted: redirects to another
// origin, credentials and tokens echoed back, escape sequences, answers
// without end, gzip bombs, a million allocations, and agents that never
// answer. Each against real servers on 127.0.0.1 and Node's own fetch; time
// is moved by hand.

import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchBudget, IMPORT_BUDGET } from '../../src/import/budget.ts';
import { type ClusterTarget, type FetchOptions, fetchCluster } from '../../src/import/fetchCluster.ts';
import { fakeClock } from './fakeClock.ts';
import { type Loopback, listen, nomadAgent, nomadRoutes } from './loopback.ts';

const running: Loopback[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
const started = async (server: Promise<Loopback>) => {
  const s = await server;
  running.push(s);
  return s;
};

const TOKEN = 'a1b2c3d4-secret-token';
const target = (addr: string, more: Partial<ClusterTarget> = {}): ClusterTarget => ({
  addr,
  jobID: 'web',
  token: TOKEN,
  ...more,
});
const fetchFrom = (t: ClusterTarget, options: FetchOptions = {}) => fetchCluster(t, globalThis.fetch, options);
const message = async (t: ClusterTarget, options: FetchOptions = {}) => {
  const fetched = await fetchFrom(t, options);
  if (fetched.ok) throw new Error('expected the import to be refused');
  return fetched.message;
};
const budget = (b: Partial<FetchBudget>): FetchOptions => ({ budget: { ...IMPORT_BUDGET, ...b } });

describe('no token leaves its origin', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i redirect to another origin is refused, naming both, and nothing is sent there',
    async (status) => {
      const other = await started(listen((_, __, res) => void res.end('{}')));
      const agent = await started(
        nomadAgent((path, _, res) => {
          if (path !== '/v1/job/web') return false;
          res.writeHead(status, { Location: `${other.addr}/collect` }).end();
          return true;
        }),
      );
      expect(await message(target(agent.addr))).toBe(
        `${agent.addr}/v1/job/web: ${status} ${statusText(status)} to another origin, ${other.addr}: not followed, so that the token and credentials meant for ${agent.addr} are sent nowhere else (set NOMAD_ADDR to the agent that answers)`,
      );
      expect(other.seen).toEqual([]);
    },
  );

  it('a redirect within the origin is followed, with the token', async () => {
    const routes = nomadRoutes();
    const agent = await started(
      listen((path, req, res) => {
        if (!path.startsWith('/moved/')) res.writeHead(307, { Location: `/moved${req.url}` }).end();
        else res.writeHead(200).end(routes[path.slice('/moved'.length)] ?? 'null');
      }),
    );
    const fetched = await fetchFrom(target(agent.addr));
    expect(fetched.ok).toBe(true);
    const moved = agent.seen.filter((s) => s.url.startsWith('/moved/'));
    expect(moved).toHaveLength(agent.seen.length / 2);
    expect(moved.every((s) => s.headers['x-nomad-token'] === TOKEN)).toBe(true);
  });

  it('a redirect loop stops after ten redirects', async () => {
    const agent = await started(
      listen((path, _, res) => {
        res.writeHead(302, { Location: path }).end();
      }),
    );
    expect(await message(target(agent.addr))).toBe(
      `${agent.addr}/v1/job/web: more than 10 redirects in a row, the most the import follows (as the nomad command)`,
    );
    expect(agent.seen).toHaveLength(11);
  });
});

function statusText(status: number): string {
  return {
    301: 'Moved Permanently',
    302: 'Found',
    303: 'See Other',
    307: 'Temporary Redirect',
    308: 'Permanent Redirect',
  }[status]!;
}

describe('credentials and tokens are never printed', () => {
  it('an address with a user name and password sends them as Basic credentials and prints neither', async () => {
    const agent = await started(
      nomadAgent((path, req, res) => {
        if (path !== '/v1/job/web') return false;
        // The agent echoes what it was sent, with escape sequences.
        res
          .writeHead(500, `Oops ${String(req.headers['x-nomad-token'])}`)
          .end(
            `\u001b]0;pwned\u0007\u001b[2J${String(req.headers['x-nomad-token'])} ${String(req.headers.authorization)}\u009b31m`,
          );
        return true;
      }),
    );
    const addr = agent.addr.replace('http://', 'http://admin:hunter%402@');
    const said = await message(target(addr));
    expect(agent.seen[0]!.headers.authorization).toBe(`Basic ${btoa('admin:hunter@2')}`);
    expect(said).toBe(
      `${agent.addr}/v1/job/web: 500 Oops <redacted> (\\x1b]0;pwned\\x07\\x1b[2J<redacted> Basic <redacted>\\x9b31m)`,
    );
  });

  it('an address the agent is not at is printed without its credentials, once', async () => {
    const free = await started(listen(() => undefined));
    const port = free.addr.split(':')[2];
    await free.close();
    running.length = 0;
    expect(await message(target(`http://admin:hunter2@127.0.0.1:${port}`))).toBe(
      `cannot reach the Nomad agent at http://127.0.0.1:${port}: connection refused (is NOMAD_ADDR right, and the agent running?)`,
    );
  });

  it('a quoted error body is its first line, cut at 200 characters', async () => {
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path !== '/v1/job/web') return false;
        res.writeHead(500).end(`${'x'.repeat(10_000)}\nsecond line`);
        return true;
      }),
    );
    expect(await message(target(agent.addr))).toBe(
      `${agent.addr}/v1/job/web: 500 Internal Server Error (${'x'.repeat(200)}…)`,
    );
  });

  it.each([
    ['a line break in the token', { token: `${TOKEN}\r\nX-Injected: 1` }, 'NOMAD_TOKEN holds a space, a line break'],
    ['a space in the token', { token: `${TOKEN} ` }, 'NOMAD_TOKEN holds a space, a line break'],
    ['a line break in the namespace', { namespace: 'default\r\nX-Injected: 1' }, 'NOMAD_NAMESPACE holds a control'],
    ['a line break in the region', { region: 'global\n' }, 'NOMAD_REGION holds a control'],
    ['a line break in the address', { addr: 'http://127.0.0.1:1\n' }, `the agent's address "http://127.0.0.1:1\\n"`],
    ['an address without a scheme', { addr: 'u:p@127.0.0.1:4646' }, `the agent's address "u:p@127.0.0.1:4646" is not`],
    [
      'credentials the URL parser refuses',
      { addr: 'file://user:hunter2@x/etc' },
      `the agent's address "file://x/etc" is not`,
    ],
    ['another scheme', { addr: 'ftp://user:hunter2@x/' }, `the agent's address "ftp://x/" is not an http: or https:`],
  ])('%s is refused before anything is sent', async (_, more, start) => {
    const agent = await started(nomadAgent());
    const said = await message(target(agent.addr, more));
    expect(said.startsWith(start), said).toBe(true);
    expect(said).not.toContain(TOKEN);
    expect(said).not.toMatch(/[\r\n]/);
    expect(agent.seen).toEqual([]);
  });
});

describe('limits, each named', () => {
  it('an answer without end is cut off at the size of one answer', async () => {
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path !== '/v1/job/web') return false;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        // Endless for the client, bounded for the test: 64 MiB at most.
        let sent = 0;
        const more = () => {
          while (sent < 64 * 1024 * 1024 && res.write(' '.repeat(64 * 1024))) sent += 64 * 1024;
        };
        res.on('drain', more);
        more();
        return true;
      }),
    );
    expect(await message(target(agent.addr), budget({ bodyBytes: 1024 * 1024 }))).toMatch(
      new RegExp(
        `^${agent.addr}/v1/job/web: the answer is longer than the 1 MiB \\(1,048,576 bytes, once decompressed\\) the import reads of one answer; it was cut off after 1,[0-9,]+ bytes$`,
      ),
    );
  });

  it('an answer whose Content-Length is over the size of one answer is not read', async () => {
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path !== '/v1/job/web') return false;
        res.writeHead(200, { 'Content-Length': String(3 * 2 ** 30) }).write('[');
        return true;
      }),
    );
    expect(await message(target(agent.addr))).toBe(
      `${agent.addr}/v1/job/web: the answer is 3,221,225,472 bytes long (its Content-Length), 3,154,116,608 more than the 64 MiB the import reads of one answer`,
    );
  });

  it('a gzip bomb is measured decompressed', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, ' '));
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path !== '/v1/job/web') return false;
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(bomb);
        return true;
      }),
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await message(target(agent.addr), budget({ bodyBytes: 1024 * 1024 }))).toMatch(
      /the answer is longer than the 1 MiB \(1,048,576 bytes, once decompressed\) the import reads of one answer/,
    );
  });

  it('all answers together are bounded', async () => {
    const agent = await started(nomadAgent());
    expect(await message(target(agent.addr), budget({ totalBytes: 20_000 }))).toMatch(
      /: the agent's answers come to more than the 0\.019 MiB \(20,000 bytes, once decompressed\) an import reads in all; cut off after [0-9,]+ bytes/,
    );
  });

  it('the JSON values of all answers together are bounded, before each is parsed', async () => {
    const agent = await started(nomadAgent());
    expect(await message(target(agent.addr), budget({ values: 300 }))).toMatch(
      /\/v1\/job\/web\/versions: the answer holds [0-9,]+ values, which bring the import to [0-9,]+, [0-9,]+ more than the 300 an import reads in all$/,
    );
  });

  it('a list of more allocations than the budget is refused before any is fetched', async () => {
    const stubs = JSON.stringify(Array.from({ length: 20_001 }, (_, i) => ({ ID: `a${i}` })));
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path !== '/v1/job/web/allocations') return false;
        res.writeHead(200).end(stubs);
        return true;
      }),
    );
    expect(await message(target(agent.addr))).toBe(
      `${agent.addr}/v1/job/web/allocations: the job has 20,001 allocations, 1 more than the 20,000 an import takes (the simulator's budget)`,
    );
    expect(agent.seen.some((s) => s.url.startsWith('/v1/allocation/'))).toBe(false);
  });

  it('a request without an answer is given up at its time limit', async () => {
    const agent = await started(nomadAgent((path) => path === '/v1/job/web'));
    const clock = fakeClock();
    const said = message(target(agent.addr), { after: clock.after });
    await vi.waitFor(() => expect(agent.seen).toHaveLength(1));
    clock.pass(IMPORT_BUDGET.requestSeconds * 1000);
    expect(await said).toBe(
      `${agent.addr}/v1/job/web: no answer within 10 s, the most the import waits for one request`,
    );
  });

  it('slow allocations are asked for eight at a time, and the import stops at its time limit', async () => {
    const stubs = JSON.stringify(Array.from({ length: 64 }, (_, i) => ({ ID: `a${i}` })));
    const agent = await started(
      nomadAgent((path, _, res) => {
        if (path === '/v1/job/web/allocations') {
          res.writeHead(200).end(stubs);
          return true;
        }
        // Each allocation is slow: it answers when the test's time says so, never here.
        return path.startsWith('/v1/allocation/');
      }),
    );
    const clock = fakeClock();
    const said = message(target(agent.addr), { after: clock.after });
    const asked = () => agent.seen.filter((s) => s.url.startsWith('/v1/allocation/')).length;
    await vi.waitFor(() => expect(asked()).toBe(8));
    clock.pass(IMPORT_BUDGET.totalSeconds * 1000);
    expect(await said).toBe(
      'the import took longer than the 60 s it may take, and was stopped (0 of 64 allocations fetched)',
    );
    expect(asked()).toBe(8);
  });
});
