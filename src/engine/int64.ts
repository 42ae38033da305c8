// Go's int64 arithmetic for the engine's durations and Unix-nanosecond times.
//
// Upstream's time.Duration and UnixNano values are int64: a sum or product
// that passes 2^63 wraps around to a negative number, and upstream acts on
// the wrapped value (a reschedule delay that doubles past the limit becomes
// negative, so the replacement is due at once). The engine holds these
// values in doubles. The helpers here give Go's exact results: on doubles
// when the result is held exactly (nearly always, and cheap to check), on
// BigInt otherwise.
//
// The double 2^63 stands for int64's maximum, 2^63 - 1: it is the double
// nearest to it, and the scenario reader accepts no integer beyond it.

/**
 * Int64 is the exact value of a Go int64: a number when a double holds it
 * exactly (2^63 meaning the maximum), a bigint otherwise. JavaScript's
 * relational operators compare a number with a bigint exactly, so Int64s
 * compare with each other and with durations as Go compares int64s.
 */
export type Int64 = number | bigint;

const TWO_63 = 2 ** 63;
const MAX_INT64 = (1n << 63n) - 1n;

// inRange reports whether a double is its own exact int64 value (2^63,
// which stands for the maximum, is not).
function inRange(x: number): boolean {
  return x >= -TWO_63 && x < TWO_63;
}

// roundingError is what rounding lost when s was computed as a + b: zero
// exactly when s is the true sum (Knuth's TwoSum).
function roundingError(a: number, b: number, s: number): number {
  const bv = s - a;
  const av = s - bv;
  return a - av + (b - bv);
}

// toBig is the bigint an Int64 stands for. A double beyond int64 (a time
// centuries away) wraps as Go's conversion to UnixNano does.
function toBig(x: Int64): bigint {
  if (typeof x === 'bigint') return x;
  if (x === TWO_63) return MAX_INT64;
  return BigInt.asIntN(64, BigInt(Math.trunc(x)));
}

// fromBig is the Int64 for a bigint that is already within int64.
function fromBig(b: bigint): Int64 {
  if (b === MAX_INT64) return TWO_63;
  const n = Number(b);
  return BigInt(n) === b ? n : b;
}

/** addInt64 is Go's a + b on int64: the exact sum, wrapped into int64's range. */
export function addInt64(a: Int64, b: Int64): Int64 {
  if (typeof a === 'number' && typeof b === 'number' && inRange(a) && inRange(b)) {
    const s = a + b;
    if (inRange(s) && roundingError(a, b, s) === 0) return s;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) + toBig(b)));
}

/** subInt64 is Go's a - b on int64, wrapped as addInt64 wraps. */
export function subInt64(a: Int64, b: Int64): Int64 {
  if (typeof a === 'number' && typeof b === 'number' && inRange(a) && inRange(b)) {
    const s = a - b;
    if (inRange(s) && roundingError(a, -b, s) === 0) return s;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) - toBig(b)));
}

/** mulInt64 is Go's a * k on int64 (Duration * 2), wrapped as addInt64 wraps. */
export function mulInt64(a: Int64, k: number): Int64 {
  if (typeof a === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(k)) {
    const p = a * k;
    if (Number.isSafeInteger(p)) return p;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) * BigInt(k)));
}

/**
 * unixNano is Go's Time.UnixNano for an instant: its nanoseconds since the
 * Unix epoch, wrapped into int64 for a time before 1678 or after 2262 (Go
 * calls the result undefined there; it is this wrapped value).
 */
export function unixNano(t: number): Int64 {
  return inRange(t) ? t : fromBig(toBig(t));
}
