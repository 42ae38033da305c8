// Whether the graph folds what nothing happens to, kept in local storage
// as the theme is: only the departure from the default (folding) is kept.

import { readPreference, writePreference } from './themeStorage.ts';

const KEY = 'nomad-reconciler-playground.fold';

/** loadFold reads whether the graph folds: true unless the person turned folding off. */
export function loadFold(storage: Pick<Storage, 'getItem'> | null): boolean {
  return readPreference(storage, KEY) !== 'off';
}

/** saveFold keeps the choice; a storage that refuses is ignored. */
export function saveFold(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, on: boolean): void {
  writePreference(storage, KEY, on ? null : 'off');
}
