// "Nothing is lost" (docs/links-and-files.md): drafts survive a full or refusing storage,
// a link too large to store, two tabs saving in turn, and a text that
// crashed the page, which is reopened held (shown, not run).

import { describe, expect, it } from 'vitest';
import { composeDocument } from '../../src/share/documentText.ts';
import {
  CURRENT_KEY,
  listSetAside,
  loadDraft,
  REASON_OTHER_TAB,
  RING_KEY,
  RING_SIZE,
  saveDraft,
  setAside,
} from '../../src/share/draftStore.ts';
import { chooseInitialTexts } from '../../src/share/initialTexts.ts';
import { encodeLink } from '../../src/share/linkCodec.ts';
import { createOpeningGuard, OPENING_KEY, standingMark } from '../../src/share/openingMark.ts';
import { splitScenario, type TabTexts } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';
import { FakeStorage } from './helpers.ts';

const DEFAULT = splitScenario(JSON.parse(fixtureText('first-placement')));
const mine = (i: number): TabTexts => ({ job: `{"ID": "mine-${i}", "Pad": "${'x'.repeat(200)}"}\n`, cluster: '{}\n' });

async function linkTo(texts: TabTexts): Promise<string> {
  const doc = composeDocument(texts);
  if (!doc.ok) throw new Error('fixture does not compose');
  return encodeLink(doc.text);
}

// fiveDrafts is a storage holding a current draft and RING_SIZE set-aside ones, with a quota just above what they use.
function fiveDrafts(): FakeStorage {
  const s = new FakeStorage();
  for (let i = 0; i < RING_SIZE; i++) setAside(s, mine(i), 'earlier', i);
  saveDraft(s, mine(99), 100);
  s.quotaBytes = [...s.items.values()].reduce((n, v) => n + v.length, 0) + 300;
  return s;
}

describe('nothing is lost', () => {
  it('deletes no draft for a link too large to store, and says the link is not saved', async () => {
    const s = fiveDrafts();
    const huge = splitScenario({ ...JSON.parse(fixtureText('first-placement')), Description: 'y'.repeat(50_000) });
    const r = await chooseInitialTexts({ hash: await linkTo(huge), storage: s, defaultTexts: DEFAULT, now: 200 });
    expect(r.texts).toEqual(huge);
    // The previous draft is the newest set aside; the ring keeps its RING_SIZE.
    const ring = listSetAside(s);
    expect(ring[0]?.texts).toEqual(mine(99));
    expect(ring.map((d) => d.texts)).toEqual([mine(99), mine(4), mine(3), mine(2), mine(1)]);
    expect(r.notice?.message).toContain('Your previous draft is kept under Drafts.');
    expect(r.notice?.message).not.toContain('removed');
    // The link's text did not fit, so nothing else was removed for it, and the banner says it is not saved.
    expect(r.notice?.message).toContain('not saved as your draft');
    expect(loadDraft(s)?.texts).toEqual(mine(99));
  });

  it('never makes room by removing every set-aside draft', () => {
    const s = fiveDrafts();
    const big = { job: 'z'.repeat(5000), cluster: '{}' };
    expect(saveDraft(s, big, 300)).toEqual({ ok: false, dropped: 0 });
    expect(listSetAside(s)).toHaveLength(RING_SIZE);
    expect(loadDraft(s)?.texts).toEqual(mine(99));
  });

  it('keeps the newest set-aside draft when making room for the current one', () => {
    const s = fiveDrafts();
    s.quotaBytes += 600; // room for a slightly larger current draft once two old ones go
    const outcome = saveDraft(s, { job: 'w'.repeat(1300), cluster: '{}' }, 300);
    expect(outcome.ok).toBe(true);
    expect(outcome.dropped).toBeGreaterThan(0);
    expect(listSetAside(s).length).toBeGreaterThanOrEqual(1);
    expect(listSetAside(s)[0]?.texts).toEqual(mine(RING_SIZE - 1));
  });

  it('keeps both tabs’ edits when two tabs save in turn', () => {
    const s = new FakeStorage();
    saveDraft(s, DEFAULT, 1);
    const seenA = { savedAt: 1 };
    const seenB = { savedAt: 1 };
    // Both tabs loaded the same draft; A saves first, then B saves over it.
    expect(saveDraft(s, mine(1), 2, 'tab-a', seenA).ok).toBe(true);
    expect(saveDraft(s, mine(2), 3, 'tab-b', seenB).ok).toBe(true);
    expect(loadDraft(s)?.texts).toEqual(mine(2));
    expect(listSetAside(s)[0]).toMatchObject({ texts: mine(1), reason: REASON_OTHER_TAB, tab: 'tab-a' });
    // A saves again over B: B's edit is set aside, and A's older save gives way to nothing (one entry per tab).
    expect(saveDraft(s, mine(3), 4, 'tab-a', { savedAt: 2, tab: 'tab-a' }).ok).toBe(true);
    expect(listSetAside(s).map((d) => d.texts)).toEqual([mine(2), mine(1)]);
    // B again: A's older save is replaced by its newer one.
    expect(saveDraft(s, mine(4), 5, 'tab-b', { savedAt: 3, tab: 'tab-b' }).ok).toBe(true);
    expect(listSetAside(s).map((d) => d.texts)).toEqual([mine(3), mine(2)]);
    // A tab saving over its own save sets nothing aside.
    expect(saveDraft(s, mine(5), 6, 'tab-b', { savedAt: 5, tab: 'tab-b' }).ok).toBe(true);
    expect(listSetAside(s)).toHaveLength(2);
  });

  it('reopens a text the page stopped on without running it, and says why', async () => {
    const s = new FakeStorage();
    const guard = createOpeningGuard(s, () => 7);
    saveDraft(s, mine(1), 1);
    guard.mark('a shared link');
    expect(standingMark(s)).toBe('a shared link');
    // The page dies here: the mark stands at the next load.
    const r = await chooseInitialTexts({ hash: '', storage: s, defaultTexts: DEFAULT, now: 9 });
    expect(r).toMatchObject({ texts: mine(1), source: 'draft', held: true, notice: { kind: 'error', offerRun: true } });
    expect(r.notice?.message).toContain('from a shared link');
    // Once a result is drawn the mark goes, and the next load runs as usual.
    const next = createOpeningGuard(s, () => 10);
    next.mark('the saved draft');
    next.drawn();
    expect(s.items.has(OPENING_KEY)).toBe(false);
    expect((await chooseInitialTexts({ hash: '', storage: s, defaultTexts: DEFAULT, now: 11 })).held).toBe(false);
  });

  it('survives damaged drafts and marks', () => {
    const s = new FakeStorage();
    s.items.set(OPENING_KEY, '{');
    s.items.set(CURRENT_KEY, '[');
    s.items.set(RING_KEY, '7');
    expect(standingMark(s)).toBeNull();
    expect(saveDraft(s, mine(1), 1, 'tab', null).ok).toBe(true);
    expect(loadDraft(s)?.texts).toEqual(mine(1));
  });
});
