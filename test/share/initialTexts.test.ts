// What the app opens with: a good link wins and the draft it replaces is
// set aside; a bad link is reported and never touches the draft; without a
// link, the draft; without a draft, the default.

import { describe, expect, it } from 'vitest';
import { composeDocument } from '../../src/share/documentText.ts';
import { listSetAside, loadDraft, saveDraft } from '../../src/share/draftStore.ts';
import { chooseInitialTexts } from '../../src/share/initialTexts.ts';
import { encodeLink } from '../../src/share/linkCodec.ts';
import { REASON_LINK } from '../../src/share/openLink.ts';
import { splitScenario } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';
import { FakeStorage, throwingStorage } from './helpers.ts';

const DEFAULT = splitScenario(JSON.parse(fixtureText('first-placement')));
const DRAFT = { job: '{ "ID": "my-own-work" }\n', cluster: '{}\n' };
const LINKED = splitScenario(JSON.parse(fixtureText('canary-awaiting-promotion')));

async function linkTo(texts: typeof LINKED): Promise<string> {
  const doc = composeDocument(texts);
  if (!doc.ok) throw new Error('fixture does not compose');
  return encodeLink(doc.text);
}

function storageWithDraft(): FakeStorage {
  const s = new FakeStorage();
  saveDraft(s, DRAFT, 1);
  return s;
}

describe('chooseInitialTexts', () => {
  it('opens the default scenario the first time', async () => {
    const r = await chooseInitialTexts({ hash: '', storage: new FakeStorage(), defaultTexts: DEFAULT, now: 5 });
    expect(r).toEqual({ texts: DEFAULT, source: 'default', notice: null, held: false });
  });

  it('opens the saved draft when there is no link', async () => {
    const r = await chooseInitialTexts({ hash: '#other', storage: storageWithDraft(), defaultTexts: DEFAULT, now: 5 });
    expect(r).toMatchObject({ texts: DRAFT, source: 'draft', notice: null, held: false });
  });

  it('opens a good link, sets the draft aside and saves the link as the new draft', async () => {
    const s = storageWithDraft();
    const r = await chooseInitialTexts({ hash: await linkTo(LINKED), storage: s, defaultTexts: DEFAULT, now: 5 });
    expect(r.texts).toEqual(LINKED);
    expect(r.source).toBe('link');
    expect(r.held).toBe(false);
    expect(r.notice).toMatchObject({ kind: 'info', offerRestore: true });
    expect(listSetAside(s)).toEqual([{ texts: DRAFT, savedAt: 5, reason: REASON_LINK }]);
    expect(loadDraft(s)?.texts).toEqual(LINKED);
  });

  it('sets nothing aside when the draft already is the link (a reload of the same link)', async () => {
    const s = new FakeStorage();
    saveDraft(s, LINKED, 1);
    const r = await chooseInitialTexts({ hash: await linkTo(LINKED), storage: s, defaultTexts: DEFAULT, now: 5 });
    expect(r.source).toBe('link');
    expect(r.notice?.offerRestore).toBeFalsy();
    expect(listSetAside(s)).toEqual([]);
  });

  it.each([
    ['truncated', async () => (await linkTo(LINKED)).slice(0, 60)],
    ['corrupt', async () => '#s=%%%'],
    ['not a scenario', async () => encodeLink('{"Job": {"ID": 7}}')],
  ])('keeps the draft, untouched, on a %s link and says why', async (_, makeHash) => {
    const s = storageWithDraft();
    const before = new Map(s.items);
    const writes = s.writes;
    const r = await chooseInitialTexts({ hash: await makeHash(), storage: s, defaultTexts: DEFAULT, now: 5 });
    expect(r.texts).toEqual(DRAFT);
    expect(r.source).toBe('draft');
    expect(r.held).toBe(false);
    expect(r.notice?.kind).toBe('error');
    expect(r.notice?.message).toMatch(/shared link.*Your own scenario is unchanged/s);
    expect(s.writes).toBe(writes);
    expect(s.items).toEqual(before);
  });

  it('opens the default with the message on a bad link and no draft', async () => {
    const r = await chooseInitialTexts({ hash: '#s=', storage: new FakeStorage(), defaultTexts: DEFAULT, now: 5 });
    expect(r).toMatchObject({ texts: DEFAULT, source: 'default', notice: { kind: 'error' } });
  });

  it('keeps the draft saved when it cannot be set aside (storage full), and says so', async () => {
    const s = storageWithDraft();
    s.quotaBytes = s.items.get('nomad-reconciler-playground.draft')!.length + 10;
    const r = await chooseInitialTexts({ hash: await linkTo(LINKED), storage: s, defaultTexts: DEFAULT, now: 5 });
    expect(r.texts).toEqual(LINKED);
    expect(r.notice).toMatchObject({ kind: 'error' });
    expect(r.notice).toMatchObject({ offerRestore: true });
    expect(r.notice?.message).toContain('refused to set your previous draft aside');
    expect(r.notice?.message).not.toMatch(/reload/i);
    // Kept twice: as the saved draft, and in memory for Restore.
    expect(loadDraft(s)?.texts).toEqual(DRAFT);
    expect(r.unsaved?.texts).toEqual(DRAFT);
  });

  it('still opens a link when storage refuses everything', async () => {
    const r = await chooseInitialTexts({
      hash: await linkTo(LINKED),
      storage: throwingStorage,
      defaultTexts: DEFAULT,
      now: 5,
    });
    expect(r.texts).toEqual(LINKED);
  });
});
