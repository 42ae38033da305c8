// A Vite plugin for lazily loaded CommonJS packages that the page and its
// workers all import. Vite bundles each worker on its own, and Rolldown
// wraps a CommonJS module with helpers it imports from the importing
// bundle's runtime chunk, so the page and each worker got a copy of the
// package's chunk that differed only in that import (three copies of the
// 3.3 MB HCL parser). Converted to plain ES modules first (by esbuild, which
// writes its helpers inline), the package's chunk imports nothing: every
// bundle renders it byte for byte the same, under the same content hash, so
// the build holds one file that the page and the workers share.

import { build } from 'esbuild';
import type { Plugin } from 'vite';

// The converted packages, by entry file: converted once for all the builds of one `vite build`.
const converted = new Map<string, Promise<string>>();

/** selfContainedChunks converts the named packages' entry files to self-contained ES modules, in the page's build and the workers'. */
export function selfContainedChunks(packages: readonly string[]): Plugin {
  const entries = new Set<string>();
  return {
    name: 'nomad-playground:self-contained-chunks',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!packages.includes(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) entries.add(resolved.id);
      return resolved;
    },
    load(id) {
      if (!entries.has(id)) return null;
      let code = converted.get(id);
      if (code === undefined) converted.set(id, (code = toModule(id)));
      return code;
    },
  };
}

// toModule bundles a CommonJS package into one ES module that imports nothing.
async function toModule(id: string): Promise<string> {
  // A browser has no `require`; the package only tests for one. Declared
  // here, it is no longer a free name that the bundler would supply from
  // its runtime chunk.
  const out = await build({
    entryPoints: [id],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    banner: { js: 'var require;' },
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
