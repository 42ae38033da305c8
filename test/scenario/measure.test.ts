import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { depthOf as measuredDepth } from '../../src/hcl/budget.ts';
import { measureJson, overBudget, parseWithinBudget } from '../../src/scenario/budget.ts';

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
const spacing = fc.constantFrom(undefined, 0, 1, 2, '\t', ' \r\n');

describe('measureJson', () => {
  it('counts the values and depth of any JSON text, however it is spaced', () => {
    fc.assert(
      fc.property(value, spacing, (v, space) => {
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

describe('parseWithinBudget', () => {
  it('measures the depth of a parsed value as measureJson measures its text', () => {
    fc.assert(
      fc.property(value, spacing, (v, space) => {
        const json = JSON.stringify(v, null, space);
        expect(measuredDepth(JSON.parse(json))).toBe(measureJson(json).depth);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses exactly the texts overBudget refuses, with its sentence, and parses the rest', () => {
    // Small budgets, so that both paths (parsed first, measured first) and
    // every limit are met often; a cut text is usually not JSON at all.
    const budget = fc.record({
      chars: fc.integer({ min: 0, max: 400 }),
      depth: fc.integer({ min: 0, max: 6 }),
      values: fc.integer({ min: 1, max: 60 }),
    });
    fc.assert(
      fc.property(value, spacing, budget, fc.nat(), fc.boolean(), (v, space, b, cut, broken) => {
        const whole = JSON.stringify(v, null, space);
        const t = broken ? whole.slice(0, cut % (whole.length + 1)) : whole;
        const over = overBudget(t, b);
        const got = parseWithinBudget(t, b);
        if (over !== null) {
          expect(got).toEqual({ kind: 'over', over });
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(t);
        } catch {
          expect(got.kind).toBe('syntax');
          return;
        }
        expect(got).toEqual({ kind: 'value', value: parsed });
      }),
      { numRuns: 1000 },
    );
  });

  it('walks a value nested far deeper than any call stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(parseWithinBudget(deep, { chars: 1e6, depth: 128, values: 1e6 })).toEqual({
      kind: 'over',
      over: 'nests 200,000 levels deep, 199,872 more than the 128 the playground reads',
    });
  });

  it('measures what a "__proto__" key holds, which JSON.parse keeps as an own property', () => {
    const text = `{"__proto__": ${'['.repeat(10)}${']'.repeat(10)}}`;
    expect(measuredDepth(JSON.parse(text))).toBe(11);
    expect(parseWithinBudget(text, { chars: 100, depth: 5, values: 100 })).toEqual({
      kind: 'over',
      over: 'nests 11 levels deep, 6 more than the 5 the playground reads',
    });
  });

  it('parses a long text first when its commas and brackets show it holds few values, reading no character one by one', () => {
    // 3 values in over 5,000 characters: far longer than 20 values need, but 2 commas and 1 bracket.
    const long = `[1,${' '.repeat(5_000)}2, "${'x'.repeat(100)}"]`;
    const read = vi.spyOn(String.prototype, 'charCodeAt');
    const got = parseWithinBudget(long, { chars: 10_000, depth: 5, values: 20 });
    const n = read.mock.calls.length;
    read.mockRestore();
    expect(got).toEqual({ kind: 'value', value: [1, 2, 'x'.repeat(100)] });
    expect(n).toBe(0);
  });

  it('never parses a text long enough to hold more values than the budget allows', () => {
    // 21 values in 41 characters: over a budget of 20 values, and measured before any parse.
    const many = `[${Array(20).fill(0).join(',')}]`;
    expect(parseWithinBudget(many, { chars: 100, depth: 5, values: 20 })).toEqual({
      kind: 'over',
      over: 'holds 21 values, 1 more than the 20 the playground reads',
    });
  });
});
