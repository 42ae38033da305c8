import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureJson } from '../../src/scenario/json.ts';

// countValues and depthOf walk a parsed value the way the budget counts it:
// every string, number, literal, array and object is one value; property
// names are not values; an array or object is one level deeper than its parent.
function countValues(v: unknown): number {
  if (Array.isArray(v)) return 1 + v.reduce((n: number, x) => n + countValues(x), 0);
  if (v !== null && typeof v === 'object') return 1 + Object.values(v).reduce((n: number, x) => n + countValues(x), 0);
  return 1;
}

function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v !== null && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

describe('measureJson', () => {
  it('counts the values and depth of any JSON text, however it is spaced', () => {
    // Strings with quotes, backslashes and brackets in them must not be taken for structure.
    const tricky = fc.constantFrom('"', '\\', '\\"', '[', ']', '{', '}', ',', ':', '\\\\', 'a\\\\"b');
    const text = fc.oneof(
      fc.string(),
      tricky,
      fc.array(tricky).map((a) => a.join('')),
    );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(text, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 0, 1, 2, '\t', ' \r\n'), (v, space) => {
        const json = JSON.stringify(v, null, space);
        const m = measureJson(json);
        expect(m).toEqual({ chars: json.length, depth: depthOf(v), values: countValues(v) });
      }),
      { numRuns: 500 },
    );
  });

  it('measures blank text as holding nothing, and an unterminated string up to the end', () => {
    expect(measureJson('')).toEqual({ chars: 0, depth: 0, values: 0 });
    expect(measureJson(' \n\t')).toEqual({ chars: 3, depth: 0, values: 0 });
    expect(measureJson('["a\\"]]]')).toEqual({ chars: 8, depth: 1, values: 2 });
  });
});
