// Timers for the draft's autosave that keep its work away from typing:
// once the pause is over, the save waits for the browser's idle time (a
// frame with nothing else to do), and at most IDLE_WAIT_MS for it. Saving a
// large scenario holds the main thread for 20–30 ms; run between a
// keystroke and its graph, it delayed the graph by as much. Nothing typed
// is lost by the wait: the texts stay pending, and the page's hide or close
// saves them at once (Autosave.flush).

import type { AutosaveTimers } from './autosave.ts';

/** IDLE_WAIT_MS is the longest a due save waits for idle time. */
export const IDLE_WAIT_MS = 2000;

/** IdleScheduler is the part of a window these timers use (window itself, or a fake). */
export interface IdleScheduler {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  requestIdleCallback?(fn: () => void, options: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
}

/** idleTimers are AutosaveTimers whose callbacks, once due, run in idle time; without requestIdleCallback, when due. */
export function idleTimers(win: IdleScheduler): AutosaveTimers {
  return {
    setTimeout(fn, ms) {
      const handle = { timer: 0, idle: null as number | null };
      handle.timer = win.setTimeout(() => {
        if (win.requestIdleCallback) handle.idle = win.requestIdleCallback(fn, { timeout: IDLE_WAIT_MS });
        else fn();
      }, ms);
      return handle;
    },
    clearTimeout(h) {
      const handle = h as { timer: number; idle: number | null };
      win.clearTimeout(handle.timer);
      if (handle.idle !== null) win.cancelIdleCallback?.(handle.idle);
    },
  };
}
