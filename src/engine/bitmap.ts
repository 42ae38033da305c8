// Upstream: hashicorp/nomad nomad/structs/bitmap.go at dccea99f7e.

/**
 * Bitmap is a fixed-size set of small integers, used by allocNameIndex to know
 * which allocation indexes are taken. Its size is always a multiple of eight.
 */
export class Bitmap {
  private readonly bytes: Uint8Array;

  /** Creates a bitmap of `size` bits; size must be positive and byte aligned, as upstream insists. */
  constructor(size: number) {
    if (size <= 0) throw new Error('bitmap must be positive size');
    if (size % 8 !== 0) throw new Error('bitmap must be byte aligned');
    this.bytes = new Uint8Array(size / 8);
  }

  /** size is the number of bits the bitmap holds. */
  size(): number {
    return this.bytes.length * 8;
  }

  /** set marks idx as taken. */
  set(idx: number): void {
    this.bytes[idx >>> 3]! |= 1 << (idx & 7);
  }

  /** unset marks idx as free. */
  unset(idx: number): void {
    this.bytes[idx >>> 3]! &= ~(1 << (idx & 7)) & 0xff;
  }

  /** check reports whether idx is taken. */
  check(idx: number): boolean {
    return ((this.bytes[idx >>> 3] ?? 0) & (1 << (idx & 7))) !== 0;
  }

  /**
   * indexesInRange lists, in increasing order, the indexes from `from` to `to`
   * inclusive (and below the size) that are set, or unset when `set` is false.
   */
  indexesInRange(set: boolean, from: number, to: number): number[] {
    const out: number[] = [];
    const end = Math.min(to, this.size() - 1);
    for (let i = from; i <= end; i++) {
      if (this.check(i) === set) out.push(i);
    }
    return out;
  }
}

/**
 * lastIndexBelow is Go's `uint(count) - 1` as the upper bound of a range: for
 * a count of zero the unsigned subtraction wraps around, so the range runs to
 * the end of the bitmap.
 */
export function lastIndexBelow(count: number): number {
  return count === 0 ? Number.MAX_SAFE_INTEGER : count - 1;
}
