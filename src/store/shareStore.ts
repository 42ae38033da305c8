// The share features' state and actions: the banner's message, the drafts
// set aside, the last link made, the embeddable view's link and snippet. A
// small vanilla zustand store of its own beside the app's, so that the
// app's slices stay about editing and running. Its outside world (storage,
// clock, clipboard, downloads, the page's address) comes in as parameters.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppStore } from './createAppStore.ts';
import { type ComposeResult, composeDocument } from '../share/documentText.ts';
import { submissionText } from '../share/submissionDocument.ts';
import type { AppState } from './state.ts';
import { selectLinkView } from './linkView.ts';
import { selectScenarioName } from './selectors.ts';
import { embedLink, iframeSnippet } from '../share/embedView.ts';
import { splitLinkView, viewFragment } from '../share/linkView.ts';
import {
  type Draft,
  type DraftStamp,
  type DraftStorage,
  keptWords,
  listSetAside,
  loadDraft,
  type SaveOutcome,
  saveDraft,
  setAside,
} from '../share/draftStore.ts';
import { exportFileName, importFile, type FileImport, MAX_IMPORT_BYTES } from '../share/importFile.ts';
import { checkDocument, type DocumentCheck, encodeLink, formatBytes } from '../share/linkCodec.ts';
import type { ShareNotice } from '../share/notice.ts';
import { NOT_SAVED, openLink } from '../share/openLink.ts';
import type { OpeningGuard, OpeningSource } from '../share/openingMark.ts';
import { type TabTexts, sameTexts } from '../scenario/tabs.ts';

/** MadeLink is the last link made: its address and whether it reached the clipboard. */
export interface MadeLink {
  url: string;
  copied: boolean;
}

/** EmbedPart is one of the two things the embed panel offers to copy: the link, or the <iframe> that shows it. */
export type EmbedPart = 'url' | 'snippet';

/**
 * MadeEmbed is the embeddable view of the scenario: its link, the <iframe>
 * snippet that shows it, the part last copied, and whether the browser
 * refused the clipboard (the panel then has the person copy by hand).
 */
export interface MadeEmbed {
  url: string;
  snippet: string;
  copied: EmbedPart | null;
  refused: boolean;
}

/** ShareState is what the share controls show. */
export interface ShareState {
  notice: ShareNotice | null;
  drafts: Draft[];
  link: MadeLink | null;
  embed: MadeEmbed | null;
  /** unsaved is the text last replaced when storage could not keep it; it lasts as long as the page. */
  unsaved: Draft | null;
}

/** ShareActions are what the share controls do. */
export interface ShareActions {
  dismiss(): void;
  /** copyLink makes the link of the current scenario and copies it, or says why it cannot. */
  copyLink(): Promise<void>;
  closeLink(): void;
  /** showEmbed makes the link and <iframe> snippet of the current scenario's embeddable view, or says why it cannot. */
  showEmbed(): Promise<void>;
  /** copyEmbed copies the embed link or the snippet, noting when the clipboard refuses. */
  copyEmbed(part: EmbedPart): Promise<void>;
  closeEmbed(): void;
  /** exportFile downloads the scenario document as a .json file. */
  exportFile(): void;
  /** importFile loads a picked or dropped file, setting the current texts aside first; `others` counts files dropped with it, which are not loaded. */
  importFile(file: Pick<File, 'name' | 'size' | 'text'>, others?: number): Promise<void>;
  /** restore loads the set-aside draft at an index (0: the newest), setting the current texts aside first. */
  restore(index: number): void;
  /** replaceTexts loads texts chosen by the person (an example), setting the current ones aside first when they were edited, and offers to bring them back. */
  replaceTexts(texts: TabTexts, reason: string, edited?: boolean): void;
  /** keepAside sets the current texts aside before something replaces part of them in place (Run it on a cluster replaces the Cluster tab), and offers to bring them back. */
  keepAside(reason: string): void;
  /** runHeld runs texts that were opened without running (the page stopped on them last time). */
  runHeld(): void;
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
  /** guard marks texts being opened until their first result is drawn (see share/openingMark.ts). */
  guard?: OpeningGuard;
  /** unsaved is a text the opening link replaced that storage refused to keep. */
  unsaved?: Draft | null;
  /** tab names this page among the browser's tabs, so that two tabs never save over each other's edits. */
  tab?: string;
  /** check reads a scenario document before a link to it is made or opened: the page's runs in a worker, with a time limit (default: checkDocument, here). */
  check?: (text: string) => Promise<DocumentCheck>;
  /** readFile takes a picked or dropped file apart: the page's in a worker, with a time limit (default: importFile, here). */
  readFile?: (name: string, size: number, text: string, current: TabTexts) => Promise<FileImport>;
}

