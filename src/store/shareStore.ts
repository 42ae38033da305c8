// The share features' state and actions: the banner's message, the drafts
// set aside, the last link made. A small vanilla zustand store of its own
// beside the app's, so that the app's slices stay about editing and
// running. Its outside world (storage, clock, clipboard, downloads, the
// page's address) comes in as parameters.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppStore } from './createAppStore.ts';
import { readScenarioAsync } from '../scenario/readAsync.ts';
import { formatDiagnosticBrief } from '../share/describe.ts';
import { composeDocument } from '../share/documentText.ts';
import { type Draft, type DraftStorage, listSetAside, sameTexts, saveDraft, setAside } from '../share/draftStore.ts';
import { exportFileName, importFile, MAX_IMPORT_BYTES } from '../share/importFile.ts';
import { encodeLink, formatBytes } from '../share/linkCodec.ts';
import type { ShareNotice } from '../share/notice.ts';
import { openLink } from '../share/openLink.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** MadeLink is the last link made: its address and whether it reached the clipboard. */
export interface MadeLink {
  url: string;
  copied: boolean;
}

/** ShareState is what the share controls show. */
export interface ShareState {
  notice: ShareNotice | null;
  drafts: Draft[];
  link: MadeLink | null;
  /** unsaved is the text last replaced when storage could not keep it; it lasts as long as the page. */
  unsaved: Draft | null;
}

/** ShareActions are what the share controls do. */
export interface ShareActions {
  dismiss(): void;
  /** copyLink makes the link of the current scenario and copies it, or says why it cannot. */
  copyLink(): Promise<void>;
  closeLink(): void;
  /** exportFile downloads the scenario document as a .json file. */
  exportFile(): void;
  /** importFile loads a picked or dropped file, setting the current texts aside first. */
  importFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<void>;
  /** restore loads the set-aside draft at an index (0: the newest), setting the current texts aside first. */
  restore(index: number): void;
  /** replaceTexts loads texts chosen by the person (an example), setting the current ones aside first, and offers to bring them back. */
  replaceTexts(texts: TabTexts, reason: string): void;
  /** restorePrevious brings back the text replaced last: the unsaved one if storage failed, else the newest set aside. */
  restorePrevious(): void;
  /** refreshDrafts re-reads the set-aside drafts from storage. */
  refreshDrafts(): void;
  /** openHash opens a `#s=` fragment that arrived after load (a link pasted into the address bar). */
  openHash(hash: string): Promise<boolean>;
  /** saveNow saves the current texts as the draft (autosave calls it). */
  saveNow(texts: TabTexts): void;
}

/** ShareStore is the share store's API. */
export type ShareStore = StoreApi<ShareState & ShareActions>;

/** ShareDeps are the share store's outside world. */
export interface ShareDeps {
  app: AppStore;
  storage: DraftStorage;
  now: () => number;
  /** pageAddress is the playground's address without a fragment. */
  pageAddress: () => string;
  clipboard: { writeText(text: string): Promise<void> } | null;
  download: (fileName: string, text: string) => void;
  notice?: ShareNotice | null;
}

/** LONG_LINK is a link length past which some tools cut links; the person is told. */
export const LONG_LINK = 8000;

const SYNTAX_FIRST = 'The editors have JSON syntax errors, so there is no scenario document yet; fix them first (they are listed under the editor).';

