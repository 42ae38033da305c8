// HTTP servers on 127.0.0.1 for the importer's tests: a stub Nomad agent
// serving one cluster's bodies (test/fixtures/import) for the job "web",
// whose answers a test can replace one path at a time, and which records
// every request it gets. Two servers on different ports are two origins.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Seen is one request a server got: its path and query, and its headers. */
export interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
}

/** Loopback is a running server: its address, what it was asked, and how to stop it. */
export interface Loopback {
  addr: string;
  seen: Seen[];
  close: () => Promise<void>;
}

/** Handler answers one request; `path` is the URL's path without its query. */
export type Handler = (path: string, req: IncomingMessage, res: ServerResponse) => void;

/** listen starts a server on 127.0.0.1 at a free port. */
export async function listen(handle: Handler): Promise<Loopback> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    handle(new URL(req.url ?? '/', 'http://x').pathname, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    addr: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        // Requests a test left hanging end here.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}.json`, import.meta.url), 'utf8');

/** nomadRoutes are the bodies of the job "web" by path, each allocation whole. */
export function nomadRoutes(): Record<string, string> {
  const routes: Record<string, string> = {
    '/v1/job/web': fixture('job'),
    '/v1/job/web/versions': fixture('versions'),
    '/v1/job/web/allocations': fixture('allocations'),
    '/v1/nodes': fixture('nodes'),
    '/v1/job/web/deployment': fixture('deployment'),
  };
  for (const a of JSON.parse(fixture('allocations-full')) as { ID: string }[])
    routes[`/v1/allocation/${a.ID}`] = JSON.stringify(a);
  const third = (JSON.parse(fixture('allocations')) as { ID: string }[])[2]!;
  routes[`/v1/allocation/${third.ID}`] = JSON.stringify({ ...third, DeploymentID: '', DesiredTransition: {} });
  return routes;
}

/** Answer answers a request itself and returns true, or returns false to leave it to the stub's routes. */
export type Answer = (path: string, req: IncomingMessage, res: ServerResponse) => boolean;

/** nomadAgent serves nomadRoutes, except where `answer` answers a path itself. */
export function nomadAgent(answer: Answer = () => false): Promise<Loopback> {
  const routes = nomadRoutes();
  return listen((path, req, res) => {
    if (answer(path, req, res)) return;
    const body = routes[path];
    if (body === undefined) res.writeHead(404, 'Not Found').end('not found');
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
}