/** LONG_LINK is a link length past which some tools cut links; the person is told. */
export const LONG_LINK = 8000;

const KEPT = ' Your previous draft is kept under Drafts.';
const KEPT_IN_MEMORY =
  " The browser's storage refused to keep your previous draft, so this page keeps it until it is closed: Restore previous draft brings it back.";

const SYNTAX_FIRST =
  'The editors have JSON syntax errors, so there is no scenario document yet; fix them first (they are listed under the editor).';

const SUBMISSION_FIRST =
  'The job submitted over the running job has not been read yet, or has problems: fix them first (they are listed under the editor).';

/**
 * documentToShare is the scenario document a link or a file carries: the
 * tabs joined, or, while a job is submitted over the running one and
 * changes it, the document the submission gives (it names the running
 * version, so that opening it gives the same tabs back).
 */
function documentToShare(state: AppState): ComposeResult | { ok: false; message: string } {
  const { texts, submission, stale, status } = state;
  if (texts.running === undefined) return composeDocument(texts);
  if (submission === null || stale || status !== 'ok') return { ok: false, message: SUBMISSION_FIRST };
  if (submission.submittedVersion === null) return composeDocument({ job: texts.job, cluster: texts.cluster });
  return { ok: true, text: submissionText(submission.document, submission.runningVersion) };
}

// shareFailure is what to say when there is no document to share.
function shareFailure(doc: { ok: false } & ({ message: string } | { problems: unknown })): string {
  return 'message' in doc ? doc.message : SYNTAX_FIRST;
}

