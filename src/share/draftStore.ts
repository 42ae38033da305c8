// The person's drafts, kept in local storage: the current one, saved as it
// is edited, and a small ring of earlier ones set aside whenever something
// replaces the editors' text (a shared link, an import, a restore). Storage
// is a parameter, so this is tested without a browser. Nothing here throws:
// a storage that is missing, full or holds damaged values is survived.

import type { TabTexts } from '../scenario/tabs.ts';

/** DraftStorage is the part of Storage the drafts use; null when the browser gives none. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

/** Draft is the text of both tabs at one moment. */
export interface Draft {
  texts: TabTexts;
  /** savedAt is when it was saved, in milliseconds since the epoch. */
  savedAt: number;
  /** reason says why a set-aside draft was set aside ("before opening a shared link"). */
  reason?: string;
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
  if (typeof d.reason === 'string') draft.reason = d.reason;
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

/** sameTexts tells whether two drafts hold the same text. */
export function sameTexts(a: TabTexts, b: TabTexts): boolean {
  return a.job === b.job && a.cluster === b.cluster;
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

// writeRing stores the ring, dropping its oldest entries until the storage
// accepts it; it returns how many entries are stored (-1: not even none).
function writeRing(storage: DraftStorage, ring: Draft[]): number {
  for (let n = ring.length; n >= 0; n--) {
    if (write(storage, RING_KEY, ring.slice(0, n))) return n;
  }
  return -1;
}

/**
 * saveDraft stores the current texts. When the storage is full it makes
 * room by dropping the oldest set-aside drafts (the current one matters
 * most) and tries again. Returns whether the texts are now stored.
 */
export function saveDraft(storage: DraftStorage, texts: TabTexts, now: number): boolean {
  const draft: Draft = { texts, savedAt: now };
  if (write(storage, CURRENT_KEY, draft)) return true;
  const ring = listSetAside(storage);
  while (ring.length > 0) {
    ring.pop();
    writeRing(storage, ring);
    if (write(storage, CURRENT_KEY, draft)) return true;
  }
  return false;
}

/**
 * setAside puts a draft at the front of the ring, with the reason it was
 * set aside, unless the newest set-aside draft already holds the same
 * text. The ring keeps RING_SIZE drafts. Returns whether it is stored.
 */
export function setAside(storage: DraftStorage, texts: TabTexts, reason: string, now: number): boolean {
  const ring = listSetAside(storage).filter((d) => !sameTexts(d.texts, texts));
  ring.unshift({ texts, savedAt: now, reason });
  return writeRing(storage, ring.slice(0, RING_SIZE)) >= 1;
}
