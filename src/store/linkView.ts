// The view a link keeps, read from the store and restored into it.

import type { StoreApi } from 'zustand/vanilla';
import type { LinkView } from '../share/linkView.ts';
import type { AppState } from './state.ts';

/**
 * selectLinkView is the view a link made now keeps: the result tab (the
 * Plan tab, where every page opens, goes unsaid), the rollout's frames
 * while it is open, the selected allocation, Compare versions when it is on.
 */
export function selectLinkView(s: AppState): LinkView {
  const view: LinkView = s.resultTab === 'plan' ? {} : { tab: s.resultTab };
  if (s.rollout.open) {
    view.frame = s.rollout.frame;
    if (s.rollout.compareFrame !== null) view.compare = s.rollout.compareFrame;
  }
  if (s.selectedAllocID !== null) view.alloc = s.selectedAllocID;
  if (s.compareVersions) view.versions = 'both';
  return view;
}

/**
 * restoreView opens a link's view. A frame opens the rollout on it: the
 * film is not made yet, so the frame is kept in the rollout state, and the
 * film, when it arrives, is shown at that frame (applyFilm keeps it). A link
 * made with Compare versions on turns it on; one without it (every link made
 * before the switch) leaves the person's own choice.
 */
export function restoreView(state: AppState, set: StoreApi<AppState>['setState'], view: LinkView): void {
  if (view.frame !== undefined || view.tab === 'rollout') {
    state.setRolloutOpen(true);
    const frame = view.frame ?? 1;
    set((s) => ({ rollout: { ...s.rollout, frame, compareFrame: view.compare ?? null } }));
  }
  if (view.tab !== undefined) state.setResultTab(view.tab);
  if (view.alloc !== undefined) state.selectAlloc(view.alloc);
  if (view.versions === 'both') state.setCompareVersions(true);
}
