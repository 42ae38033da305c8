// Opening a shared link over the person's work: the link's scenario
// replaces the editors' text only when the link is good, and the text it
// replaces is set aside first, so it can be restored. Pure, given Storage.

import { decodeLink, type DecodeOptions } from './linkCodec.ts';
import { sameTexts } from '../scenario/tabs.ts';
import { type Draft, type DraftStorage, keptWords, saveDraft, setAside } from './draftStore.ts';
import type { ShareNotice } from './notice.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** REASON_LINK is the reason recorded on a draft set aside for a link. */
export const REASON_LINK = 'before opening a shared link';

/** LinkOpening is what opening a link decided: the texts to show (null: keep what is there), what to say, and a replaced text storage would not keep. */
export interface LinkOpening {
  texts: TabTexts | null;
  notice: ShareNotice;
  /** unsaved is the text the link replaced when storage refused to set it aside: the page keeps it in memory for Restore. */
  unsaved?: Draft;
}

/** NOT_SAVED ends a notice when the browser would not store the new text as the draft. */
export const NOT_SAVED =
  " It is too large for the browser's storage (or storage is off), so it is not saved as your draft: export it to keep it.";

/**
 * openLink decodes a `#s=` fragment. A good link gives its texts; the
 * current texts (when there are any and they differ) are set aside and the
 * link's texts become the saved draft, so that a reload shows them. When
 * the current texts cannot be set aside, they stay the saved draft and come
 * back as `unsaved`, to be restored from memory. A bad link gives no texts
 * and an error, and touches no storage.
 */
export async function openLink(
  hash: string,
  current: TabTexts | null,
  storage: DraftStorage,
  now: number,
  options: DecodeOptions = {},
): Promise<LinkOpening> {
  const decoded = await decodeLink(hash, options);
  if (!decoded.ok) {
    const kept = current ? ' Your own scenario is unchanged.' : '';
    return { texts: null, notice: { kind: 'error', message: decoded.error.message + kept } };
  }
  const texts = decoded.texts;
  const name = decoded.name ? ` “${decoded.name}”` : '';
  const replacing = current !== null && !sameTexts(current, texts);
  const aside = replacing ? setAside(storage, current, REASON_LINK, now) : { ok: true, dropped: 0 };
  if (replacing && !aside.ok) {
    const message =
      `Opened the shared scenario${name}. The browser's storage refused to set your previous draft aside, so it stays the saved draft ` +
      'and this page keeps it too: Restore previous draft brings it back (export it to keep it for good).';
    return {
      texts,
      notice: { kind: 'error', message, offerRestore: true },
      unsaved: { texts: current, savedAt: now, reason: REASON_LINK },
    };
  }
  const saved = saveDraft(storage, texts, now);
  const kept = replacing ? ' Your previous draft is kept under Drafts.' : '';
  const message = `Opened the shared scenario${name}.${kept}${keptWords(aside)}${keptWords(saved)}${saved.ok ? '' : NOT_SAVED}`;
  return {
    texts,
    notice: { kind: saved.ok ? 'info' : 'error', message, ...(replacing ? { offerRestore: true } : {}) },
  };
}
