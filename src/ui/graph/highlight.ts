// The set of highlighted allocations, kept outside React state so that a
// hover in the explanation re-renders only the boxes whose cards change.

import { createContext, useContext, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
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
 * useHighlighted returns the keys among `keys` that are highlighted. The set
 * is compared shallowly with the one before, so that a component re-renders
 * only when its own share of the highlight changes.
 */
export function useHighlighted(keys: readonly string[]): ReadonlySet<string> {
  const store = useContext(HighlightContext);
  const share = useShallow((set: ReadonlySet<string>): ReadonlySet<string> => {
    if (set.size === 0) return EMPTY;
    return new Set(keys.filter((k) => set.has(k)));
  });
  const snapshot = () => share(store.get());
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
