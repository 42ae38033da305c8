// Whether Compare versions is on, kept in local storage as the fold is:
// only the departure from the default (off) is kept, so a reload of the
// draft keeps comparing when the person left it comparing.

import { readPreference, writePreference } from './themeStorage.ts';

const KEY = 'nomad-reconciler-playground.compare-versions';

/** loadCompareVersions reads whether Compare versions is on: false unless the person turned it on. */
export function loadCompareVersions(storage: Pick<Storage, 'getItem'> | null): boolean {
  return readPreference(storage, KEY) === 'on';
}

/** saveCompareVersions keeps the choice; a storage that refuses is ignored. */
export function saveCompareVersions(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, on: boolean): void {
  writePreference(storage, KEY, on ? 'on' : null);
}
