// Opening a shared link over the person's work: the link's scenario
// replaces the editors' text only when the link is good, and the text it
// replaces is set aside first, so it can be restored. Pure, given Storage.

import { decodeLink, type DecodeOptions } from './linkCodec.ts';
import { splitDocument } from './documentText.ts';
import { type DraftStorage, sameTexts, saveDraft, setAside } from './draftStore.ts';
import type { ShareNotice } from './notice.ts';
import type { TabTexts } from '../scenario/tabs.ts';

/** REASON_LINK is the reason recorded on a draft set aside for a link. */
export const REASON_LINK = 'before opening a shared link';

/** LinkOpening is what opening a link decided: the texts to show (null: keep what is there) and what to say. */
export interface LinkOpening {
  texts: TabTexts | null;
  notice: ShareNotice;
}

/**
 * openLink decodes a `#s=` fragment. A good link gives its texts; the
 * current texts (when there are any and they differ) are set aside and the
 * link's texts become the saved draft, so that a reload shows them (when
 * the current texts cannot be set aside they stay the saved draft). A bad
 * link gives no texts and an error, and touches no storage.
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
  const texts = splitDocument(decoded.text);
  if (!texts) return { texts: null, notice: { kind: 'error', message: 'The shared link does not hold a JSON object.' } };
  const name = decoded.scenario.Name ? ` “${decoded.scenario.Name}”` : '';
  const replacing = current !== null && !sameTexts(current, texts);
  if (replacing && !setAside(storage, current, REASON_LINK, now)) {
    // The draft could not be set aside (storage full or refused): it stays
    // the saved draft, so a reload (the link is removed) brings it back.
    const message = `Opened the shared scenario${name}, but the browser's storage is full, so your previous draft could not be set aside. It stays saved until you edit this scenario: reload to get it back.`;
    return { texts, notice: { kind: 'error', message } };
  }
  saveDraft(storage, texts, now);
  const notice: ShareNotice = replacing
    ? { kind: 'info', message: `Opened the shared scenario${name}. Your previous draft is kept under Drafts.`, offerRestore: true }
    : { kind: 'info', message: `Opened the shared scenario${name}.` };
  return { texts, notice };
}
