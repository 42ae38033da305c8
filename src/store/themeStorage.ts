// The theme choice kept in local storage, and the guarded reads and writes
// every view preference uses; Storage is a parameter so that this is tested
// without a browser.

import type { ThemePreference } from './state.ts';

const KEY = 'nomad-reconciler-playground.theme';

/** readPreference reads a kept preference, null when there is none or storage fails. */
export function readPreference(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** writePreference keeps a preference (null removes it, back to the default); a storage that refuses is ignored. */
export function writePreference(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  key: string,
  value: string | null,
): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the choice then lasts for the session.
  }
}

/** loadTheme reads the saved theme choice, 'system' when there is none or storage fails. */
export function loadTheme(storage: Pick<Storage, 'getItem'> | null): ThemePreference {
  const v = readPreference(storage, KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** saveTheme keeps the theme choice; a storage that refuses is ignored. */
export function saveTheme(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, theme: ThemePreference): void {
  writePreference(storage, KEY, theme === 'system' ? null : theme);
}
