// The page's side of the reconciler worker: runs edits as they come (or
// after a pause, if asked), numbers each request, drops answers to
// superseded requests, and ends and restarts a worker that takes too long.
// Timers and the worker are injected, so the logic is tested without a
// browser.

import type { ClusterRequest, ResultParts, RunResponse, WorkerRequest, WorkerResponse } from './protocol.ts';
import { decodeResponse } from './resultDelta.ts';
import { TABS, type TabTexts } from '../scenario/tabs.ts';

/** WorkerLike is the part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((e: { data: WorkerResponse }) => void) | null;
  onerror: ((e: unknown) => void) | null;
}

/** Timers are the clock functions the client needs (window's, or fakes in tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** ClientEvent is what the client reports to its owner. */
export type ClientEvent =
  | { type: 'started'; seq: number }
  | { type: 'response'; response: RunResponse }
  | { type: 'timeout'; seq: number; millis: number }
  | { type: 'worker-error'; seq: number; message: string };

/** ClientOptions configure a ReconcileClient. */
export interface ClientOptions {
  createWorker: () => WorkerLike;
  timers: Timers;
  onEvent: (e: ClientEvent) => void;
  /** debounceMs is how long typing must pause before a run; 0 (the default) runs each edit at once, coalescing while busy. */
  debounceMs?: number;
  /** timeoutMs is how long a run may take before the worker is restarted (default 3000). */
  timeoutMs?: number;
  /** bootTimeoutMs is how long a new worker may take to load before it counts as failed (default 20000). */
  bootTimeoutMs?: number;
  /** loadTimeoutMs is how long the worker may take to load code a run needs, such as the HCL parser (default 60000). */
  loadTimeoutMs?: number;
  /** compare asks the first run, and every run after it, for the other Nomad version's too (default false). */
  compare?: boolean;
}

/**
 * DEFAULT_DEBOUNCE_MS is the pause after the last keystroke before a run:
 * none. A pause adds its whole length to every keystroke's wait for the
 * graph (150 ms alone broke the goal of an updated graph within 100 ms of
 * a keystroke), while the one-run-at-a-time rule below already keeps fast
 * typing from queueing runs: an edit made while a run is in flight waits,
 * replacing any older waiting edit, and runs as soon as that run answers.
 */
export const DEFAULT_DEBOUNCE_MS = 0;
/** DEFAULT_TIMEOUT_MS is how long a run may take before its worker is ended. */
export const DEFAULT_TIMEOUT_MS = 3000;
/** DEFAULT_LOAD_TIMEOUT_MS is how long the worker may take to load the HCL parser (a few MB of JavaScript to compile and initialise). */
export const DEFAULT_LOAD_TIMEOUT_MS = 60000;
/** DEFAULT_BOOT_TIMEOUT_MS is how long a new worker may take to load its code. */
export const DEFAULT_BOOT_TIMEOUT_MS = 20000;

/**
 * ReconcileClient runs the latest texts in a worker. Only one run is in
 * flight at a time; texts that arrive meanwhile wait, and only the newest of
 * them is run next, so a slow run never queues a backlog.
 */
export class ReconcileClient {
  private worker: WorkerLike | null = null;
  /** ready is true once the current worker said it has loaded. */
  private ready = false;
  /** keepsTexts is true once the current worker said it keeps the texts of its last request. */
  private keepsTexts = false;
  /** sentTexts are the texts of the last request to the current worker. */
  private sentTexts: TabTexts | null = null;
  /** receivedParts are the large parts of the last success from the current worker, which its next one is sent against. */
  private receivedParts: ResultParts | null = null;
  private seq = 0;
  private debounce: unknown = null;
  private deadline: unknown = null;
  private inFlight: number | null = null;
  private waiting: { texts: TabTexts; makeCluster?: ClusterRequest } | null = null;
  private disposed = false;
  /** compare asks every run for the other Nomad version's too (Compare versions). */
  private compare: boolean;

  constructor(private readonly options: ClientOptions) {
    this.compare = options.compare ?? false;
  }

  /** setCompare turns Compare versions on or off, and runs these texts again with it. */
  setCompare(on: boolean, texts: TabTexts): void {
    if (on === this.compare) return;
    this.compare = on;
    this.runNow(texts);
  }

  /**
   * update runs these texts: at once when the worker is idle, after the run
   * in flight when it is busy (only the newest waiting texts are kept), or
   * after the debounce pause when one is configured.
   */
  update(texts: TabTexts): void {
    const { timers } = this.options;
    const pause = this.options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    if (pause <= 0) {
      this.runNow(texts);
      return;
    }
    if (this.debounce !== null) timers.clearTimeout(this.debounce);
    this.debounce = timers.setTimeout(() => {
      this.debounce = null;
      this.runNow(texts);
    }, pause);
  }

  /**
   * runNow runs these texts at once (or as soon as the run in flight ends),
   * skipping the debounce; with makeCluster, over a cluster made to run the
   * Job tab's job instead of the Cluster tab's text.
   */
  runNow(texts: TabTexts, makeCluster?: ClusterRequest): void {
    if (this.disposed) return;
    if (this.debounce !== null) {
      this.options.timers.clearTimeout(this.debounce);
      this.debounce = null;
    }
    if (this.inFlight !== null) {
      this.waiting = makeCluster ? { texts, makeCluster } : { texts };
      return;
    }
    this.start(texts, makeCluster);
  }

