import { describe, expect, it } from 'vitest';
import { ReconcileClient, type ClientEvent, type WorkerLike } from '../../src/worker/reconcileClient.ts';
import type { ResultParts, RunRequest, RunSuccess, WorkerRequest, WorkerResponse } from '../../src/worker/protocol.ts';
import { encodeResponse } from '../../src/worker/resultDelta.ts';

// FakeTimers runs timers when the test advances the clock.
class FakeTimers {
  now = 0;
  private next = 1;
  private timers = new Map<number, { at: number; fn: () => void }>();
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown): void => {
    this.timers.delete(h as number);
  };
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = end;
  }
}

class FakeWorker implements WorkerLike {
  sent: RunRequest[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerResponse }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  /** all is every message sent, changed-texts requests included. */
  all: WorkerRequest[] = [];
  postMessage(m: WorkerRequest): void {
    this.all.push(m);
    if (m.type === 'run') this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  ready(keepsTexts?: boolean): void {
    this.onmessage?.({ data: keepsTexts ? { type: 'ready', keepsTexts } : { type: 'ready' } });
  }
  answer(seq: number): void {
    this.onmessage?.({ data: { type: 'result', ok: false, seq, diagnostics: [], millis: 1 } });
  }
}

function setup(options: { debounceMs?: number; timeoutMs?: number; bootTimeoutMs?: number } = {}) {
  const timers = new FakeTimers();
  const workers: FakeWorker[] = [];
  const events: ClientEvent[] = [];
  const client = new ReconcileClient({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    timers,
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { timers, workers, events, client };
}

const texts = (job: string) => ({ job, cluster: '{}' });

describe('ReconcileClient', () => {
  it('debounces edits and runs only the last text', () => {
    const { timers, workers, client } = setup({ debounceMs: 150 });
    client.update(texts('a'));
    timers.advance(100);
    client.update(texts('ab'));
    timers.advance(100);
    expect(workers).toHaveLength(0);
    timers.advance(60);
    expect(workers[0]?.sent.map((m) => m.texts.job)).toEqual(['ab']);
  });

  it('by default runs an edit at once when idle, and only the newest edit made while busy', () => {
    const { workers, client } = setup();
    client.update(texts('a'));
    const w = workers[0]!;
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a']);
    client.update(texts('ab'));
    client.update(texts('abc'));
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a']);
    w.answer(1);
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a', 'abc']);
    w.answer(2);
    client.update(texts('abcd'));
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a', 'abc', 'abcd']);
  });

  it('runs at once on runNow, cancelling a pending debounce', () => {
    const { timers, workers, client } = setup({ debounceMs: 150 });
    client.update(texts('a'));
    client.runNow(texts('b'));
    timers.advance(1000);
    expect(workers[0]?.sent.map((m) => m.texts.job)).toEqual(['b']);
  });

  it('numbers requests and reports only the answer to the run in flight', () => {
    const { workers, events, client } = setup();
    client.runNow(texts('a'));
    const w = workers[0]!;
    w.answer(99); // not a request of this client
    expect(events.filter((e) => e.type === 'response')).toHaveLength(0);
    w.answer(1);
    expect(events.filter((e) => e.type === 'response')).toHaveLength(1);
  });

  it('keeps one run in flight and runs only the newest waiting text after it', () => {
    const { workers, client } = setup();
    client.runNow(texts('a'));
    client.runNow(texts('b'));
    client.runNow(texts('c'));
    const w = workers[0]!;
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a']);
    w.answer(1);
    expect(w.sent.map((m) => m.texts.job)).toEqual(['a', 'c']);
    expect(w.sent[1]?.seq).toBe(2);
  });

  it('ends a worker that takes too long, reports it, and runs the next text in a new one', () => {
    const { timers, workers, events, client } = setup({ timeoutMs: 3000 });
    client.runNow(texts('slow'));
    client.runNow(texts('fast'));
    workers[0]!.ready();
    timers.advance(2999);
    expect(workers[0]?.terminated).toBe(false);
    timers.advance(1);
    expect(workers[0]?.terminated).toBe(true);
    expect(events).toContainEqual({ type: 'timeout', seq: 1, millis: 3000 });
    expect(workers[1]?.sent.map((m) => m.texts.job)).toEqual(['fast']);
    // A late answer from the ended worker is dropped.
    workers[0]!.answer(1);
    expect(events.filter((e) => e.type === 'response')).toHaveLength(0);
    workers[1]!.answer(2);
    expect(events.filter((e) => e.type === 'response')).toHaveLength(1);
  });

  it('starts the time limit only once the worker has loaded', () => {
    const { timers, workers, events, client } = setup({ timeoutMs: 3000 });
    client.runNow(texts('a'));
    timers.advance(10_000); // loading a worker's code on a slow machine
    expect(workers[0]?.terminated).toBe(false);
    workers[0]!.ready();
    timers.advance(2999);
    expect(events.some((e) => e.type === 'timeout')).toBe(false);
    timers.advance(1);
    expect(events).toContainEqual({ type: 'timeout', seq: 1, millis: 3000 });
  });

  it('gives up on a worker that never loads', () => {
    const { timers, workers, events, client } = setup({ bootTimeoutMs: 20_000 });
    client.runNow(texts('a'));
    timers.advance(20_000);
    expect(workers[0]?.terminated).toBe(true);
    expect(events).toContainEqual({ type: 'worker-error', seq: 1, message: 'it did not start' });
  });

  it('restarts a worker that fails', () => {
    const { workers, events, client } = setup();
    client.runNow(texts('a'));
    workers[0]!.onerror?.({ message: 'boom' });
    expect(workers[0]?.terminated).toBe(true);
    expect(events).toContainEqual({ type: 'worker-error', seq: 1, message: 'boom' });
    client.runNow(texts('b'));
    expect(workers[1]?.sent).toHaveLength(1);
  });

  it('sends a worker that keeps its texts only the tabs that changed, and a new worker everything', () => {
    const { workers, events, client } = setup();
    const big = { job: 'a', cluster: '{"Nodes":[]}' };
    client.runNow(big);
    const w = workers[0]!;
    w.ready(true);
    w.answer(1);
    client.runNow({ ...big, job: 'ab' });
    w.answer(2);
    client.runNow({ job: 'ab', cluster: '{}' });
    expect(w.all).toEqual([
      { type: 'run', seq: 1, texts: big },
      { type: 'run-changed', seq: 2, texts: { job: 'ab' } },
      { type: 'run-changed', seq: 3, texts: { cluster: '{}' } },
    ]);
    w.onerror?.({ message: 'boom' });
    expect(events).toContainEqual({ type: 'worker-error', seq: 3, message: 'boom' });
    client.runNow({ job: 'abc', cluster: '{}' });
    expect(workers[1]!.all).toEqual([{ type: 'run', seq: 4, texts: { job: 'abc', cluster: '{}' } }]);
  });

  it('sends a worker that does not say it keeps its texts every text', () => {
    const { workers, client } = setup();
    client.runNow(texts('a'));
    workers[0]!.ready();
    workers[0]!.answer(1);
    client.runNow(texts('ab'));
    expect(workers[0]!.all.map((m) => m.type)).toEqual(['run', 'run']);
  });

  it('does nothing after dispose', () => {
    const { timers, workers, client } = setup({ debounceMs: 150 });
    client.update(texts('a'));
    client.dispose();
    timers.advance(1000);
    client.runNow(texts('b'));
    expect(workers).toHaveLength(0);
  });

  it('rebuilds each success sent as a delta from the one before, from nothing with a new worker', () => {
    const { timers, workers, events, client } = setup({ timeoutMs: 3000 });
    // A worker's successes, each sent against the one before it, as entry.ts sends them.
    const successes = (w: FakeWorker) => {
      let sent: ResultParts | null = null;
      return (seq: number, name: string) => {
        const r = {
          type: 'result',
          ok: true,
          seq,
          millis: 1,
          scenario: { Name: name },
          document: {},
          trace: null,
          diff: undefined,
        };
        const { message, parts } = encodeResponse(r as unknown as RunSuccess, sent);
        sent = parts;
        w.onmessage?.({ data: structuredClone(message) });
      };
    };
    client.runNow(texts('a'));
    const first = successes(workers[0]!);
    workers[0]!.ready(true);
    first(1, 'one');
    client.runNow(texts('ab'));
    first(2, 'two');
    const results = () =>
      events.flatMap((e) =>
        e.type === 'response' && e.response.type === 'result' && e.response.ok ? [e.response] : [],
      );
    expect(results().map((r) => [r.seq, r.scenario.Name, r.document])).toEqual([
      [1, 'one', {}],
      [2, 'two', {}],
    ]);
    expect(results()[1]!.document).toBe(results()[0]!.document);

    client.runNow(texts('abc'));
    timers.advance(3000);
    client.runNow(texts('abcd'));
    const second = successes(workers[1]!);
    workers[1]!.ready(true);
    second(4, 'three');
    expect(results()[2]).toMatchObject({ type: 'result', seq: 4, scenario: { Name: 'three' } });
  });
});
