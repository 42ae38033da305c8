// Connects the share features to the page: what the app opens with (a
// link, the draft or the default), autosave as the person types and when
// the page is hidden, links pasted into the address bar, clipboard and
// downloads. The only share file that touches window; main.tsx calls it.

import type { AppStore } from '../../store/createAppStore.ts';
import { createAutosave } from '../../share/autosave.ts';
import type { DraftStorage } from '../../share/draftStore.ts';
import { chooseInitialTexts, type InitialTexts } from '../../share/initialTexts.ts';
import { isShareHash } from '../../share/linkCodec.ts';
import type { TabTexts } from '../../scenario/tabs.ts';
import { createShareStore, type ShareStore } from '../../store/shareStore.ts';

/** browserStorage is window.localStorage, or null where the browser refuses it. */
export function browserStorage(): DraftStorage {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// clearHash removes the fragment from the address without a reload or a history entry.
function clearHash(): void {
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}

// download saves text as a file through a temporary link.
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** openInitialTexts decides what the app opens with from this page's address and storage. */
export async function openInitialTexts(storage: DraftStorage, defaultTexts: TabTexts): Promise<InitialTexts> {
  const opening = await chooseInitialTexts({ hash: window.location.hash, storage, defaultTexts, now: Date.now() });
  if (opening.clearHash) clearHash();
  return opening;
}

/** startShare makes the share store for the app store and starts saving drafts. */
export function startShare(app: AppStore, storage: DraftStorage, opening: InitialTexts): ShareStore {
  const share = createShareStore({
    app,
    storage,
    now: Date.now,
    pageAddress: () => window.location.origin + window.location.pathname,
    // Looked up on each use: the clipboard may be granted, or replaced, after load.
    clipboard: { writeText: (text) => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))) },
    download,
    notice: opening.notice,
  });
  const autosave = createAutosave((texts) => share.getState().saveNow(texts), {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
  });
  app.subscribe((s, prev) => {
    if (s.texts !== prev.texts) autosave.schedule(s.texts);
  });
  window.addEventListener('pagehide', autosave.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') autosave.flush();
  });
  window.addEventListener('hashchange', () => {
    if (!isShareHash(window.location.hash)) return;
    autosave.flush();
    void share
      .getState()
      .openHash(window.location.hash)
      .then((opened) => opened && clearHash());
  });
  return share;
}
