// The rollout worker: answers each simulate request with its film. Loaded
// by the page with `new Worker(new URL('./simulateEntry.ts', import.meta.url))`
// when the person first opens the rollout.

import { handleSimulate } from './simulateHandle.ts';
import type { SimulateRequest, SimulateResponse } from './simulateProtocol.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<SimulateRequest>) => void) | null;
  postMessage(m: SimulateResponse): void;
};

scope.onmessage = (e) => {
  void handleSimulate(e.data).then((r) => scope.postMessage(r));
};
