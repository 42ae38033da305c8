// A Vite plugin that writes the service worker (src/sw/serviceWorker.ts)
// into the build as sw.js, beside index.html, with the list of every file
// the build wrote and a cache name made from their contents: each build
// that changes any file gets a new worker, which replaces the last.
//
// Compared with vite-plugin-pwa (Workbox): it precaches the same way but
// brings Workbox's build tooling and runtime (dozens of packages) for what
// is here one list and a cache-first fetch handler of fifty lines.

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** SERVICE_WORKER_FILE is where the build puts the worker, beside index.html. */
export const SERVICE_WORKER_FILE = 'sw.js';

const SOURCE = fileURLToPath(new URL('../src/sw/serviceWorker.ts', import.meta.url));

// Files the page never loads: Vite's manifest (for the bundle report) and source maps.
const NOT_CACHED = /^\.vite\/|\.map$/;

/** precacheList is every file under dir the app may load, as paths relative to dir, in a stable order. */
export function precacheList(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
    );
  return walk(dir)
    .map((f) => relative(dir, f).split(sep).join('/'))
    .filter((f) => f !== SERVICE_WORKER_FILE && !NOT_CACHED.test(f))
    .sort();
}

/** cacheName names a build's cache after the contents of its files. */
export function cacheName(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(dir, f)))
      .update('\0');
  return `nomad-playground-${hash.digest('hex').slice(0, 16)}`;
}

/** writeServiceWorker writes sw.js into a finished build in dir, listing the files there; it returns the cache name. */
export async function writeServiceWorker(dir: string): Promise<string> {
  const files = precacheList(dir);
  const name = cacheName(dir, files);
  const out = await build({
    entryPoints: [SOURCE],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    define: { PRECACHE_FILES: JSON.stringify(files), CACHE_NAME: JSON.stringify(name) },
  });
  writeFileSync(join(dir, SERVICE_WORKER_FILE), out.outputFiles[0]!.text);
  return name;
}

/** serviceWorker writes sw.js once the page's build is on disk. */
export function serviceWorker(): Plugin {
  return {
    name: 'nomad-playground:service-worker',
    apply: 'build',
    // The output's directory is where the page's build was written.
    async writeBundle(output) {
      await writeServiceWorker(output.dir!);
    },
  };
}
