// Connects the share features to the page: what the app opens with (a
// link, the draft or the default), autosave as the person types and when
// the page is hidden, links pasted into the address bar, clipboard and
// downloads. The only share file that touches window; main.tsx calls it.

import type { AppStore } from '../../store/createAppStore.ts';
import { createAutosave } from '../../share/autosave.ts';
import { idleTimers } from '../../share/idleTimers.ts';
import { CURRENT_KEY, type DraftStorage, RING_KEY } from '../../share/draftStore.ts';
import { chooseInitialTexts, type InitialTexts } from '../../share/initialTexts.ts';
import { type DocumentCheck, isShareHash } from '../../share/linkCodec.ts';
import { createOpeningGuard, type OpeningGuard } from '../../share/openingMark.ts';
import type { RunStatus } from '../../store/state.ts';
import type { TabTexts } from '../../scenario/tabs.ts';
import { createShareStore, type ShareStore } from '../../store/shareStore.ts';
import type { PageChecks } from '../../worker/checkClient.ts';

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

/** Opening is what the app opens with, and the guard whose mark stands until its first result is drawn. */
export type Opening = InitialTexts & { guard: OpeningGuard };

/**
 * openInitialTexts decides what the app opens with from this page's address
 * and storage. A link is removed from the address before it is worked on,
 * so a page that dies on it does not meet it again; what opens (a link or
 * the draft) is marked as being opened until its first result is drawn.
 */
export async function openInitialTexts(
  storage: DraftStorage,
  defaultTexts: TabTexts,
  check: (text: string) => Promise<DocumentCheck>,
): Promise<Opening> {
  const hash = window.location.hash;
  if (isShareHash(hash)) clearHash();
  const guard = createOpeningGuard(storage, Date.now);
  const opening = await chooseInitialTexts({ hash, storage, defaultTexts, now: Date.now(), decode: { check } });
  if (opening.source === 'link') guard.mark('a shared link');
  else if (opening.source === 'draft') guard.mark('the saved draft');
  return { ...opening, guard };
}

// ANSWERED are the run states that follow an answer: the text was read (and drawn, when it reconciled).
const ANSWERED: ReadonlySet<RunStatus> = new Set(['ok', 'invalid', 'timeout', 'crashed']);

// afterPaint calls fn once the browser has painted what the store's latest change drew.
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

/** startShare makes the share store for the app store and starts saving drafts; `checks` read links' scenarios and files (in a worker). */
export function startShare(app: AppStore, storage: DraftStorage, opening: Opening, checks: PageChecks): ShareStore {
  const share = createShareStore({
    app,
    storage,
    check: checks.check,
    readFile: checks.importFile,
    now: Date.now,
    pageAddress: () => window.location.origin + window.location.pathname,
    // Looked up on each use: the clipboard may be granted, or replaced, after load.
    clipboard: {
      writeText: (text) =>
        navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard')),
    },
    download,
    notice: opening.notice,
    guard: opening.guard,
    unsaved: opening.unsaved ?? null,
    tab: crypto.randomUUID(),
  });
  // Another tab saved or set a draft aside: the Drafts list shows it.
  window.addEventListener('storage', (e) => {
    if (e.key === RING_KEY || e.key === CURRENT_KEY) share.getState().refreshDrafts();
  });
  app.subscribe((s, prev) => {
    if (s.status !== prev.status && ANSWERED.has(s.status)) afterPaint(opening.guard.drawn);
  });
  const autosave = createAutosave((texts) => share.getState().saveNow(texts), idleTimers(window));
  app.subscribe((s, prev) => {
    if (s.texts !== prev.texts) autosave.schedule(s.texts);
  });
  window.addEventListener('pagehide', autosave.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') autosave.flush();
  });
  window.addEventListener('hashchange', () => {
    const hash = window.location.hash;
    if (!isShareHash(hash)) return;
    clearHash();
    autosave.flush();
    void share.getState().openHash(hash);
  });
  return share;
}