/** createShareStore makes the share store over the app's store. */
export function createShareStore(deps: ShareDeps): ShareStore {
  const { app, storage, now } = deps;
  let saveWarned = false;
  return createStore<ShareState & ShareActions>()((set, get) => {
    const error = (message: string) => set({ notice: { kind: 'error', message } });
    // replace loads new texts, after setting the current ones aside (in
    // memory when storage refuses), so that they can always be brought back.
    const replace = (texts: TabTexts, reason: string): void => {
      const current = app.getState().texts;
      const kept = setAside(storage, current, reason, now());
      set({ unsaved: kept ? null : { texts: current, savedAt: now(), reason } });
      app.getState().loadTexts(texts);
      saveDraft(storage, texts, now());
      get().refreshDrafts();
    };
    const KEPT = ' Your previous draft is kept under Drafts.';
    const KEPT_IN_MEMORY = " The browser's storage is full, so your previous draft is kept only until this page is closed.";
    const kept = () => (get().unsaved ? KEPT_IN_MEMORY : KEPT);
    return {
      notice: deps.notice ?? null,
      drafts: listSetAside(storage),
      link: null,
      unsaved: null,
      dismiss: () => set({ notice: null }),
      closeLink: () => set({ link: null }),
      refreshDrafts: () => set({ drafts: listSetAside(storage) }),
      async copyLink() {
        const doc = composeDocument(app.getState().texts);
        if (!doc.ok) return error(SYNTAX_FIRST);
        const read = await readScenarioAsync(doc.text);
        if (!read.ok) {
          return error(`A link to this scenario would not open: ${formatDiagnosticBrief(read.diagnostics)} Fix it first, or export it to a file.`);
        }
        const url = deps.pageAddress() + (await encodeLink(doc.text));
        let copied = false;
        try {
          if (deps.clipboard) {
            await deps.clipboard.writeText(url);
            copied = true;
          }
        } catch {
          copied = false;
        }
        set({ link: { url, copied } });
        if (url.length > LONG_LINK) {
          set({ notice: { kind: 'info', message: `This link is ${formatBytes(url.length)} long; some chat and mail programs cut links that long. Exporting to a file is safer.` } });
        }
      },
      exportFile() {
        const doc = composeDocument(app.getState().texts);
        if (!doc.ok) return error(SYNTAX_FIRST);
        let name: string | undefined;
        try {
          const n = (JSON.parse(doc.text) as { Name?: unknown }).Name;
          if (typeof n === 'string') name = n;
        } catch {
          // composeDocument gives JSON; nothing to do.
        }
        deps.download(exportFileName(name), doc.text);
      },
      async importFile(file) {
        let text: string;
        try {
          // A file over the limit is not read: importFile refuses it by its size.
          text = file.size > MAX_IMPORT_BYTES ? '' : await file.text();
        } catch {
          return error(`${file.name} could not be read. Nothing was changed.`);
        }
        const r = importFile(file.name, file.size, text, app.getState().texts);
        if (!r.ok) return error(r.message);
        replace(r.texts, `before importing ${file.name}`);
        set({ notice: { kind: 'info', message: r.summary + kept(), offerRestore: true } });
      },
      restore(index) {
        const draft = listSetAside(storage)[index];
        if (!draft) return get().refreshDrafts();
        replace(draft.texts, 'before restoring an earlier draft');
        const when = new Date(draft.savedAt).toLocaleString();
        set({ notice: { kind: 'info', message: `Restored the draft set aside${draft.reason ? ' ' + draft.reason : ''} (${when}).` + kept(), offerRestore: true } });
      },
      replaceTexts(texts, reason) {
        if (sameTexts(texts, app.getState().texts)) return;
        replace(texts, reason);
        set({ notice: { kind: 'info', message: kept().trim(), offerRestore: true } });
      },
      restorePrevious() {
        const unsaved = get().unsaved;
        if (!unsaved) return get().restore(0);
        replace(unsaved.texts, 'before restoring an earlier draft');
        set({ notice: { kind: 'info', message: 'Restored your previous draft.' + kept(), offerRestore: true } });
      },
      async openHash(hash) {
        const opened = await openLink(hash, app.getState().texts, storage, now());
        if (opened.texts) app.getState().loadTexts(opened.texts);
        set({ notice: opened.notice });
        get().refreshDrafts();
        return opened.texts !== null;
      },
      saveNow(texts) {
        if (saveDraft(storage, texts, now()) || saveWarned) return;
        saveWarned = true;
        error('This browser refused to save your draft (its storage is full or turned off). Export the scenario to a file to keep it.');
      },
    };
  });
}
