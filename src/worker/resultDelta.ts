// A RunSuccess as the worker sends it and as the page rebuilds it: the
// large parts (scenario, result document, trace, job diff) as a Delta
// against the previous success the same worker sent the same page.

import { applyDelta, deltaOf } from './delta.ts';
import type { ResultParts, RunResponse, RunSuccess, RunSuccessDelta } from './protocol.ts';

/** Encoded is a response as posted, and the parts the next success is compared against. */
export interface Encoded {
  message: RunResponse | RunSuccessDelta;
  parts: ResultParts | null;
}

/**
 * encodeResponse turns a success into a RunSuccessDelta against `previous`,
 * the parts of the last success sent (null before the first); any other
 * response is sent as it is and leaves `previous` the parts to compare with.
 */
export function encodeResponse(response: RunResponse, previous: ResultParts | null): Encoded {
  if (response.type !== 'result' || !response.ok) return { message: response, parts: previous };
  const { scenario, document, trace, diff, ...rest } = response;
  const parts: ResultParts = { scenario, document, trace, diff };
  return { message: { ...rest, type: 'result-delta', parts: deltaOf(parts, previous ?? undefined) }, parts };
}

/** decodeResponse rebuilds the RunSuccess of a RunSuccessDelta from `previous`, the parts of the last success received from the same worker. */
export function decodeResponse(message: RunSuccessDelta, previous: ResultParts | null): RunSuccess {
  const { parts, ...rest } = message;
  return { ...rest, ...(applyDelta(parts, previous ?? undefined) as ResultParts), type: 'result' };
}
