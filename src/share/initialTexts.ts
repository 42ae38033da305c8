// What the app opens with, decided from the page's fragment, the saved
// draft and the default scenario (as the TypeScript playground's
// getInitialCode does): a good shared link wins and the draft it replaces
// is set aside; a bad link is reported and the draft opens untouched;
// without a link the draft opens; without a draft, the default. When the
// page stopped last time while working on a text (its opening mark still
// stands), what opens is held: shown, not run.

import { isShareHash, type DecodeOptions } from './linkCodec.ts';
import { type Draft, type DraftStorage, loadDraft } from './draftStore.ts';
import type { ShareNotice } from './notice.ts';
import { openLink } from './openLink.ts';
import { safeOpeningMessage, standingMark } from './openingMark.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** InitialTexts is what the app opens with, where it came from, and what to tell the person. */
export interface InitialTexts {
  texts: TabTexts;
  source: 'link' | 'draft' | 'default';
  notice: ShareNotice | null;
  /** held is true when the page stopped last time while opening a text: the texts are shown but not run until the person asks. */
  held: boolean;
  /** unsaved is the text a link replaced that storage refused to set aside: the page keeps it for Restore. */
  unsaved?: Draft;
}

/** InitialInputs are the page's fragment (location.hash), the storage, the default texts and the clock. */
export interface InitialInputs {
  hash: string;
  storage: DraftStorage;
  defaultTexts: TabTexts;
  now: number;
  decode?: DecodeOptions;
}

/**
 * chooseInitialTexts decides what the app opens with; it never throws and
 * never loses the saved draft. The page removes the link from its address
 * before calling it (see startShare), so a link is worked on only once.
 */
export async function chooseInitialTexts(inputs: InitialInputs): Promise<InitialTexts> {
  const stopped = standingMark(inputs.storage);
  const draft = loadDraft(inputs.storage);
  const held = stopped !== null;
  const heldNotice: ShareNotice | null = stopped
    ? { kind: 'error', message: safeOpeningMessage(stopped), offerRun: true }
    : null;
  const fallback: InitialTexts = draft
    ? { texts: draft.texts, source: 'draft', notice: heldNotice, held }
    : { texts: inputs.defaultTexts, source: 'default', notice: null, held: false };
  if (!isShareHash(inputs.hash)) return fallback;
  const opened = await openLink(inputs.hash, draft?.texts ?? null, inputs.storage, inputs.now, inputs.decode);
  if (!opened.texts) return { ...fallback, notice: opened.notice };
  const opening: InitialTexts = { texts: opened.texts, source: 'link', notice: heldNotice ?? opened.notice, held };
  if (opened.unsaved) opening.unsaved = opened.unsaved;
  return opening;
}
