// The reconciler worker: answers each run request with its result. Loaded
// by the page with `new Worker(new URL('./entry.ts', import.meta.url))`.

import { completeRequest, handleRunAsync } from './handle.ts';
import { readJobSpec } from '../scenario/hcl/index.ts';
import { isHclText, type TabTexts } from '../scenario/tabs.ts';
import type { RunRequest, WorkerRequest, WorkerResponse } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(m: WorkerResponse): void };

// run answers one request. An HCL Job tab is parsed first, by HashiCorp's
// parser (megabytes of JavaScript, loaded on the first jobspec), and the
// page is told: loading and parsing have a limit of their own, and only
// what follows counts as the run. The parse is remembered, so the run
// reuses it.
async function run(req: RunRequest): Promise<void> {
  if (isHclText(req.texts.job)) {
    scope.postMessage({ type: 'loading' });
    await readJobSpec(req.texts.job).catch(() => undefined); // a failure is reported by the run itself
    scope.postMessage({ type: 'ready', keepsTexts: true });
  }
  scope.postMessage(await handleRunAsync(req));
}

// last holds the texts of the previous request: a request of changed texts
// leaves out the tabs that did not change (a large Cluster tab, while the
// Job tab is edited), and they are taken from here.
let last: TabTexts | null = null;

scope.onmessage = (e) => {
  let req: RunRequest;
  try {
    req = completeRequest(e.data, last);
  } catch (err) {
    scope.postMessage({ type: 'crash', seq: e.data.seq, message: err instanceof Error ? err.message : String(err) });
    return;
  }
  last = req.texts;
  void run(req);
};

// Loading the worker's code can take a while on a slow machine; the page
// starts the run's time limit only once this arrives.
scope.postMessage({ type: 'ready', keepsTexts: true });
