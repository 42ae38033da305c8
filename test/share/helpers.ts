// Shared by the share tests: an in-memory Storage that can be made to
// refuse writes (a full quota) and filled with damaged values.

import type { DraftStorage } from '../../src/share/draftStore.ts';

/** FakeStorage is a Map-backed Storage; quotaBytes limits the total size it accepts, as a browser's quota does. */
export class FakeStorage implements NonNullable<DraftStorage> {
  readonly items = new Map<string, string>();
  quotaBytes = Infinity;
  writes = 0;

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.writes++;
    let used = value.length;
    for (const [k, v] of this.items) if (k !== key) used += v.length;
    if (used > this.quotaBytes) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** throwingStorage is a storage whose every call throws, as in some private modes. */
export const throwingStorage: NonNullable<DraftStorage> = {
  getItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  removeItem() {
    throw new DOMException('denied', 'SecurityError');
  },
};
