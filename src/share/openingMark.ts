// The mark that keeps a text which crashed the page from being reopened
// blindly: before the app works on a text it did not make itself (a link,
// a draft, an import, a restored draft), it writes a mark in storage, and
// it removes the mark once the first result of that text is drawn. A page
// that finds the mark still standing at load died on that text (or was
// closed before it was drawn), so it opens the text without running it.
// Storage is a parameter; nothing here throws.

import type { DraftStorage } from './draftStore.ts';

/** OPENING_KEY is the storage key of the mark. */
export const OPENING_KEY = 'nomad-reconciler-playground.opening';

/** OpeningSource says where the text being opened came from, in words for the notice ("a shared link"). */
export type OpeningSource = 'a shared link' | 'the saved draft' | 'an imported file' | 'a restored draft';

/** standingMark is where the text being opened when the page last stopped came from, or null when the page stopped cleanly. */
export function standingMark(storage: DraftStorage): OpeningSource | null {
  try {
    const raw = storage?.getItem(OPENING_KEY);
    if (raw == null) return null;
    const source = (JSON.parse(raw) as { source?: unknown }).source;
    return typeof source === 'string' ? (source as OpeningSource) : 'the saved draft';
  } catch {
    return null;
  }
}

/** OpeningGuard writes the mark before a text is worked on and removes it once that text's result is drawn. */
export interface OpeningGuard {
  mark(source: OpeningSource): void;
  /** drawn removes the mark, if one was written: a result is on screen. */
  drawn(): void;
}

/** createOpeningGuard makes the guard over a storage. */
export function createOpeningGuard(storage: DraftStorage, now: () => number): OpeningGuard {
  let marked = false;
  return {
    mark(source) {
      try {
        storage?.setItem(OPENING_KEY, JSON.stringify({ source, at: now() }));
        marked = true;
      } catch {
        // Without storage there is no reload to protect.
      }
    },
    drawn() {
      if (!marked) return;
      marked = false;
      try {
        storage?.removeItem(OPENING_KEY);
      } catch {
        // Nothing to do: the next load opens safely, which is harmless.
      }
    },
  };
}

/** safeOpeningMessage tells the person why the scenario was opened without running it. */
export function safeOpeningMessage(source: OpeningSource): string {
  return (
    `The page stopped last time while it was working on this scenario (from ${source}), so it is opened in the editor without being run or drawn. ` +
    'Check it (a huge Count, thousands of events), then run it.'
  );
}
