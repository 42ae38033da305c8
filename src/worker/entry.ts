// The reconciler worker: answers each run request with its result. Loaded
// by the page with `new Worker(new URL('./entry.ts', import.meta.url))`.

import { completeRequest, handleRunAsync } from './handle.ts';
import { loadJobSpecReader } from '../jobspec/index.ts';
import { isHclText, type TabTexts } from '../scenario/tabs.ts';
import type { ResultParts, RunRequest, WorkerRequest, WorkerResponse } from './protocol.ts';
import { encodeResponse } from './resultDelta.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(m: WorkerResponse): void;
};

// run answers one request. For an HCL Job tab the HCL reader is loaded
// first (on the first jobspec only), and the page is told: loading has a
// limit of its own, and only what follows counts as the run.
async function run(req: RunRequest): Promise<void> {
  if (isHclText(req.texts.job) || (req.texts.running !== undefined && isHclText(req.texts.running))) {
    scope.postMessage({ type: 'loading' });
    await loadJobSpecReader().catch(() => undefined); // a failure is reported by the run itself
    scope.postMessage({ type: 'ready', keepsTexts: true });
  }
  const { message, parts } = encodeResponse(await handleRunAsync(req), sent);
  sent = parts;
  scope.postMessage(message);
}

// sent holds the large parts of the last success sent: the next one is sent
// as what changed since (the page keeps its copy; see resultDelta.ts).
let sent: ResultParts | null = null;

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
