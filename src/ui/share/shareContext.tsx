// The share store reaches components through context, and components read
// it through the named hooks below, each over a module-level selector.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ShareActions, ShareState, ShareStore } from '../../store/shareStore.ts';

const ShareContext = createContext<ShareStore | null>(null);

/** ShareProvider makes one share store available to the app below it. */
export function ShareProvider({ store, children }: { store: ShareStore; children: ReactNode }) {
  return <ShareContext.Provider value={store}>{children}</ShareContext.Provider>;
}

function useShareStore(): ShareStore {
  const store = useContext(ShareContext);
  if (!store) throw new Error('useShareStore: no ShareProvider above this component');
  return store;
}

const selectNotice = (s: ShareState) => s.notice;
const selectDrafts = (s: ShareState) => s.drafts;
const selectLink = (s: ShareState) => s.link;
const selectEmbed = (s: ShareState) => s.embed;

/** useShareActions returns the share actions; they never change. */
export function useShareActions(): ShareActions {
  return useShareStore().getState();
}
/** useShareNotice is the banner's message, or null. */
export const useShareNotice = () => useStore(useShareStore(), selectNotice);
/** useDrafts are the drafts set aside, newest first. */
export const useDrafts = () => useStore(useShareStore(), selectDrafts);
/** useMadeLink is the last link made, or null. */
export const useMadeLink = () => useStore(useShareStore(), selectLink);
/** useMadeEmbed is the embeddable view's link and snippet made last, or null. */
export const useMadeEmbed = () => useStore(useShareStore(), selectEmbed);
