// The theme choice kept in local storage; Storage is a parameter so that
// this is tested without a browser.

import type { ThemePreference } from './state.ts';

const KEY = 'nomad-reconciler-playground.theme';

/** loadTheme reads the saved theme choice, 'system' when there is none or storage fails. */
export function loadTheme(storage: Pick<Storage, 'getItem'> | null): ThemePreference {
  try {
    const v = storage?.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** saveTheme keeps the theme choice; a storage that refuses is ignored. */
export function saveTheme(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, theme: ThemePreference): void {
  try {
    if (theme === 'system') storage?.removeItem(KEY);
    else storage?.setItem(KEY, theme);
  } catch {
    // Private modes may refuse storage; the choice then lasts for the session.
  }
}
