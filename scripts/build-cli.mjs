// Bundles the command line (src/cli/bin.ts) into build/cli/ for Node 20:
// one entry, nomad-playground.js, and chunks for what it loads on demand
// (the HCL reader, the simulator), and meta.json, esbuild's account of them. Worker URLs belong to the browser build,
// so imports of `…?worker&url` stay external. `npm ci` runs this (prepare).

import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'build/cli';
rmSync(outdir, { recursive: true, force: true });

const { metafile } = await build({
  entryPoints: ['src/cli/bin.ts'],
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  outdir,
  entryNames: 'nomad-playground',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  external: ['*?worker&url'],
  logLevel: 'warning',
});
// test/cli/e2e.test.ts reads which sources each output file holds.
writeFileSync(`${outdir}/meta.json`, JSON.stringify(metafile));
