// The worker's 'loading' message: loading the HCL parser for the first
// jobspec counts under the boot limit, not the run's time limit.

import { describe, expect, it } from 'vitest';
import { ReconcileClient, type ClientEvent, type WorkerLike } from '../../src/worker/reconcileClient.ts';
import type { WorkerRequest, WorkerResponse } from '../../src/worker/protocol.ts';

// Timers that fire when the test moves the clock.
function fakeTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number): unknown => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (h: unknown) => void timers.delete(h as number),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

function setup() {
  const timers = fakeTimers();
  const events: ClientEvent[] = [];
  const worker: WorkerLike & { say(m: WorkerResponse): void; sent: WorkerRequest[] } = {
    sent: [],
    onmessage: null,
    onerror: null,
    postMessage(m) {
      this.sent.push(m);
    },
    terminate() {},
    say(m) {
      this.onmessage?.({ data: m });
    },
  };
  const client = new ReconcileClient({
    createWorker: () => worker,
    timers,
    onEvent: (e) => events.push(e),
    debounceMs: 0,
    timeoutMs: 3000,
    bootTimeoutMs: 20000,
  });
  return { timers, events, worker, client };
}

describe('ReconcileClient and a worker loading the HCL parser', () => {
  it('gives the load a limit of its own, then the run its own limit', () => {
    const { timers, events, worker, client } = setup();
    worker.say({ type: 'ready' });
    client.runNow({ job: 'job "a" {}', cluster: '{}' });
    timers.advance(1000);
    worker.say({ type: 'loading' });
    timers.advance(50_000); // far beyond the run's 3 s and the boot's 20 s: still loading
    expect(events.some((e) => e.type === 'timeout' || e.type === 'worker-error')).toBe(false);
    worker.say({ type: 'ready' });
    timers.advance(2_900);
    worker.say({ type: 'result', ok: false, seq: 1, diagnostics: [], millis: 5 });
    expect(events.map((e) => e.type)).toEqual(['started', 'response']);
  });

  it('still times out a run that takes too long after the load', () => {
    const { timers, events, worker, client } = setup();
    worker.say({ type: 'ready' });
    client.runNow({ job: 'job "a" {}', cluster: '{}' });
    worker.say({ type: 'loading' });
    worker.say({ type: 'ready' });
    timers.advance(3_001);
    expect(events.map((e) => e.type)).toEqual(['started', 'timeout']);
  });

  it('gives up on a load that never ends', () => {
    const { timers, events, worker, client } = setup();
    worker.say({ type: 'ready' });
    client.runNow({ job: 'job "a" {}', cluster: '{}' });
    worker.say({ type: 'loading' });
    timers.advance(60_001);
    expect(events.map((e) => e.type)).toEqual(['started', 'worker-error']);
  });
});
