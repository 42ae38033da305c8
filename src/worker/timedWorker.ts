// The page's side of a worker that does one task at a time under a time
// limit: checking a link's scenario, previewing an import. A task that runs
// past its limit cannot be stopped from inside (JavaScript has no
// preemption), so the worker is ended and a new one starts with the next
// task; a task asked for while another runs replaces it the same way, its
// answer no longer wanted. Loading the worker's code, or code a task needs
// (the HCL reader), is not the task's time: it has limits of its own, as
// for the reconciler (reconcileClient.ts). Timers and the worker are
// injected, so the logic is tested without a browser.

import type { Timers } from './reconcileClient.ts';

/** TaskRequest is one task sent to the worker, numbered so that its answer can be told from a replaced one's. */
export interface TaskRequest<Task> {
  seq: number;
  task: Task;
}

/**
 * TaskMessage is what the worker says: it listens ('ready', once its code
 * has loaded), it is loading code for a task ('loading', then 'loaded'), a
 * task's answer, or the error a task threw.
 */
export type TaskMessage<Value> =
  | { type: 'ready' }
  | { type: 'loading'; seq: number }
  | { type: 'loaded'; seq: number }
  | { type: 'answer'; seq: number; value: Value }
  | { type: 'failed'; seq: number; message: string };

/** TaskWorkerLike is the part of a Worker the client uses. */
export interface TaskWorkerLike<Task, Value> {
  postMessage(message: TaskRequest<Task>): void;
  terminate(): void;
  onmessage: ((e: { data: TaskMessage<Value> }) => void) | null;
  onerror: ((e: unknown) => void) | null;
}

/**
 * TaskAnswer is a task's value, or why there is none: it ran past its time
 * limit (`limitMs`), the worker failed (or the task threw: `message`), or a
 * newer task replaced it.
 */
export type TaskAnswer<Value> =
  | { done: true; value: Value }
  | { done: false; why: 'timeout'; limitMs: number }
  | { done: false; why: 'failed'; message: string }
  | { done: false; why: 'replaced' };

/** TaskLimits are how long a task, loading code for it, and starting the worker may take, in milliseconds. */
export interface TaskLimits {
  timeoutMs: number;
  loadTimeoutMs?: number;
  bootTimeoutMs?: number;
}

/** TASK_LOAD_TIMEOUT_MS is how long the worker may take to load code a task needs (the HCL reader: megabytes to compile). */
const TASK_LOAD_TIMEOUT_MS = 60_000;
/** TASK_BOOT_TIMEOUT_MS is how long a new worker may take to load its own code. */
const TASK_BOOT_TIMEOUT_MS = 20_000;

interface Running<Value> {
  seq: number;
  resolve: (answer: TaskAnswer<Value>) => void;
  deadline: unknown;
}

/** TimedWorker runs tasks in a worker, one at a time, each answered within its limit or ended. */
export class TimedWorker<Task, Value> {
  private worker: TaskWorkerLike<Task, Value> | null = null;
  private ready = false;
  private seq = 0;
  private running: Running<Value> | null = null;

  constructor(
    private readonly createWorker: () => TaskWorkerLike<Task, Value>,
    private readonly timers: Timers,
    private readonly limits: TaskLimits,
  ) {}

  /** run does a task, replacing (and ending) the one in flight if there is one. */
  run(task: Task): Promise<TaskAnswer<Value>> {
    if (this.running !== null) this.stop({ done: false, why: 'replaced' });
    const seq = ++this.seq;
    const worker = this.ensureWorker();
    return new Promise((resolve) => {
      this.running = { seq, resolve, deadline: null };
      if (this.ready) this.arm(this.limits.timeoutMs, 'task');
      else this.arm(this.limits.bootTimeoutMs ?? TASK_BOOT_TIMEOUT_MS, 'boot');
      worker.postMessage({ seq, task });
    });
  }

  /** dispose ends the worker; a task in flight is answered as replaced. */
  dispose(): void {
    if (this.running !== null) this.stop({ done: false, why: 'replaced' });
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): TaskWorkerLike<Task, Value> {
    if (this.worker !== null) return this.worker;
    const w = this.createWorker();
    this.ready = false;
    w.onmessage = (e) => {
      // An ended worker may still speak: only the current one counts.
      if (this.worker === w) this.received(e.data);
    };
    w.onerror = (e) => {
      if (this.worker !== w) return;
      const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : 'the worker failed';
      this.stop({ done: false, why: 'failed', message });
    };
    this.worker = w;
    return w;
  }

  private received(m: TaskMessage<Value>): void {
    if (m.type === 'ready') {
      this.ready = true;
      if (this.running !== null) this.arm(this.limits.timeoutMs, 'task');
      return;
    }
    if (this.running === null || m.seq !== this.running.seq) return;
    if (m.type === 'loading') this.arm(this.limits.loadTimeoutMs ?? TASK_LOAD_TIMEOUT_MS, 'load');
    else if (m.type === 'loaded') this.arm(this.limits.timeoutMs, 'task');
    else if (m.type === 'answer') this.settle({ done: true, value: m.value });
    else this.settle({ done: false, why: 'failed', message: m.message });
  }

  // arm (re)starts the running task's deadline: past it, the worker is ended.
  private arm(ms: number, what: 'task' | 'load' | 'boot'): void {
    const running = this.running;
    if (running === null) return;
    if (running.deadline !== null) this.timers.clearTimeout(running.deadline);
    running.deadline = this.timers.setTimeout(() => {
      if (this.running !== running) return;
      this.stop(
        what === 'task'
          ? { done: false, why: 'timeout', limitMs: ms }
          : { done: false, why: 'failed', message: `the worker took longer than ${ms / 1000} s to load its code` },
      );
    }, ms);
  }

  // stop ends the worker with the task in flight, answering it.
  private stop(answer: TaskAnswer<Value>): void {
    this.worker?.terminate();
    this.worker = null;
    this.settle(answer);
  }

  private settle(answer: TaskAnswer<Value>): void {
    const running = this.running;
    if (running === null) return;
    if (running.deadline !== null) this.timers.clearTimeout(running.deadline);
    this.running = null;
    running.resolve(answer);
  }
}
