// The person's drafts, kept in local storage: the current one, saved as it
// is edited, and a small ring of earlier ones set aside whenever something
// replaces the editors' text (a shared link, an import, a restore). Storage
// is a parameter, so this is tested without a browser. Nothing here throws:
// a storage that is missing, full or holds damaged values is survived.

import { type TabTexts, sameTexts } from '../scenario/tabs.ts';

/** DraftStorage is the part of Storage the drafts use; null when the browser gives none. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

/** Draft is the text of both tabs at one moment. */
export interface Draft {
  texts: TabTexts;
  /** savedAt is when it was saved, in milliseconds since the epoch. */
  savedAt: number;
  /** reason says why a set-aside draft was set aside ("before opening a shared link"). */
  reason?: string;
  /** tab names the page (one per load) that saved it, so that two tabs can tell their saves apart. */
  tab?: string;
}

/** CURRENT_KEY is the storage key of the current draft. */
export const CURRENT_KEY = 'nomad-reconciler-playground.draft';
/** RING_KEY is the storage key of the drafts set aside, newest first. */
export const RING_KEY = 'nomad-reconciler-playground.drafts';

/** RING_SIZE is how many set-aside drafts are kept. */
export const RING_SIZE = 5;

// asDraft checks a parsed value's shape; anything else is damaged.
function asDraft(v: unknown): Draft | null {
  if (typeof v !== 'object' || v === null) return null;
  const d = v as Record<string, unknown>;
  const texts = d.texts as Record<string, unknown> | undefined;
  if (typeof texts !== 'object' || texts === null) return null;
  if (typeof texts.job !== 'string' || typeof texts.cluster !== 'string') return null;
  if (typeof d.savedAt !== 'number' || !Number.isFinite(d.savedAt)) return null;
  const draft: Draft = { texts: { job: texts.job, cluster: texts.cluster }, savedAt: d.savedAt };
  // A draft saved while a job was submitted over the running one keeps the running job's text.
  if (typeof texts.running === 'string') draft.texts.running = texts.running;
  if (typeof d.reason === 'string') draft.reason = d.reason;
  if (typeof d.tab === 'string') draft.tab = d.tab;
  return draft;
}

// readJSON reads one key, or undefined when it is absent, unreadable or not JSON.
function readJSON(storage: DraftStorage, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

// write stores one key; false when the storage refuses (quota, private mode).
function write(storage: DraftStorage, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** loadDraft reads the current draft, or null when there is none or it is damaged. */
export function loadDraft(storage: DraftStorage): Draft | null {
  return asDraft(readJSON(storage, CURRENT_KEY));
}

/** listSetAside reads the set-aside drafts, newest first; damaged entries are skipped. */
export function listSetAside(storage: DraftStorage): Draft[] {
  const v = readJSON(storage, RING_KEY);
  if (!Array.isArray(v)) return [];
  return v.map(asDraft).filter((d): d is Draft => d !== null);
}

/** SaveOutcome says whether a draft is stored, and how many older set-aside drafts were dropped to make room for it. */
export interface SaveOutcome {
  ok: boolean;
  dropped: number;
}

// fitRing stores `fresh` (the new entries) in front of `old`, dropping the
// oldest of `old` until the storage accepts it, but always keeping the
// newest old draft. When even that does not fit, the ring is written back
// as it was: nothing is dropped for a draft that is not then stored.
function fitRing(storage: DraftStorage, fresh: Draft[], old: Draft[]): SaveOutcome {
  const keep = Math.min(1, old.length);
  for (let n = old.length; n >= keep; n--) {
    if (write(storage, RING_KEY, [...fresh, ...old.slice(0, n)])) return { ok: true, dropped: old.length - n };
  }
  write(storage, RING_KEY, old);
  return { ok: false, dropped: 0 };
}

/** DraftStamp is who saved a current draft and when: a tab compares it before writing over another tab's save. */
export interface DraftStamp {
  savedAt: number;
  tab?: string;
}

/** REASON_OTHER_TAB is the reason on a draft another tab saved, set aside when this tab saves over it. */
export const REASON_OTHER_TAB = 'saved in another tab';

/**
 * saveDraft stores the current texts, for the tab named `tab`. When the
 * stored draft is not the one this tab last saw (`seen`: another tab saved
 * since), it is set aside first, so two tabs never lose each other's
 * edits; a tab has at most one such draft in the ring. When the storage is
 * full it drops the oldest set-aside drafts, one at a time, but only as many
 * as make the current one fit, never the newest, and none when it does not
 * fit anyway.
 */
export function saveDraft(
  storage: DraftStorage,
  texts: TabTexts,
  now: number,
  tab?: string,
  seen?: DraftStamp | null,
): SaveOutcome {
  const draft: Draft = { texts, savedAt: now, ...(tab ? { tab } : {}) };
  const stored = loadDraft(storage);
  const theirs =
    seen !== undefined &&
    stored !== null &&
    !sameTexts(stored.texts, texts) &&
    (stored.savedAt !== seen?.savedAt || stored.tab !== seen?.tab);
  if (theirs) {
    const ring = listSetAside(storage).filter(
      (d) => !(d.reason === REASON_OTHER_TAB && d.tab !== undefined && d.tab === stored.tab),
    );
    fitRing(storage, [{ ...stored, reason: REASON_OTHER_TAB }], ring);
  }
  if (write(storage, CURRENT_KEY, draft)) return { ok: true, dropped: 0 };
  const ring = listSetAside(storage);
  for (let n = ring.length - 1; n >= 1; n--) {
    if (!write(storage, RING_KEY, ring.slice(0, n))) continue;
    if (write(storage, CURRENT_KEY, draft)) return { ok: true, dropped: ring.length - n };
  }
  write(storage, RING_KEY, ring);
  return { ok: false, dropped: 0 };
}

/**
 * setAside puts a draft at the front of the ring, with the reason it was
 * set aside, unless the newest set-aside draft already holds the same
 * text. The ring keeps RING_SIZE drafts; to make room, the oldest are
 * dropped as saveDraft drops them.
 */
export function setAside(storage: DraftStorage, texts: TabTexts, reason: string, now: number): SaveOutcome {
  const ring = listSetAside(storage).filter((d) => !sameTexts(d.texts, texts));
  return fitRing(storage, [{ texts, savedAt: now, reason }], ring.slice(0, RING_SIZE - 1));
}

/** keptWords says what making room cost, for a notice: "" when nothing was dropped. */
export function keptWords(outcome: SaveOutcome): string {
  if (outcome.dropped === 0) return '';
  return ` To make room, the ${outcome.dropped === 1 ? 'oldest set-aside draft was' : `${outcome.dropped} oldest set-aside drafts were`} removed.`;
}
