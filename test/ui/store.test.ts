import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/createAppStore.ts';
import type { WorkerLike } from '../../src/worker/reconcileClient.ts';
import { handleRun } from '../../src/worker/handle.ts';
import type { RunRequest, WorkerResponse } from '../../src/worker/protocol.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import defaultScenario from '../../src/ui/defaultScenario.json';

// InlineWorker answers like the real worker, but only when the test says so.
class InlineWorker implements WorkerLike {
  queue: RunRequest[] = [];
  onmessage: ((e: { data: WorkerResponse }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  postMessage(m: RunRequest): void {
    this.queue.push(m);
  }
  terminate(): void {}
  flush(): void {
    this.onmessage?.({ data: { type: 'ready' } });
    while (this.queue.length > 0) this.onmessage?.({ data: handleRun(this.queue.shift()!) });
  }
}

function setup(more: { compareVersions?: boolean; onCompareVersions?: (on: boolean) => void } = {}) {
  const worker = new InlineWorker();
  const pending: (() => void)[] = [];
  const texts = splitScenario(defaultScenario);
  const store = createAppStore({
    initialTexts: texts,
    createWorker: () => worker,
    timers: { setTimeout: (fn) => pending.push(fn), clearTimeout: () => {} },
    createSimulationWorker: () => {
      throw new Error('these tests never open the rollout');
    },
    ...more,
  });
  return { store, worker, texts };
}

describe('the app store', () => {
  it('runs the initial texts and shows the result', () => {
    const { store, worker } = setup();
    expect(store.getState().status).toBe('running');
    worker.flush();
    expect(store.getState().status).toBe('ok');
    expect(store.getState().result?.document.DesiredTGUpdates.web?.Place).toBe(1);
  });

  it('keeps the typed text, marks the result stale while invalid, and recovers', () => {
    const { store, worker, texts } = setup();
    worker.flush();
    const good = store.getState().result;
    store.getState().setText('job', '{ "ID": ');
    expect(store.getState().texts.job).toBe('{ "ID": ');
    expect(worker.queue).toHaveLength(1); // no pause: the edit is sent at once
    worker.flush();
    const s = store.getState();
    expect(s.status).toBe('invalid');
    expect(s.stale).toBe(true);
    expect(s.result).toBe(good);
    expect(s.diagnostics[0]?.tab).toBe('job');
    expect(s.texts.job).toBe('{ "ID": ');

    store.getState().setText('job', texts.job);
    store.getState().runNow();
    worker.flush();
    expect(store.getState().stale).toBe(false);
    expect(store.getState().result).not.toBe(good);
  });

  it('Compare versions left on asks the first run to compare; turning it off is kept and asks no more', () => {
    const kept: boolean[] = [];
    const { store, worker } = setup({ compareVersions: true, onCompareVersions: (on) => kept.push(on) });
    expect(store.getState().compareVersions).toBe(true);
    expect(worker.queue).toHaveLength(1);
    expect(worker.queue[0]?.compare).toBe(true);
    worker.flush();
    store.getState().setCompareVersions(false);
    expect(kept).toEqual([false]);
    expect(worker.queue.at(-1)?.compare).toBeUndefined();
  });

  it('a link made with Compare versions on turns it on; one without leaves the choice as it was', () => {
    const { store, worker } = setup();
    worker.flush();
    store.getState().restoreView({ tab: 'explain' });
    expect(store.getState().compareVersions).toBe(false);
    store.getState().restoreView({ versions: 'both' });
    expect(store.getState().compareVersions).toBe(true);
    expect(worker.queue.at(-1)?.compare).toBe(true);
  });

  it('reveals a place by switching to its tab', () => {
    const { store } = setup();
    store.getState().reveal('cluster', 12, 3);
    expect(store.getState().activeTab).toBe('cluster');
    expect(store.getState().revealRequest).toMatchObject({ tab: 'cluster', line: 12, column: 3 });
  });
});
