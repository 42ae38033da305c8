// The view slice: theme, result tab, selection and highlight.

import type { StoreApi } from 'zustand/vanilla';
import type { AppState, ThemePreference, ViewActions, ViewState } from './state.ts';

type SetState = StoreApi<AppState>['setState'];

const NOTHING: ReadonlySet<string> = new Set();
let nonce = 0;

/** createViewSlice makes the view state; onTheme and onFold persist those choices. */
export function createViewSlice(
  set: SetState,
  theme: ThemePreference,
  onTheme: (t: ThemePreference) => void,
  pageOptions: readonly string[] = [],
  fold = true,
  onFold: (on: boolean) => void = () => {},
): ViewState & ViewActions {
  return {
    theme,
    fold,
    openedFolds: { scenario: null, open: NOTHING },
    pageOptions,
    resultTab: 'plan',
    selectedAllocID: null,
    highlight: NOTHING,
    revealRequest: null,
    setTheme(t) {
      set({ theme: t });
      onTheme(t);
    },
    setFold(on) {
      set({ fold: on });
      onFold(on);
    },
    setOpenedFolds(opened) {
      set({ openedFolds: opened });
    },
    setResultTab(tab) {
      set({ resultTab: tab });
    },
    selectAlloc(id) {
      set({ selectedAllocID: id });
    },
    setHighlight(ids) {
      set({ highlight: ids.size === 0 ? NOTHING : ids });
    },
    reveal(tab, line, column) {
      nonce++;
      set({ activeTab: tab, revealRequest: { tab, line, column, nonce } });
    },
  };
}
