// The browser's side of the check worker (worker/checkEntry.ts): how the
// page starts one, and the window's timers its clients use.

import type { CheckWorkerLike } from '../worker/checkClient.ts';
import { DEFAULT_TIMEOUT_MS, type Timers } from '../worker/reconcileClient.ts';
import { readUrlOptions } from './urlOptions.ts';

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

/** pageTimeoutMs is the page's time limit for work in a worker: `?timeout=`, else the reconciler's default. */
export function pageTimeoutMs(): number {
  return readUrlOptions(window.location.search).timeoutMs ?? DEFAULT_TIMEOUT_MS;
}
