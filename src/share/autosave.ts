// Saving the draft as it is edited: at most once per pause in typing
// (debounced), and at once when the page is hidden or closed (flush). The
// clock and the save are parameters, so this is tested without a browser.

import type { TabTexts } from '../scenario/tabs.ts';

/**
 * AUTOSAVE_DELAY_MS is the pause in typing after which the draft is saved.
 * Saving a large scenario holds the main thread for 20–30 ms; a pause of a
 * whole second keeps that away from the next keystroke of someone still
 * typing, and flush saves at once when the page is hidden or closed.
 */
export const AUTOSAVE_DELAY_MS = 1000;

/** AutosaveTimers are setTimeout and clearTimeout, or fakes. */
export interface AutosaveTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Autosave schedules saves of the latest texts. */
export interface Autosave {
  /** schedule notes new texts; they are saved after the delay unless newer ones come first. */
  schedule(texts: TabTexts): void;
  /** flush saves pending texts now (the page is being hidden). */
  flush(): void;
}

/** createAutosave makes an Autosave that hands the texts to save (which must not throw). */
export function createAutosave(
  save: (texts: TabTexts) => void,
  timers: AutosaveTimers,
  delayMs = AUTOSAVE_DELAY_MS,
): Autosave {
  let pending: TabTexts | null = null;
  let handle: unknown = null;
  const flush = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    if (pending === null) return;
    const texts = pending;
    pending = null;
    save(texts);
  };
  return {
    schedule(texts) {
      pending = texts;
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
  };
}
