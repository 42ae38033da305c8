// The library itself: every document is listed, every entry has a document,
// and each document has the title and a description the menu promises.

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, findExample } from '../../src/examples/index.ts';
import { EXAMPLES_DIR } from './helpers.ts';

describe('the example library', () => {
  it('lists every document in src/examples/ exactly once', () => {
    const files = readdirSync(EXAMPLES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(EXAMPLES.map((e) => e.id).sort()).toEqual(files);
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
  });

  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    '%s loads, is named as listed and explains itself',
    async (_id, e) => {
      const doc = await e.load();
      expect(doc.Name).toBe(e.title);
      expect(typeof doc.Description).toBe('string');
      expect((doc.Description as string).length).toBeGreaterThan(80);
      expect(e.summary.length).toBeLessThanOrEqual(80);
      expect(findExample(e.id)).toBe(e);
    },
  );
});
