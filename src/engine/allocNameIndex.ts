// Upstream: hashicorp/nomad scheduler/reconcile_util.go, allocNameIndex and
// bitmapFrom, the same at dccea99f7e and v1.6.5 but for the duplicate
// indexes v1.6.5 tracks (v1.6/reconcileUtil.ts extends the index with them).

import type { AllocSet } from './allocSet.ts';
import { Bitmap, lastIndexBelow } from './bitmap.ts';
import { allocName } from './structs.ts';

/**
 * bitmapFrom makes a bitmap of the indexes the allocations use, at least
 * minSize (and the number of allocations) long, byte aligned, and one longer
 * than the highest index when that index is itself a multiple of eight, so
 * that the highest index always fits. It also counts, per index, the
 * allocations beyond the first that use it.
 */
export function bitmapFrom(input: AllocSet, minSize: number): { bitmap: Bitmap; duplicates: Map<number, number> } {
  const indexes = input.nameIndexes();
  let max = 0;
  for (const n of indexes) if (n > max) max = n;
  if (minSize < indexes.length) minSize = indexes.length;
  if (max < minSize) max = minSize;
  else if (max % 8 === 0) max++;
  if (max === 0) max = 8;
  if (max % 8 !== 0) max += 8 - (max % 8);
  const bitmap = new Bitmap(max);
  // An index already set is counted as a duplicate (1.6's name index reads them).
  const duplicates = new Map<number, number>();
  for (const n of indexes) {
    if (bitmap.check(n)) duplicates.set(n, (duplicates.get(n) ?? 0) + 1);
    else bitmap.set(n);
  }
  return { bitmap, duplicates };
}

/**
 * AllocNameIndex picks names (indexes) for new allocations and for
 * allocations to stop, given the names in use: new ones fill the lowest free
 * indexes, stops take the highest.
 */
export class AllocNameIndex {
  protected readonly b: Bitmap;
  /** duplicates counts, per index, the allocations beyond the first that hold it when the index is built. */
  protected readonly duplicates: Map<number, number>;

  /** Builds the index of a group's names from the allocations that hold them. */
  constructor(
    readonly job: string,
    readonly taskGroup: string,
    readonly count: number,
    input: AllocSet,
  ) {
    ({ bitmap: this.b, duplicates: this.duplicates } = bitmapFrom(input, count));
  }

  /** highest takes up to n of the highest indexes in use, freeing them, and returns their names. */
  highest(n: number): Set<string> {
    const h = new Set<string>();
    for (let i = this.b.size(); i > 0 && h.size < n; i--) {
      const idx = i - 1;
      if (this.b.check(idx)) {
        this.b.unset(idx);
        h.add(allocName(this.job, this.taskGroup, idx));
      }
    }
    return h;
  }

  /** unsetIndex frees one index. */
  unsetIndex(idx: number): void {
    this.b.unset(idx);
  }

  /**
   * nextCanaries picks n names for canaries: first the names of allocations
   * being replaced destructively (so the canaries later take their place),
   * then free names, skipping names existing canaries use; past the count it
   * uses indexes above it so as not to overlap.
   */
  nextCanaries(n: number, existing: AllocSet, destructive: AllocSet): string[] {
    const next: string[] = [];
    const existingNames = existing.nameSet();
    const last = lastIndexBelow(this.count);
    let remainder = n;

    const dmap = bitmapFrom(destructive, this.count).bitmap;
    for (const idx of dmap.indexesInRange(true, 0, last)) {
      const name = allocName(this.job, this.taskGroup, idx);
      if (existingNames.has(name)) continue;
      next.push(name);
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }

    for (const idx of this.b.indexesInRange(false, 0, last)) {
      const name = allocName(this.job, this.taskGroup, idx);
      if (existingNames.has(name)) continue;
      next.push(name);
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }

    for (let i = this.count; i < this.count + remainder; i++) {
      next.push(allocName(this.job, this.taskGroup, i));
    }
    return next;
  }

  /**
   * next picks n names for new allocations from the lowest free indexes
   * below the count; when those run out it reuses indexes from zero, so
   * names can repeat (upstream does the same).
   */
  next(n: number): string[] {
    const next: string[] = [];
    let remainder = n;
    for (const idx of this.b.indexesInRange(false, 0, lastIndexBelow(this.count))) {
      next.push(allocName(this.job, this.taskGroup, idx));
      this.b.set(idx);
      remainder = n - next.length;
      if (remainder === 0) return next;
    }
    for (let i = 0; i < remainder; i++) {
      next.push(allocName(this.job, this.taskGroup, i));
      this.b.set(i);
    }
    return next;
  }
}
