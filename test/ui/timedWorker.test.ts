// The page's side of the check worker: each task answered within its time
// limit or its worker ended, loading not counted, a newer task replacing an
// older one, and link checks that could not finish turned into messages.

import { describe, expect, it, vi } from 'vitest';
import type { FileImport } from '../../src/share/importFile.ts';
import type { DocumentCheck } from '../../src/share/linkCodec.ts';
import { decodeLink, encodeLink } from '../../src/share/linkCodec.ts';
import { pageChecks, type CheckWorkerLike } from '../../src/worker/checkClient.ts';
import type { CheckTask, ImportPreviewAnswer } from '../../src/worker/checkTasks.ts';
import type { TaskMessage, TaskRequest } from '../../src/worker/timedWorker.ts';
import { TimedWorker } from '../../src/worker/timedWorker.ts';

type Value = DocumentCheck | ImportPreviewAnswer | FileImport;

// HeldWorker answers only when the test says so.
class HeldWorker implements CheckWorkerLike {
  sent: TaskRequest<CheckTask>[] = [];
  terminated = false;
  onmessage: ((e: { data: TaskMessage<Value> }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  postMessage(m: TaskRequest<CheckTask>): void {
    this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(m: TaskMessage<Value>): void {
    this.onmessage?.({ data: m });
  }
}

// FakeTimers keeps each timer for the test to fire.
class FakeTimers {
  private timers: { fn: () => void; ms: number; live: boolean }[] = [];
  setTimeout = (fn: () => void, ms: number): unknown => {
    const t = { fn, ms, live: true };
    this.timers.push(t);
    return t;
  };
  clearTimeout = (h: unknown): void => {
    (h as { live: boolean }).live = false;
  };
  /** live are the limits of the timers still set. */
  get live(): number[] {
    return this.timers.filter((t) => t.live).map((t) => t.ms);
  }
  /** fire runs the live timers. */
  fire(): void {
    for (const t of this.timers.filter((x) => x.live)) {
      t.live = false;
      t.fn();
    }
  }
}

function setup(timeoutMs = 3000) {
  const workers: HeldWorker[] = [];
  const timers = new FakeTimers();
  const create = () => {
    const w = new HeldWorker();
    workers.push(w);
    return w;
  };
  return { workers, timers, create, tasks: new TimedWorker(create, timers, { timeoutMs }) };
}

// read is the check of a scenario that reads, by its name.
const read = (name: string): DocumentCheck => ({ ok: true, name, texts: { job: '{}\n', cluster: '{}\n' } });
const check = (text: string): CheckTask => ({ type: 'check-scenario', text });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('TimedWorker', () => {
  it('ends a task past its limit, with its worker, and starts a new worker for the next task', async () => {
    const { tasks, workers, timers } = setup();
    const first = tasks.run(check('{}'));
    workers[0]!.say({ type: 'ready' });
    expect(timers.live).toEqual([3000]);
    timers.fire();
    expect(await first).toEqual({ done: false, why: 'timeout', limitMs: 3000 });
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.say({ type: 'answer', seq: 1, value: read('late') }); // too late: ignored
    const second = tasks.run(check('{}'));
    expect(workers).toHaveLength(2);
    workers[1]!.say({ type: 'ready' });
    workers[1]!.say({ type: 'answer', seq: 2, value: read('x') });
    expect(await second).toEqual({ done: true, value: read('x') });
  });

  it('does not count starting the worker, or loading code, as the task’s time', async () => {
    const { tasks, workers, timers } = setup();
    const answer = tasks.run(check('{"JobSpec": ""}'));
    expect(timers.live).toEqual([20_000]);
    workers[0]!.say({ type: 'ready' });
    workers[0]!.say({ type: 'loading', seq: 1 });
    expect(timers.live).toEqual([60_000]);
    workers[0]!.say({ type: 'loaded', seq: 1 });
    expect(timers.live).toEqual([3000]);
    workers[0]!.say({ type: 'answer', seq: 1, value: read('') });
    expect((await answer).done).toBe(true);
    expect(timers.live).toEqual([]);
  });

  it('replaces a task still running with a newer one, ending its worker', async () => {
    const { tasks, workers } = setup();
    const old = tasks.run(check('1'));
    const fresh = tasks.run(check('2'));
    expect(await old).toEqual({ done: false, why: 'replaced' });
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.sent.map((r) => r.seq)).toEqual([2]);
    workers[1]!.say({ type: 'ready' });
    workers[1]!.say({ type: 'answer', seq: 2, value: read('2') });
    expect(await fresh).toMatchObject({ done: true });
  });

  it('answers what a task threw, or a worker’s error, as a failure', async () => {
    const { tasks, workers } = setup();
    const thrown = tasks.run(check('1'));
    workers[0]!.say({ type: 'failed', seq: 1, message: 'Maximum call stack size exceeded' });
    expect(await thrown).toEqual({ done: false, why: 'failed', message: 'Maximum call stack size exceeded' });
    const broken = tasks.run(check('2'));
    workers[0]!.onerror?.({ message: 'out of memory' });
    expect(await broken).toEqual({ done: false, why: 'failed', message: 'out of memory' });
    expect(workers[0]!.terminated).toBe(true);
  });
});

describe('pageChecks', () => {
  it('refuses a link whose scenario is not read within the time limit, saying so', async () => {
    const { workers, timers, create } = setup();
    const checkInWorker = pageChecks(create, timers, 3000).check;
    const link = await encodeLink('{"Name": "slow"}');
    const decoding = decodeLink(link, { check: checkInWorker });
    await vi.waitFor(() => expect(workers).toHaveLength(1));
    workers[0]!.say({ type: 'ready' });
    timers.fire();
    const decoded = await decoding;
    expect(decoded).toMatchObject({ ok: false, error: { code: 'too-slow' } });
    expect(!decoded.ok && decoded.error.message).toBe(
      "The shared link's scenario could not be read in time: reading it took longer than 3 s, the page's time limit, so it was stopped.",
    );
  });

  it('checks one text after another, in one worker', async () => {
    const { workers, create, timers } = setup();
    const checkInWorker = pageChecks(create, timers, 3000).check;
    const a = checkInWorker('a');
    const b = checkInWorker('b');
    await flush();
    expect(workers[0]!.sent.map((r) => r.task)).toEqual([check('a')]);
    workers[0]!.say({ type: 'ready' });
    workers[0]!.say({ type: 'failed', seq: 1, message: 'Maximum call stack size exceeded' });
    expect(await a).toMatchObject({
      ok: false,
      error: { code: 'not-scenario', detail: 'reading it failed (Maximum call stack size exceeded).' },
    });
    await flush();
    expect(workers).toHaveLength(1);
    workers[0]!.say({ type: 'answer', seq: 2, value: read('b') });
    expect(await b).toEqual(read('b'));
  });
});

describe('pageChecks.importFile', () => {
  it('refuses a file not taken apart in time, changing nothing', async () => {
    const { workers, timers, create } = setup();
    const reading = pageChecks(create, timers, 1500).importFile('big.json', 9, '{"a":1}', {
      job: '{}\n',
      cluster: '{}\n',
    });
    await flush();
    expect(workers[0]!.sent[0]!.task).toMatchObject({ type: 'import-file', name: 'big.json' });
    workers[0]!.say({ type: 'ready' });
    timers.fire();
    expect(await reading).toEqual({
      ok: false,
      message: 'big.json took longer than 1.5 s to read, so it was not imported. Nothing was changed.',
    });
  });
});