/** createShareStore makes the share store over the app's store. */
export function createShareStore(deps: ShareDeps): ShareStore {
  const { app, storage, now } = deps;
  const check = deps.check ?? checkDocument;
  const readFile = deps.readFile ?? ((...args: Parameters<typeof importFile>) => Promise.resolve(importFile(...args)));
  let saveWarned = false;
  // seen is the stored draft as this tab last read or wrote it: a stored
  // draft that differs was saved by another tab since.
  const stamp = (): DraftStamp | null => {
    const d = loadDraft(storage);
    return d ? { savedAt: d.savedAt, tab: d.tab } : null;
  };
  let seen = stamp();
  const save = (texts: TabTexts): SaveOutcome => {
    const at = now();
    const outcome = saveDraft(storage, texts, at, deps.tab, seen);
    if (outcome.ok) seen = { savedAt: at, tab: deps.tab };
    return outcome;
  };
  return createStore<ShareState & ShareActions>()((set, get) => {
    const error = (message: string) => set({ notice: { kind: 'error', message } });
    // putAside sets the current texts aside (in memory when storage
    // refuses), so that they can always be brought back, and says what was kept.
    const putAside = (reason: string): string => {
      const current = app.getState().texts;
      const aside = setAside(storage, current, reason, now());
      set({ unsaved: aside.ok ? null : { texts: current, savedAt: now(), reason } });
      return (aside.ok ? KEPT : KEPT_IN_MEMORY) + keptWords(aside);
    };
    // replace loads new texts after putting the current ones aside, and says exactly what was kept.
    const replace = (texts: TabTexts, reason: string, source: OpeningSource | null): string => {
      const kept = putAside(reason);
      if (source) deps.guard?.mark(source);
      app.getState().loadTexts(texts);
      const saved = save(texts);
      get().refreshDrafts();
      return kept + keptWords(saved) + (saved.ok ? '' : NOT_SAVED);
    };
    // makeLink is the link of the current scenario, keeping the view; null, said in the banner, when there is none.
    const makeLink = async (): Promise<string | null> => {
      const doc = documentToShare(app.getState());
      if (!doc.ok) {
        error(shareFailure(doc));
        return null;
      }
      const read = await check(doc.text);
      if (!read.ok) {
        error(
          `A link to this scenario would not open: ${read.error.detail ?? read.error.message} Fix it first, or export it to a file.`,
        );
        return null;
      }
      const url = deps.pageAddress() + (await encodeLink(doc.text)) + viewFragment(selectLinkView(app.getState()));
      if (url.length > LONG_LINK) {
        set({
          notice: {
            kind: 'info',
            message: `This link is ${formatBytes(url.length)} long; some chat and mail programs cut links that long. Exporting to a file is safer.`,
          },
        });
      }
      return url;
    };
    // copy puts text on the clipboard, telling whether the browser let it.
    const copy = async (text: string): Promise<boolean> => {
      try {
        if (!deps.clipboard) return false;
        await deps.clipboard.writeText(text);
        return true;
      } catch {
        return false;
      }
    };
    return {
      notice: deps.notice ?? null,
      drafts: listSetAside(storage),
      link: null,
      embed: null,
      unsaved: deps.unsaved ?? null,
      runHeld() {
        set({ notice: null });
        app.getState().runNow();
      },
      dismiss: () => set({ notice: null }),
      closeLink: () => set({ link: null }),
      refreshDrafts: () => set({ drafts: listSetAside(storage) }),
      closeEmbed: () => set({ embed: null }),
      async copyLink() {
        const url = await makeLink();
        if (url === null) return;
        set({ link: { url, copied: await copy(url) }, embed: null });
      },
      async showEmbed() {
        const url = await makeLink();
        if (url === null) return;
        const embed = embedLink(url);
        const title = `Nomad reconciler: ${selectScenarioName(app.getState()) ?? 'scenario'}`;
        set({ embed: { url: embed, snippet: iframeSnippet(embed, title), copied: null, refused: false }, link: null });
      },
      async copyEmbed(part) {
        const embed = get().embed;
        if (!embed) return;
        const copied = await copy(embed[part]);
        // The panel may have closed, or been made again, while the clipboard answered.
        if (get().embed !== embed) return;
        set({ embed: { ...embed, copied: copied ? part : null, refused: !copied } });
      },
      exportFile() {
        const doc = documentToShare(app.getState());
        if (!doc.ok) return error(shareFailure(doc));
        let name: string | undefined;
        try {
          const n = (JSON.parse(doc.text) as { Name?: unknown }).Name;
          if (typeof n === 'string') name = n;
        } catch {
          // composeDocument gives JSON; nothing to do.
        }
        deps.download(exportFileName(name), doc.text);
      },
      async importFile(file, others = 0) {
        const skipped =
          others > 0
            ? ` Only ${file.name} was imported: the ${others === 1 ? 'other file' : `${others} other files`} dropped with it ${others === 1 ? 'was' : 'were'} not.`
            : '';
        let text: string;
        try {
          // A file over the limit is not read: importFile refuses it by its size.
          text = file.size > MAX_IMPORT_BYTES ? '' : await file.text();
        } catch {
          return error(`${file.name} could not be read. Nothing was changed.`);
        }
        const r = await readFile(file.name, file.size, text, app.getState().texts);
        if (!r.ok) return error(r.message + skipped);
        const kept = replace(r.texts, `before importing ${file.name}`, 'an imported file');
        set({ notice: { kind: 'info', message: r.summary + skipped + kept, offerRestore: true } });
      },
      restore(index) {
        const draft = listSetAside(storage)[index];
        if (!draft) return get().refreshDrafts();
        const kept = replace(draft.texts, 'before restoring an earlier draft', 'a restored draft');
        const when = new Date(draft.savedAt).toLocaleString();
        set({
          notice: {
            kind: 'info',
            message: `Restored the draft set aside${draft.reason ? ' ' + draft.reason : ''} (${when}).` + kept,
            offerRestore: true,
          },
        });
      },
      keepAside(reason) {
        const kept = putAside(reason);
        set({ notice: { kind: 'info', message: kept.trim(), offerRestore: true } });
        get().refreshDrafts();
      },
      replaceTexts(texts, reason, edited = true) {
        if (sameTexts(texts, app.getState().texts)) return;
        if (!edited) {
          // Nothing the person typed is replaced: nothing to set aside or to say.
          app.getState().loadTexts(texts);
          save(texts);
          return;
        }
        const kept = replace(texts, reason, null);
        set({ notice: { kind: 'info', message: kept.trim(), offerRestore: true } });
      },
      restorePrevious() {
        const unsaved = get().unsaved;
        if (!unsaved) return get().restore(0);
        const kept = replace(unsaved.texts, 'before restoring an earlier draft', 'a restored draft');
        set({ notice: { kind: 'info', message: 'Restored your previous draft.' + kept, offerRestore: true } });
      },
      async openHash(fragment) {
        deps.guard?.mark('a shared link');
        const { hash, view } = splitLinkView(fragment);
        const opened = await openLink(hash, app.getState().texts, storage, now(), { check });
        if (opened.texts) {
          app.getState().loadTexts(opened.texts);
          app.getState().restoreView(view);
        }
        seen = stamp();
        set({ notice: opened.notice, ...(opened.unsaved ? { unsaved: opened.unsaved } : {}) });
        get().refreshDrafts();
        return opened.texts !== null;
      },
      saveNow(texts) {
        if (save(texts).ok || saveWarned) return;
        saveWarned = true;
        error(
          'This browser refused to save your draft (its storage is full or turned off). Export the scenario to a file to keep it.',
        );
      },
    };
  });
}
