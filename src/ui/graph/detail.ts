// Semantic zoom: whether the graph is zoomed in far enough to draw cards, in
// a small zustand store of the graph's own, so that only crossing the
// threshold re-renders the boxes (not every frame of a zoom).

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { type StoreApi, createStore } from 'zustand/vanilla';

/** DetailStore holds whether boxes draw their cards (true) or a tile of counts (false); setting the same value notifies no one. */
export type DetailStore = StoreApi<boolean>;

/** createDetailStore makes a store that starts drawing cards. */
export function createDetailStore(): DetailStore {
  return createStore<boolean>()(() => true);
}

/** DetailContext gives the graph's nodes their ClusterGraph's detail store. */
export const DetailContext = createContext<DetailStore>(createDetailStore());

/** useDetail tells whether boxes draw their cards at the current zoom. */
export function useDetail(): boolean {
  return useStore(useContext(DetailContext));
}
