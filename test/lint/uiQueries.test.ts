// Refs, not lookups: a view reaches an element of the page through a ref
// (useItemRefs, the card registry of cardRefs.ts), never by searching the
// whole document by id or selector, which finds whatever else matches and
// breaks when two views draw the same thing. A view may still search inside
// an element it holds (the graph marking cards under its own root).

import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './sources.ts';

const DOCUMENT_LOOKUP =
  /\bdocument\s*\.\s*(?:getElementById|getElementsBy\w+|querySelector(?:All)?)\s*(?:<[^>]*>)?\s*\(/;

/** lookingUp are the files of src/ui that search the whole document for an element. */
function lookingUp(sources: ReadonlyMap<string, string>): string[] {
  return [...sources]
    .filter(([path, text]) => path.startsWith('src/ui/') && DOCUMENT_LOOKUP.test(text))
    .map(([p]) => p);
}

describe('src/ui', () => {
  const sources = new Map(sourceFiles().map((f) => [f, readSource(f)]));

  it('reaches elements through refs, not by searching the document', () => {
    expect(lookingUp(sources)).toEqual([]);
  });

  it('finds a lookup planted in a view', () => {
    const planted = new Map(sources)
      .set('src/ui/probe.ts', "document.getElementById('x')?.focus();\n")
      .set('src/ui/probe2.ts', "document.querySelector<HTMLElement>('[data-x]');\n");
    expect(lookingUp(planted)).toEqual(['src/ui/probe.ts', 'src/ui/probe2.ts']);
  });
});
