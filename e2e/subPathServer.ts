// A static file server for a build, serving it under a path other than the
// site's root (as a project page or a docs site would), and nothing
// elsewhere: a request outside that path is a 404 the test can see. It
// sends the script, worker and connection rules of the page's Content
// Security Policy, so that the service worker, the workers and the lazily
// loaded chunks are seen to work under them.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const POLICY = "script-src 'self'; worker-src 'self'; connect-src 'self'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

/** SubPathServer serves a directory under a path; `misses` are the requests it could not answer. */
export interface SubPathServer {
  url: string;
  misses: string[];
  /** serve switches to another directory (the next build), at the same address. */
  serve(dir: string): void;
  close(): Promise<void>;
}

/** startSubPathServer serves dir under prefix (`/some/sub/path/`) on a free port of 127.0.0.1. */
export async function startSubPathServer(dir: string, prefix: string): Promise<SubPathServer> {
  let root = dir;
  const misses: string[] = [];
  // The handler answers every request itself (a 404 on any failure): its promise is not awaited.
  const server: Server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.startsWith(prefix) ? normalize(path.slice(prefix.length) || 'index.html') : null;
    try {
      if (file === null || file.startsWith('..')) throw new Error('outside');
      const body = await readFile(join(root, file));
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        'content-security-policy': POLICY,
      });
      res.end(body);
    } catch {
      misses.push(path);
      res.writeHead(404).end();
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    misses,
    serve: (next) => void (root = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
