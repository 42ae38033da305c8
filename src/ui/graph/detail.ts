// Semantic zoom: whether the graph is zoomed in far enough to draw cards, in
// a small external store, so that only crossing the threshold re-renders
// the boxes (not every frame of a zoom).

import { createContext, useContext, useSyncExternalStore } from 'react';

/** DetailStore holds whether boxes draw their cards (true) or a tile of counts (false). */
export interface DetailStore {
  get(): boolean;
  set(detail: boolean): void;
  subscribe(listener: () => void): () => void;
}

/** createDetailStore makes a store that starts drawing cards. */
export function createDetailStore(): DetailStore {
  let current = true;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(detail) {
      if (detail === current) return;
      current = detail;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** DetailContext gives the graph's nodes their ClusterGraph's detail store. */
export const DetailContext = createContext<DetailStore>(createDetailStore());

/** useDetail tells whether boxes draw their cards at the current zoom. */
export function useDetail(): boolean {
  const store = useContext(DetailContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
