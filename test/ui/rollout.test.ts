// The rollout slice with the real simulator behind an inline worker: the
// rollout follows the texts, frames are picked and compared, and events are
// added and removed as edits of the Cluster text.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/createAppStore.ts';
import { eventTiming } from '../../src/store/rolloutSlice.ts';
import { selectFilmVersions } from '../../src/store/selectors.ts';
import type { WorkerLike } from '../../src/worker/reconcileClient.ts';
import { handleRun } from '../../src/worker/handle.ts';
import type { RunRequest, WorkerResponse } from '../../src/worker/protocol.ts';
import type { SimulateWorkerLike } from '../../src/worker/simulateClient.ts';
import { handleSimulate } from '../../src/worker/simulateHandle.ts';
import type { SimulateRequest, SimulateResponse } from '../../src/worker/simulateProtocol.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/rollouts/canary-promote.json', import.meta.url), 'utf8'),
) as {
  Scenario: Record<string, unknown>;
};

class InlineWorker implements WorkerLike {
  onmessage: ((e: { data: WorkerResponse }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  postMessage(m: RunRequest): void {
    this.onmessage?.({ data: { type: 'ready' } });
    this.onmessage?.({ data: handleRun(m) });
  }
  terminate(): void {}
}

// InlineSimulator answers simulate requests when the test flushes it.
class InlineSimulator implements SimulateWorkerLike {
  queue: SimulateRequest[] = [];
  onmessage: ((e: { data: SimulateResponse }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  postMessage(m: SimulateRequest): void {
    this.queue.push(m);
  }
  terminate(): void {}
  async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const answer = await handleSimulate(this.queue.shift()!);
      this.onmessage?.({ data: answer });
    }
  }
}

function setup(texts = splitScenario(fixture.Scenario)) {
  const simulator = new InlineSimulator();
  const store = createAppStore({
    initialTexts: texts,
    createWorker: () => new InlineWorker(),
    createSimulationWorker: () => simulator,
    timers: { setTimeout: () => 0, clearTimeout: () => {} },
  });
  return { store, simulator };
}

describe('the rollout slice', () => {
  it('opens on the film of the texts and shows its first frame in place of the result', async () => {
    const { store, simulator } = setup();
    expect(store.getState().rollout.open).toBe(false);
    store.getState().setRolloutOpen(true);
    expect(store.getState().rollout.status).toBe('running');
    expect(store.getState().resultTab).toBe('rollout');
    await simulator.flush();
    const { rollout } = store.getState();
    expect(rollout.status).toBe('ok');
    expect(rollout.film?.Steps).toHaveLength(2);
    expect(rollout.frame).toBe(1);
    expect(rollout.shown?.document).toBe(rollout.film!.Steps[0]!.Document);
    // The frame, not the last run, is what the views draw.
    store.getState().selectFrame(3);
    expect(store.getState().rollout.shown?.scenario).toBe(rollout.film!.End.Scenario);
    store.getState().setRolloutOpen(false);
    expect(store.getState().resultTab).toBe('plan');
  });

  it('adds an event as an edit of the Cluster text, timed at the frame shown, and follows the new film', async () => {
    const { store, simulator } = setup();
    store.getState().setRolloutOpen(true);
    await simulator.flush();
    store.getState().selectFrame(3); // the end: waiting for promotion
    const before = store.getState().texts.cluster;
    expect(store.getState().addEvent({ Kind: 'deployment-promote' })).toBeNull();
    const after = store.getState().texts.cluster;
    const { Events, ...rest } = JSON.parse(after) as Record<string, unknown>;
    expect(rest).toEqual(JSON.parse(before));
    expect(Events).toEqual([{ After: 2, Kind: 'deployment-promote' }]);
    expect(store.getState().rollout.status).toBe('running');
    await simulator.flush();
    const { rollout } = store.getState();
    expect(rollout.events).toEqual([{ After: 2, Kind: 'deployment-promote' }]);
    expect(rollout.film?.Steps).toHaveLength(6);
    expect(rollout.frame).toBe(3); // kept where the person was
    expect(store.getState().removeEvent(0)).toBeNull();
    expect(JSON.parse(store.getState().texts.cluster).Events).toBeUndefined();
  });

  it('adds an event later than the frame by a delay, written as a Go duration', async () => {
    const { store, simulator } = setup();
    store.getState().setRolloutOpen(true);
    await simulator.flush();
    store.getState().selectFrame(1);
    const canary = store.getState().rollout.film!.Steps[0]!.Placed[0]!.AllocID;
    expect(store.getState().addEvent({ Kind: 'alloc-fail', AllocID: canary }, 5e9)).toBeNull();
    expect(JSON.parse(store.getState().texts.cluster).Events).toEqual([
      { Kind: 'alloc-fail', AllocID: canary, After: 1, Delay: '5s' },
    ]);
    await simulator.flush();
    expect(store.getState().rollout.film!.Events[0]).toMatchObject({
      Problem: null,
      Time: store.getState().rollout.film!.Steps[0]!.Time + 5e9,
    });
  });

  it('highlights what changed between the compared frame and the frame shown', async () => {
    const { store, simulator } = setup();
    store.getState().setRolloutOpen(true);
    await simulator.flush();
    store.getState().selectFrame(3);
    store.getState().setCompareFrame(1);
    const canaries = store.getState().rollout.film!.Steps[0]!.Placed.map((p) => p.AllocID);
    expect([...store.getState().highlight].sort()).toEqual([...canaries].sort());
    store.getState().setCompareFrame(null);
    expect(store.getState().highlight.size).toBe(0);
  });

  it('reports invalid events at their place in the Cluster text, and keeps the last film', async () => {
    const { store, simulator } = setup();
    store.getState().setRolloutOpen(true);
    await simulator.flush();
    const film = store.getState().rollout.film;
    const doc = JSON.parse(store.getState().texts.cluster);
    doc.Events = [{ After: 1, Kind: 'node-down' }];
    store.getState().setText('cluster', JSON.stringify(doc, null, 2));
    await simulator.flush();
    const { rollout } = store.getState();
    expect(rollout.status).toBe('failed');
    expect(rollout.film).toBe(film);
    expect(rollout.diagnostics).toMatchObject([{ tab: 'cluster', path: 'Events[0].NodeID', code: 'required' }]);
    expect(rollout.diagnostics[0]!.line).toBeGreaterThan(1);
  });

  it('opens by itself on texts that carry events (a shared rollout)', async () => {
    const doc = { ...fixture.Scenario, Events: [{ After: 2, Kind: 'deployment-promote' }] };
    const { store, simulator } = setup(splitScenario(doc));
    expect(store.getState().rollout.open).toBe(true);
    await simulator.flush();
    expect(store.getState().rollout.film?.End.Status).toBe('settled');
  });
});

describe('eventTiming', () => {
  it('times an event after the evaluation shown, or at the end’s time after the last evaluation', async () => {
    const answer = await handleSimulate({ type: 'simulate', seq: 1, texts: splitScenario(fixture.Scenario) });
    if (!answer.ok) throw new Error(answer.message);
    expect(eventTiming(answer.film, 1)).toEqual({ After: 1 });
    expect(eventTiming(answer.film, 3)).toEqual({ After: 2 });
    const later = await handleSimulate({
      type: 'simulate',
      seq: 2,
      texts: splitScenario({
        ...fixture.Scenario,
        Events: [
          { After: 2, Kind: 'deployment-promote' },
          { After: 6, Delay: '1m', Kind: 'node-ineligible', NodeID: 'node-1' },
        ],
      }),
    });
    if (!later.ok) throw new Error(later.message);
    // The last event happens a minute after the last evaluation: an event added at the end follows it.
    expect(eventTiming(later.film, 7)).toEqual({ After: 6, Delay: 60e9 });
  });
});

describe('the rollout worker’s time limit', () => {
  it('ends a film that runs past 15 s with its frames so far, before the page’s 20 s end the worker (an injected clock)', async () => {
    let now = 0;
    // Each look at the clock is 8 s later: 15 s are passed at the third look (the start's included).
    const clock = () => (now += 8000);
    const texts = splitScenario({ ...fixture.Scenario, Events: [{ After: 2, Kind: 'deployment-promote' }] });
    const answer = await handleSimulate({ type: 'simulate', seq: 1, texts }, clock);
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.film.End.OverBudget).toMatchObject({ Budget: 'time', Limit: 15_000, Asked: 16_000 });
    expect(answer.film.Steps.length).toBeGreaterThan(0);
  });
});

describe('the rollout with Compare versions', () => {
  const disconnect = JSON.parse(
    readFileSync(new URL('../../src/examples/rollout-disconnect.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

  it('asks for the other Nomad’s film when Compare versions turns on, and shows it only while it is on', async () => {
    const { store, simulator } = setup(splitScenario(disconnect));
    store.getState().setRolloutOpen(true);
    expect(simulator.queue.map((r) => r.compare)).toEqual([undefined]);
    await simulator.flush();
    expect(store.getState().rollout.versions).toBeNull();
    store.getState().setCompareVersions(true);
    expect(simulator.queue.map((r) => r.compare)).toEqual([true]);
    await simulator.flush();
    const versions = selectFilmVersions(store.getState());
    expect(versions).toMatchObject({ version: '1.6', other: '0.12', comparison: { FirstParting: 1 } });
    // Off, the comparison is hidden; on again, the film that has it is not made again.
    store.getState().setCompareVersions(false);
    expect(selectFilmVersions(store.getState())).toBeNull();
    store.getState().setCompareVersions(true);
    expect(simulator.queue).toEqual([]);
    expect(selectFilmVersions(store.getState())).toBe(versions);
    // An edit while it is on asks for both films again.
    store.getState().setText('cluster', `${store.getState().texts.cluster}\n`);
    expect(simulator.queue.map((r) => r.compare)).toEqual([true]);
  });
});
