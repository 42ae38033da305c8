// The set of highlighted allocations, kept outside React state so that a
// hover in the explanation re-renders only the boxes whose cards change.

import { createContext, useContext, useSyncExternalStore } from 'react';
import { createValueStore, type ValueStore } from './valueStore.ts';

/** HighlightStore holds the highlighted allocation IDs (and placement names) and notifies subscribers. */
export type HighlightStore = ValueStore<ReadonlySet<string>>;

const EMPTY: ReadonlySet<string> = new Set();

/** createHighlightStore makes an empty highlight store. */
export function createHighlightStore(): HighlightStore {
  return createValueStore(EMPTY);
}

/** HighlightContext gives the graph's nodes their ClusterGraph's highlight store. */
export const HighlightContext = createContext<HighlightStore>(createHighlightStore());

/**
 * useHighlighted returns the keys among `keys` that are highlighted, joined
 * into one string, so that a component re-renders only when its own share of
 * the highlight changes.
 */
export function useHighlighted(keys: readonly string[]): string {
  const store = useContext(HighlightContext);
  const snapshot = (): string => {
    const set = store.get();
    if (set.size === 0) return '';
    let out = '';
    for (const k of keys) if (set.has(k)) out += `${k}\n`;
    return out;
  };
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
