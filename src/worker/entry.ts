// The reconciler worker: answers each run request with its result. Loaded
// by the page with `new Worker(new URL('./entry.ts', import.meta.url))`.

import { handleRun } from './handle.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(m: WorkerResponse): void };

scope.onmessage = (e) => {
  if (e.data.type === 'run') scope.postMessage(handleRun(e.data));
};

// Loading the worker's code can take a while on a slow machine; the page
// starts the run's time limit only once this arrives.
scope.postMessage({ type: 'ready' });
