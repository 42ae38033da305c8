// Bad input never throws at the user: in src/ui, a `throw` is only for a bug
// (a hook used outside its provider, a drawing's own invariant), each listed
// here with why. Anything a user types or drops becomes a message instead.

import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './sources.ts';

// BUGS are the throws of src/ui that no input can reach.
const BUGS = new Set([
  // useStoreApi and useShareStore outside their providers: a wiring mistake.
  'src/ui/storeContext.tsx',
  'src/ui/share/shareContext.tsx',
  // pngOf on a browser without a 2D canvas: the Export button shows the message.
  'src/ui/graph/savePicture.ts',
]);

/** throwing are the files of src/ui with a throw statement, besides those listed as bugs. */
function throwing(sources: ReadonlyMap<string, string>): string[] {
  return [...sources]
    .filter(([path, text]) => path.startsWith('src/ui/') && !BUGS.has(path) && /^\s*(?:[^/\s].*)?\bthrow\b/m.test(text))
    .map(([path]) => path);
}

describe('src/ui', () => {
  const sources = new Map(sourceFiles().map((f) => [f, readSource(f)]));

  it('throws on no input', () => {
    expect(throwing(sources)).toEqual([]);
  });

  it('finds a throw planted in a view', () => {
    const planted = new Map(sources).set('src/ui/probe.ts', "if (bad) throw new Error('no');\n");
    expect(throwing(planted)).toEqual(['src/ui/probe.ts']);
  });
});
