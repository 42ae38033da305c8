// Counts for the overview: a box drawn as a tile says how many of its
// allocations the reconciler decided each way and how many are in each
// client status.

import type { AllocAction } from '../engine/types.ts';
import type { AllocCard } from './model.ts';

/** Count is a label (an action or a status) and how many cards have it. */
export interface Count<K extends string> {
  key: K;
  count: number;
}

// counted lists the keys in their first-seen order with their counts.
function counted<K extends string>(cards: readonly AllocCard[], key: (c: AllocCard) => K): Count<K>[] {
  const by = new Map<K, number>();
  for (const c of cards) by.set(key(c), (by.get(key(c)) ?? 0) + 1);
  return [...by].map(([k, count]) => ({ key: k, count }));
}

/** tallyActions counts a box's cards by decision, in the order of `order`. */
export function tallyActions(cards: readonly AllocCard[], order: readonly AllocAction[]): Count<AllocAction>[] {
  const all = counted(cards, (c) => c.action);
  return order.flatMap((a) => all.filter((x) => x.key === a));
}

/** tallyStatuses counts a box's cards by client status, most first. */
export function tallyStatuses(cards: readonly AllocCard[]): Count<string>[] {
  return counted(cards, (c) => c.clientStatus).sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
}
