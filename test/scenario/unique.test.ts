import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeenStrings } from '../../src/scenario/unique.ts';

describe('SeenStrings', () => {
  it('answers as a Set does, whether sized for the strings or far too small', () => {
    // Few distinct characters, so that repeats and shared hashes' neighbours are common.
    const strings = fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '0', '1', 'é', '\u{1F600}'), maxLength: 4 }), {
      maxLength: 300,
    });
    fc.assert(
      fc.property(strings, fc.constantFrom(0, 1, 16, 1000), (list, expected) => {
        const seen = new SeenStrings(expected);
        const set = new Set<string>();
        for (const s of list) {
          const fresh = !set.has(s);
          set.add(s);
          expect(seen.add(s)).toBe(fresh);
        }
      }),
    );
  });

  it('tells every one of many IDs apart, and knows each again', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `alloc-${String(i).padStart(7, '0')}`);
    const seen = new SeenStrings(ids.length);
    expect(ids.every((id) => seen.add(id))).toBe(true);
    expect(ids.some((id) => seen.add(id))).toBe(false);
    expect(seen.add('')).toBe(true);
    expect(seen.add('')).toBe(false);
  });
});