  /** latestSeq is the sequence number of the newest request sent. */
  get latestSeq(): number {
    return this.seq;
  }

  /** dispose ends the worker and every timer. */
  dispose(): void {
    this.disposed = true;
    const { timers } = this.options;
    if (this.debounce !== null) timers.clearTimeout(this.debounce);
    if (this.deadline !== null) timers.clearTimeout(this.deadline);
    this.worker?.terminate();
    this.worker = null;
  }

  private start(texts: TabTexts, makeCluster?: ClusterRequest): void {
    const seq = ++this.seq;
    const worker = this.ensureWorker();
    this.inFlight = seq;
    this.options.onEvent({ type: 'started', seq });
    if (this.ready) this.startDeadline(seq);
    else
      this.deadline = this.options.timers.setTimeout(
        () => this.bootFailed(seq),
        this.options.bootTimeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS,
      );
    // A worker still loading queues the message until it listens. A worker
    // that keeps its last texts is sent only the tabs that changed.
    const before = this.sentTexts;
    this.sentTexts = texts;
    const compare = this.compare ? { compare: true } : {};
    if (makeCluster) {
      // The worker's Cluster text will be the one it makes, which the page
      // has not seen yet: the next request sends every tab.
      this.sentTexts = null;
      worker.postMessage({ type: 'run', seq, texts, makeCluster, ...compare });
    } else if (this.keepsTexts && before !== null) {
      const changed: Partial<TabTexts> = {};
      for (const tab of TABS) if (texts[tab] !== before[tab]) changed[tab] = texts[tab];
      worker.postMessage({ type: 'run-changed', seq, texts: changed, ...compare });
    } else {
      worker.postMessage({ type: 'run', seq, texts, ...compare });
    }
  }

  // startDeadline starts the time limit of the run in flight: loading the
  // worker's code does not count against it.
  private startDeadline(seq: number): void {
    if (this.deadline !== null) this.options.timers.clearTimeout(this.deadline);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.deadline = this.options.timers.setTimeout(() => this.timedOut(seq, timeoutMs), timeoutMs);
  }

  private bootFailed(seq: number): void {
    if (seq !== this.inFlight) return;
    this.deadline = null;
    this.failed({ message: 'it did not start' });
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.options.createWorker();
    this.ready = false;
    this.keepsTexts = false;
    this.sentTexts = null;
    this.receivedParts = null;
    w.onmessage = (e) => {
      // Only the current worker's messages count; an ended one may still speak.
      if (this.worker === w) this.received(e.data);
    };
    w.onerror = (e) => {
      if (this.worker === w) this.failed(e);
    };
    this.worker = w;
    return w;
  }

  private received(message: WorkerResponse): void {
    // Every success is rebuilt, even one that is dropped below: the worker sends the next against it.
    let response: Exclude<WorkerResponse, { type: 'result-delta' }>;
    if (message.type === 'result-delta') {
      response = decodeResponse(message, this.receivedParts);
      const { scenario, document, trace, diff } = response;
      this.receivedParts = { scenario, document, trace, diff };
    } else response = message;
    if (response.type === 'ready') {
      this.ready = true;
      this.keepsTexts = response.keepsTexts === true;
      if (this.inFlight !== null) this.startDeadline(this.inFlight);
      return;
    }
    if (response.type === 'loading') {
      // The worker is loading code for this run (the HCL parser, megabytes):
      // that is not the run's time; the load has a limit of its own, and its
      // 'ready' starts the run's limit afresh.
      const seq = this.inFlight;
      if (seq === null) return;
      if (this.deadline !== null) this.options.timers.clearTimeout(this.deadline);
      this.deadline = this.options.timers.setTimeout(
        () => this.bootFailed(seq),
        this.options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
      );
      return;
    }
    // An answer to anything but the run in flight belongs to a worker that
    // was replaced; drop it.
    if (response.seq !== this.inFlight) return;
    this.finish();
    this.options.onEvent({ type: 'response', response });
    this.next();
  }

  private timedOut(seq: number, millis: number): void {
    if (seq !== this.inFlight) return;
    this.deadline = null;
    this.restart();
    this.options.onEvent({ type: 'timeout', seq, millis });
    this.next();
  }

  private failed(e: unknown): void {
    const seq = this.inFlight;
    if (seq === null) return;
    this.restart();
    const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : 'the worker failed';
    this.options.onEvent({ type: 'worker-error', seq, message });
    this.next();
  }

  private restart(): void {
    this.finish();
    this.worker?.terminate();
    this.worker = null;
  }

  private finish(): void {
    if (this.deadline !== null) this.options.timers.clearTimeout(this.deadline);
    this.deadline = null;
    this.inFlight = null;
  }

  private next(): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting && !this.disposed) this.start(waiting.texts, waiting.makeCluster);
  }
}
