// One name, one definition: an exported name of src/ is declared in one file
// only, so that a reader who finds `specChanged` finds the one there is.
// Re-exports (`export { grouped } from …`) are not definitions.

import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './sources.ts';

// An exported declaration at the start of a line: function, class, const, let, interface or type.
const EXPORTED =
  /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const|let|var|interface|type)\s+([A-Za-z_$][\w$]*)/gm;

// engineVersion is the Nomad version an engine file belongs to: 1.6 in
// src/engine/v1.6/, else 0.12 (what src/engine/ shares is the seed's).
const engineVersion = (path: string) => (path.includes('/engine/v1.6/') ? '1.6' : '0.12');

/**
 * versionTwins says whether a name's files are one upstream name in each
 * Nomad version: all in src/engine/, no two of one version. The two
 * reconcilers keep upstream's names side by side on purpose, so that
 * `reconcile` in v0.12/ and in v1.6/ read as upstream's two files do.
 */
function versionTwins(files: readonly string[]): boolean {
  if (!files.every((f) => f.startsWith('src/engine/'))) return false;
  return new Set(files.map(engineVersion)).size === files.length;
}

/** definedTwice maps each exported name declared in more than one file to those files. */
function definedTwice(sources: ReadonlyMap<string, string>): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [path, text] of sources)
    for (const m of text.matchAll(EXPORTED)) where.set(m[1]!, [...(where.get(m[1]!) ?? []), path]);
  return Object.fromEntries([...where].filter(([, files]) => files.length > 1 && !versionTwins(files)));
}

describe('the exported names of src/', () => {
  const sources = new Map(sourceFiles().map((f) => [f, readSource(f)]));

  it('are each defined once', () => {
    expect(definedTwice(sources)).toEqual({});
  });

  it('lets each Nomad version define an upstream name once, and no more', () => {
    expect(versionTwins(['src/engine/v0.12/reconcile.ts', 'src/engine/v1.6/reconcile.ts'])).toBe(true);
    expect(versionTwins(['src/engine/v0.12/util.ts', 'src/engine/util.ts'])).toBe(false);
    expect(versionTwins(['src/engine/util.ts', 'src/graph/layout.ts'])).toBe(false);
  });

  it('finds a name planted twice', () => {
    const planted = new Map(sources).set('src/ui/probe.ts', 'export async function readJobSpec() {}\n');
    expect(definedTwice(planted).readJobSpec).toEqual(['src/jobspec/index.ts', 'src/ui/probe.ts']);
  });
});
