// The browser's side of the check worker (worker/checkEntry.ts): how the
// page starts one, and the window's timers its clients use.

import type { CheckWorkerLike } from '../worker/checkClient.ts';
import type { Timers } from '../worker/reconcileClient.ts';

/** createCheckWorker starts a check worker; Vite bundles its code as a file of its own. */
export function createCheckWorker(): CheckWorkerLike {
  return new Worker(new URL('../worker/checkEntry.ts', import.meta.url), {
    type: 'module',
    name: 'checks',
  }) as unknown as CheckWorkerLike;
}

/** windowTimers are the window's setTimeout and clearTimeout, as the worker clients take them. */
export const windowTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (h) => window.clearTimeout(h as number),
};
