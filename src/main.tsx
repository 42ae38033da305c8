// The entry point: creates the store (with the reconciler worker, the
// browser's timers and the saved theme) and mounts the app.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore } from './store/createAppStore.ts';
import { loadCompareVersions, saveCompareVersions } from './store/compareStorage.ts';
import { loadFold, saveFold } from './store/foldStorage.ts';
import { loadTheme, saveTheme } from './store/themeStorage.ts';
import { App } from './ui/App.tsx';
import { EmbedApp } from './ui/embed/EmbedApp.tsx';
import { splitViewOption } from './share/embedView.ts';
import defaultScenario from './ui/defaultScenario.json';
import { StoreProvider } from './ui/storeContext.tsx';
import { LegendStorageContext } from './ui/graph/legendContext.ts';
import { ShareProvider } from './ui/share/shareContext.tsx';
import { browserStorage, openInitialTexts, startShare } from './ui/share/startShare.ts';
import { isShareHash } from './share/linkCodec.ts';
import { describeUrlOptions, readUrlOptions } from './ui/urlOptions.ts';
import { registerServiceWorker } from './sw/register.ts';
import { createCheckWorker, pageTimeoutMs, windowTimers } from './ui/checkWorker.ts';
import { pageChecks } from './worker/checkClient.ts';
import type { WorkerLike } from './worker/reconcileClient.ts';
import type { SimulateWorkerLike } from './worker/simulateClient.ts';
import { splitScenario } from './scenario/tabs.ts';
import { splitLinkView } from './share/linkView.ts';
import './ui/styles.css';

// `#s=…&view=embed` opens the read-only view; the link is read without the
// option, and without the view it keeps (`&tab=rollout&frame=3`), which is
// restored once the store exists.
const { view, hash: withLinkView } = splitViewOption(window.location.hash);
const { hash, view: linkView } = splitLinkView(withLinkView);
if (hash !== window.location.hash)
  history.replaceState(null, '', window.location.pathname + window.location.search + hash);

// The embedded view keeps no drafts: it must not touch the person's own work in this browser.
const storage = view === 'embed' ? null : browserStorage();

const urlOptions = readUrlOptions(window.location.search);
// A link's scenario, or a file, is read in a worker, within the page's time limit (the reconciler's:
// a link that would reconcile in time is read in time), never on the page.
const checks = pageChecks(createCheckWorker, windowTimers, pageTimeoutMs());

const root = document.getElementById('root');
if (!root) throw new Error('main: index.html has no #root element');
// Reading a link takes up to the time limit before anything is drawn: the page says what it is doing.
if (isShareHash(hash)) root.textContent = 'Opening the shared link…';

// A shared link in the address wins over the saved draft, which wins over the default.
const opening = await openInitialTexts(storage, splitScenario(defaultScenario), checks.check);

const store = createAppStore({
  initialTexts: opening.texts,
  createWorker: () =>
    new Worker(new URL('./worker/entry.ts', import.meta.url), {
      type: 'module',
      name: 'reconciler',
    }) as unknown as WorkerLike,
  createSimulationWorker: () =>
    new Worker(new URL('./worker/simulateEntry.ts', import.meta.url), {
      type: 'module',
      name: 'rollout',
    }) as unknown as SimulateWorkerLike,
  timers: windowTimers,
  theme: loadTheme(storage),
  onTheme: (t) => saveTheme(storage, t),
  fold: loadFold(storage),
  onFold: (on) => saveFold(storage, on),
  compareVersions: loadCompareVersions(storage),
  onCompareVersions: (on) => saveCompareVersions(storage, on),
  ...urlOptions,
  pageOptions: describeUrlOptions(urlOptions),
  hold: opening.held,
});
if (opening.source === 'link') store.getState().restoreView(linkView);
const share = startShare(store, storage, opening, checks);

createRoot(root).render(
  <StrictMode>
    <StoreProvider store={store}>
      <ShareProvider store={share}>
        <LegendStorageContext.Provider value={storage}>
          {view === 'embed' ? <EmbedApp /> : <App />}
        </LegendStorageContext.Provider>
      </ShareProvider>
    </StoreProvider>
  </StrictMode>,
);

registerServiceWorker();
