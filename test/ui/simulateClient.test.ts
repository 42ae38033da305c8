// The rollout worker's client: one film at a time, the newest request
// waiting, and a film that takes too long ends its worker.

import { describe, expect, it } from 'vitest';
import { SimulationClient, type SimulateWorkerLike } from '../../src/worker/simulateClient.ts';
import type { SimulateRequest, SimulateResponse } from '../../src/worker/simulateProtocol.ts';

class HeldWorker implements SimulateWorkerLike {
  sent: SimulateRequest[] = [];
  terminated = false;
  onmessage: ((e: { data: SimulateResponse }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  postMessage(m: SimulateRequest): void {
    this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(seq: number): void {
    this.onmessage?.({ data: { type: 'film', ok: false, seq, message: `answer ${seq}`, diagnostics: [] } });
  }
}

function setup() {
  const workers: HeldWorker[] = [];
  const answers: SimulateResponse[] = [];
  const timers: (() => void)[] = [];
  const client = new SimulationClient(
    () => {
      const w = new HeldWorker();
      workers.push(w);
      return w;
    },
    { setTimeout: (fn) => timers.push(fn), clearTimeout: () => {} },
    (a) => answers.push(a),
  );
  return { client, workers, answers, timers };
}

const texts = (n: number) => ({ job: `{"n":${n}}`, cluster: '{}' });

describe('SimulationClient', () => {
  it('sends one request at a time and only the newest of those made meanwhile', () => {
    const { client, workers, answers } = setup();
    client.request(texts(1));
    client.request(texts(2));
    client.request(texts(3));
    expect(workers[0]!.sent.map((r) => r.texts.job)).toEqual(['{"n":1}']);
    workers[0]!.answer(1);
    expect(workers[0]!.sent.map((r) => r.texts.job)).toEqual(['{"n":1}', '{"n":3}']);
    workers[0]!.answer(2);
    expect(answers.map((a) => a.seq)).toEqual([1, 2]);
  });

  it('keeps a waiting request’s Compare versions, and asks for it only when on', () => {
    const { client, workers } = setup();
    client.request(texts(1));
    client.request(texts(2), true);
    workers[0]!.answer(1);
    expect(workers[0]!.sent.map((r) => r.compare)).toEqual([undefined, true]);
  });

  it('ends a worker that takes too long, says so, and starts a new one for the next request', () => {
    const { client, workers, answers, timers } = setup();
    client.request(texts(1));
    timers[0]!();
    expect(workers[0]!.terminated).toBe(true);
    expect(answers[0]).toMatchObject({ ok: false, message: expect.stringContaining('longer than 20 s') });
    workers[0]!.answer(1); // too late: ignored
    expect(answers).toHaveLength(1);
    client.request(texts(2));
    expect(workers).toHaveLength(2);
  });
});
