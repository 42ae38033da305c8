// What the app opens with, decided from the page's fragment, the saved
// draft and the default scenario (as the TypeScript playground's
// getInitialCode does): a good shared link wins and the draft it replaces
// is set aside; a bad link is reported and the draft opens untouched;
// without a link the draft opens; without a draft, the default.

import { isShareHash, type DecodeOptions } from './linkCodec.ts';
import { type DraftStorage, loadDraft } from './draftStore.ts';
import type { ShareNotice } from './notice.ts';
import { openLink } from './openLink.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** InitialTexts is what the app opens with, where it came from, and what to tell the person. */
export interface InitialTexts {
  texts: TabTexts;
  source: 'link' | 'draft' | 'default';
  notice: ShareNotice | null;
  /** clearHash is true when the fragment was a link that opened: removing it lets a reload show the draft, edits included. */
  clearHash: boolean;
}

/** InitialInputs are the page's fragment (location.hash), the storage, the default texts and the clock. */
export interface InitialInputs {
  hash: string;
  storage: DraftStorage;
  defaultTexts: TabTexts;
  now: number;
  decode?: DecodeOptions;
}

/** chooseInitialTexts decides what the app opens with; it never throws and never loses the saved draft. */
export async function chooseInitialTexts(inputs: InitialInputs): Promise<InitialTexts> {
  const draft = loadDraft(inputs.storage);
  const fallback: InitialTexts = draft
    ? { texts: draft.texts, source: 'draft', notice: null, clearHash: false }
    : { texts: inputs.defaultTexts, source: 'default', notice: null, clearHash: false };
  if (!isShareHash(inputs.hash)) return fallback;
  const opened = await openLink(inputs.hash, draft?.texts ?? null, inputs.storage, inputs.now, inputs.decode);
  if (!opened.texts) return { ...fallback, notice: opened.notice };
  return { texts: opened.texts, source: 'link', notice: opened.notice, clearHash: true };
}
