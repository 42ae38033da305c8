// The worker's result delta as a test sends it: encoded in the worker,
// structured-cloned as a message is, decoded on the page. Shared by the
// delta's unit tests and its property test.

import type { ResultParts, RunSuccess } from '../../src/worker/protocol.ts';
import { decodeResponse, encodeResponse } from '../../src/worker/resultDelta.ts';

// deepFreeze makes any change to the page's copy throw.
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** send passes a response through encoding, a structured clone (the message) and decoding, as worker and page do; the page's copy is frozen. */
export function send(r: RunSuccess, worker: ResultParts | null, page: ResultParts | null) {
  const { message, parts } = encodeResponse(r, worker);
  const received = structuredClone(message);
  if (received.type !== 'result-delta') throw new Error('a success is sent as a delta');
  const rebuilt = decodeResponse(received, page);
  const { scenario, document, trace, diff } = rebuilt;
  return {
    rebuilt,
    worker: parts,
    page: deepFreeze({ scenario, document, trace, diff }),
    size: JSON.stringify(received).length,
  };
}
