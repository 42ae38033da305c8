// The one store of the app, wired to a reconciler client. main.tsx creates
// it with a real worker and window's timers; tests pass fakes.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ReconcileClient, type Timers, type WorkerLike } from '../worker/reconcileClient.ts';
import { SimulationClient, type SimulateWorkerLike } from '../worker/simulateClient.ts';
import type { TabTexts } from '../scenario/tabs.ts';
import { hasEvents } from '../scenario/eventsText.ts';
import { createEditorSlice } from './editorSlice.ts';
import { applyClientEvent } from './runEvents.ts';
import { createRolloutSlice, rolloutAnswered } from './rolloutSlice.ts';
import { createRunSlice } from './runSlice.ts';
import type { AppState, ThemePreference } from './state.ts';
import { createViewSlice } from './viewSlice.ts';
import { restoreView } from './linkView.ts';

/** AppStore is the store's API (getState, setState, subscribe). */
export type AppStore = StoreApi<AppState>;

/** AppStoreOptions are the store's outside world. */
export interface AppStoreOptions {
  initialTexts: TabTexts;
  createWorker: () => WorkerLike;
  timers: Timers;
  theme?: ThemePreference;
  onTheme?: (t: ThemePreference) => void;
  /** fold is whether unchanged nodes fold, as last chosen; onFold keeps a new choice. */
  fold?: boolean;
  onFold?: (on: boolean) => void;
  /** compareVersions is whether Compare versions is on, as last left; onCompareVersions keeps a new choice. */
  compareVersions?: boolean;
  onCompareVersions?: (on: boolean) => void;
  debounceMs?: number;
  timeoutMs?: number;
  /** pageOptions name the address's options in force, for the header. */
  pageOptions?: readonly string[];
  /** hold opens the texts without running them (the page stopped on them last time): the first run waits for the person. */
  hold?: boolean;
  /** createSimulationWorker starts the rollout worker, the first time the rollout is opened. */
  createSimulationWorker: () => SimulateWorkerLike;
}

/** createAppStore makes the store and runs the initial texts at once. */
export function createAppStore(options: AppStoreOptions): AppStore {
  let store: AppStore | null = null;
  const client = new ReconcileClient({
    createWorker: options.createWorker,
    timers: options.timers,
    debounceMs: options.debounceMs,
    timeoutMs: options.timeoutMs,
    compare: options.compareVersions ?? false,
    onEvent: (e) => {
      if (!store) return;
      const s = store.getState();
      // A cluster made for the job (Run it on a cluster) becomes the Cluster tab's text; the result is of it.
      const made = e.type === 'response' && e.response.type === 'result' ? e.response.madeCluster : undefined;
      const texts = made === undefined ? {} : { texts: { ...s.texts, cluster: made }, revision: s.revision + 1 };
      store.setState({ ...applyClientEvent(s, e), ...texts });
    },
  });
  const simulation = new SimulationClient(options.createSimulationWorker, options.timers, (answer) => {
    if (store) store.setState(rolloutAnswered(store.getState(), answer));
  });
  store = createStore<AppState>()((set, get) => ({
    ...createEditorSlice(set, get, client, options.initialTexts),
    ...createRunSlice(set, get, client, options.compareVersions, options.onCompareVersions),
    ...createViewSlice(
      set,
      options.theme ?? 'system',
      options.onTheme ?? (() => {}),
      options.pageOptions,
      options.fold,
      options.onFold,
    ),
    ...createRolloutSlice(set, get, simulation),
    restoreView(view) {
      restoreView(get(), set, view);
    },
  }));
  // An open rollout follows the texts: each edit asks for a new film. Compare
  // versions turned on asks for the other Nomad's film too, unless the film has it.
  store.subscribe((s, prev) => {
    if (!s.rollout.open) return;
    const compared = s.rollout.status === 'ok' && s.rollout.versions !== null;
    const compareNow = s.compareVersions && !prev.compareVersions && !compared;
    if (s.texts === prev.texts && !compareNow) return;
    simulation.request(s.texts, s.compareVersions);
    if (s.rollout.status !== 'running') store?.setState({ rollout: { ...s.rollout, status: 'running' } });
  });
  if (options.hold) {
    store.setState({ status: 'held' });
    return store;
  }
  client.runNow(options.initialTexts);
  // A document that carries a rollout's events (a shared rollout) opens on it.
  if (hasEvents(options.initialTexts.cluster)) store.getState().setRolloutOpen(true);
  return store;
}
