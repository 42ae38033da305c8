// Go's int64 arithmetic on doubles: every helper against BigInt's exact
// two's-complement result, on values near the limits and anywhere between.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Int64, addInt64, mulInt64, subInt64, unixNano } from '../../src/engine/int64.ts';

const MAX = (1n << 63n) - 1n;
const MIN = -(1n << 63n);

// exact is the bigint an Int64 stands for (the double 2^63 is int64's maximum).
function exact(x: Int64): bigint {
  if (typeof x === 'bigint') return x;
  return x === 2 ** 63 ? MAX : BigInt(x);
}

// wrap is Go's int64 result for an exact sum or product.
const wrap = (b: bigint): bigint => BigInt.asIntN(64, b);

// int64Double is a double that holds an int64 exactly: small, near the
// limits, or anywhere in the range.
const int64Double = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc
    .bigInt({ min: MIN, max: MAX })
    .map((b) => Number(b))
    .filter((n) => n >= -(2 ** 63) && n <= 2 ** 63),
  fc.constantFrom(2 ** 63, -(2 ** 63), 2 ** 62, 2 ** 53, 2 ** 53 + 2, 8053063680000000000, 5e18),
);

describe('int64 arithmetic', () => {
  test('wraps as Go does at the limits', () => {
    expect(exact(mulInt64(8053063680000000000, 2))).toBe(-2340616713709551616n);
    expect(exact(addInt64(5e18, 5e18))).toBe(-8446744073709551616n);
    expect(exact(addInt64(2 ** 63, 5e9))).toBe(MIN + 4999999999n);
    expect(exact(subInt64(-(2 ** 63), 1))).toBe(MAX);
    expect(addInt64(2 ** 63, 0)).toBe(2 ** 63);
    expect(exact(subInt64(2 ** 63, 1))).toBe(MAX - 1n);
  });

  test('gives numbers on the hot path', () => {
    expect(addInt64(30e9, 5e9)).toBe(35e9);
    expect(subInt64(1767225600000000000, 1767225540000000000)).toBe(60e9);
    expect(mulInt64(30e9, 2)).toBe(60e9);
  });

  test('addInt64, subInt64 and mulInt64 equal BigInt wrapped to 64 bits', () => {
    fc.assert(
      fc.property(int64Double, int64Double, (a, b) => {
        expect(exact(addInt64(a, b))).toBe(wrap(exact(a) + exact(b)));
        expect(exact(subInt64(a, b))).toBe(wrap(exact(a) - exact(b)));
        expect(exact(mulInt64(a, 2))).toBe(wrap(exact(a) * 2n));
      }),
      { numRuns: 2000 },
    );
  });

  test('results compare exactly: a number only when it holds the value', () => {
    fc.assert(
      fc.property(int64Double, int64Double, (a, b) => {
        const s = addInt64(a, b);
        if (typeof s === 'number') expect(exact(s)).toBe(wrap(exact(a) + exact(b)));
        else expect(BigInt(Number(s)) === s).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test('unixNano wraps an instant beyond 2262 as Go does', () => {
    // 3000-01-01T00:00:00Z is 32503680000 s after the epoch.
    const t = 32503680000 * 1e9;
    expect(exact(unixNano(t))).toBe(wrap(32503680000000000000n));
    expect(unixNano(1767225600000000000)).toBe(1767225600000000000);
  });
});
