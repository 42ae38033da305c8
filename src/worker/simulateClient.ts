// The page's side of the rollout worker. One film is computed at a time;
// a request made meanwhile waits, replacing any older waiting one. A film
// that takes longer than its limit ends the worker (a new one starts with
// the next request) and is reported as such.

import type { Timers } from './reconcileClient.ts';
import type { SimulateRequest, SimulateResponse } from './simulateProtocol.ts';

/** SimulateWorkerLike is the part of a Worker the rollout client uses. */
export interface SimulateWorkerLike {
  postMessage(message: SimulateRequest): void;
  terminate(): void;
  onmessage: ((e: { data: SimulateResponse }) => void) | null;
  onerror: ((e: unknown) => void) | null;
}

/** SIMULATE_TIMEOUT_MS is how long one film may take (a rollout is many reconciliations). */
export const SIMULATE_TIMEOUT_MS = 20000;

/** SimulationClient sends simulate requests to a lazily created worker and reports each answer or failure. */
export class SimulationClient {
  private worker: SimulateWorkerLike | null = null;
  private seq = 0;
  private inFlight: number | null = null;
  private waiting: Omit<SimulateRequest, 'type' | 'seq'> | null = null;
  private deadline: unknown = null;

  constructor(
    private readonly createWorker: () => SimulateWorkerLike,
    private readonly timers: Timers,
    private readonly onAnswer: (r: SimulateResponse) => void,
    private readonly timeoutMs = SIMULATE_TIMEOUT_MS,
  ) {}

  /** request asks for a film of these texts (and, with `compare`, the other Nomad's beside it), after the one in flight if there is one. */
  request(texts: SimulateRequest['texts'], compare = false): void {
    if (this.inFlight !== null) {
      this.waiting = { texts, compare };
      return;
    }
    const seq = ++this.seq;
    this.inFlight = seq;
    const worker = this.ensureWorker();
    this.deadline = this.timers.setTimeout(
      () => this.fail(seq, `The rollout took longer than ${this.timeoutMs / 1000} s, so it was stopped.`),
      this.timeoutMs,
    );
    worker.postMessage({ type: 'simulate', seq, texts, ...(compare ? { compare } : {}) });
  }

  private ensureWorker(): SimulateWorkerLike {
    if (this.worker !== null) return this.worker;
    const w = this.createWorker();
    w.onmessage = (e) => {
      if (this.worker === w && e.data.seq === this.inFlight) this.done(e.data);
    };
    w.onerror = () => {
      if (this.worker === w && this.inFlight !== null)
        this.fail(this.inFlight, 'The rollout worker failed; it is restarted with the next change.');
    };
    this.worker = w;
    return w;
  }

  private done(answer: SimulateResponse): void {
    this.settle();
    this.onAnswer(answer);
    this.next();
  }

  private fail(seq: number, message: string): void {
    if (seq !== this.inFlight) return;
    this.worker?.terminate();
    this.worker = null;
    this.done({ type: 'film', ok: false, seq, message, diagnostics: [] });
  }

  private settle(): void {
    if (this.deadline !== null) this.timers.clearTimeout(this.deadline);
    this.deadline = null;
    this.inFlight = null;
  }

  private next(): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) this.request(waiting.texts, waiting.compare);
  }
}
