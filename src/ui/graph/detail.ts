// Semantic zoom: whether the graph is zoomed in far enough to draw cards, in
// a small external store, so that only crossing the threshold re-renders
// the boxes (not every frame of a zoom).

import { createContext, useContext, useSyncExternalStore } from 'react';
import { createValueStore, type ValueStore } from './valueStore.ts';

/** DetailStore holds whether boxes draw their cards (true) or a tile of counts (false). */
export type DetailStore = ValueStore<boolean>;

/** createDetailStore makes a store that starts drawing cards. */
export function createDetailStore(): DetailStore {
  return createValueStore(true);
}

/** DetailContext gives the graph's nodes their ClusterGraph's detail store. */
export const DetailContext = createContext<DetailStore>(createDetailStore());

/** useDetail tells whether boxes draw their cards at the current zoom. */
export function useDetail(): boolean {
  const store = useContext(DetailContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
