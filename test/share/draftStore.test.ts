// The draft store over a fake Storage: saving and loading, the ring of
// set-aside drafts, and survival of full, refusing and damaged storage.

import { describe, expect, it } from 'vitest';
import {
  CURRENT_KEY,
  RING_KEY,
  RING_SIZE,
  listSetAside,
  loadDraft,
  saveDraft,
  setAside,
} from '../../src/share/draftStore.ts';
import { FakeStorage, throwingStorage } from './helpers.ts';

const A = { job: '{"ID": "a"}\n', cluster: '{}\n' };
const B = { job: '{"ID": "b"}\n', cluster: '{}\n' };
const texts = (i: number) => ({ job: `{"ID": "j${i}"}\n`, cluster: '{}\n' });

describe('draftStore', () => {
  it('saves and loads the current draft', () => {
    const s = new FakeStorage();
    expect(loadDraft(s)).toBeNull();
    expect(saveDraft(s, A, 1000).ok).toBe(true);
    expect(loadDraft(s)).toEqual({ texts: A, savedAt: 1000 });
  });

  it('keeps the running job apart from the submitted one, and reads a draft saved before the Running tab as it was', () => {
    const s = new FakeStorage();
    const submitted = { ...B, running: A.job };
    saveDraft(s, submitted, 1000);
    expect(loadDraft(s)).toEqual({ texts: submitted, savedAt: 1000 });
    s.setItem(CURRENT_KEY, JSON.stringify({ texts: A, savedAt: 5 }));
    expect(loadDraft(s)?.texts).toEqual(A);
  });

  it('keeps the newest set-aside drafts first, without repeats, at most RING_SIZE', () => {
    const s = new FakeStorage();
    for (let i = 0; i < RING_SIZE + 2; i++) setAside(s, texts(i), 'why', i);
    setAside(s, texts(RING_SIZE + 1), 'again', 99); // the same text as the newest: moved, not repeated
    const ring = listSetAside(s);
    expect(ring).toHaveLength(RING_SIZE);
    expect(ring[0]).toEqual({ texts: texts(RING_SIZE + 1), savedAt: 99, reason: 'again' });
    expect(ring.map((d) => d.texts.job)).toEqual(
      [RING_SIZE + 1, RING_SIZE, RING_SIZE - 1, RING_SIZE - 2, RING_SIZE - 3].map((i) => texts(i).job),
    );
  });

  it('treats damaged values as absent', () => {
    const s = new FakeStorage();
    for (const bad of [
      '{',
      'null',
      '42',
      '{"texts": {"job": 1, "cluster": ""}, "savedAt": 1}',
      '{"texts": {"job": "", "cluster": ""}}',
    ]) {
      s.items.set(CURRENT_KEY, bad);
      expect(loadDraft(s)).toBeNull();
    }
    s.items.set(RING_KEY, '{"not": "a list"}');
    expect(listSetAside(s)).toEqual([]);
    s.items.set(RING_KEY, JSON.stringify([{ texts: A, savedAt: 1 }, 'junk', { texts: B }]));
    expect(listSetAside(s)).toEqual([{ texts: A, savedAt: 1 }]);
    // and writing over a damaged ring works
    expect(setAside(s, B, 'x', 2).ok).toBe(true);
    expect(listSetAside(s).map((d) => d.texts)).toEqual([B, A]);
  });

  it('makes room for the current draft by dropping the oldest set-aside ones when the quota is full', () => {
    const s = new FakeStorage();
    const big = (i: number) => ({ job: `{"ID": "${i}", "Pad": "${'x'.repeat(1000)}"}`, cluster: '{}' });
    for (let i = 0; i < RING_SIZE; i++) setAside(s, big(i), 'old', i);
    s.quotaBytes = s.items.get(RING_KEY)!.length + 500; // the ring alone nearly fills it
    expect(saveDraft(s, big(100), 7).ok).toBe(true);
    expect(loadDraft(s)?.texts).toEqual(big(100));
    const ring = listSetAside(s);
    expect(ring.length).toBeLessThan(RING_SIZE);
    expect(ring[0]?.texts).toEqual(big(RING_SIZE - 1)); // the newest survive
  });

  it('keeps the newest set-aside draft when the full ring does not fit', () => {
    const s = new FakeStorage();
    const big = (i: number) => ({ job: 'x'.repeat(1000) + i, cluster: '{}' });
    for (let i = 0; i < 3; i++) setAside(s, big(i), 'old', i);
    s.quotaBytes = 2500;
    expect(setAside(s, big(9), 'new', 9).ok).toBe(true);
    expect(listSetAside(s)[0]?.texts).toEqual(big(9));
  });

  it('reports failure, without throwing, when nothing fits or storage refuses', () => {
    const s = new FakeStorage();
    s.quotaBytes = 10;
    expect(saveDraft(s, A, 1).ok).toBe(false);
    expect(setAside(s, A, 'x', 1).ok).toBe(false);
    expect(saveDraft(throwingStorage, A, 1).ok).toBe(false);
    expect(loadDraft(throwingStorage)).toBeNull();
    expect(listSetAside(throwingStorage)).toEqual([]);
    expect(setAside(throwingStorage, A, 'x', 1).ok).toBe(false);
    expect(saveDraft(null, A, 1).ok).toBe(false);
    expect(loadDraft(null)).toBeNull();
  });
});
