// The share store's actions, with a stand-in app store, storage, clock,
// clipboard and downloads: what each action loads, keeps and says.

import { splitViewOption } from '../../src/share/embedView.ts';
import { splitLinkView } from '../../src/share/linkView.ts';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AppStore } from '../../src/store/createAppStore.ts';
import { listSetAside, loadDraft } from '../../src/share/draftStore.ts';
import { decodeLink, encodeLink } from '../../src/share/linkCodec.ts';
import { LinkErrorCode, linkError } from '../../src/share/linkErrors.ts';
import { createShareStore, type ShareDeps } from '../../src/store/shareStore.ts';
import { splitScenario, type TabTexts } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';
import { FakeStorage } from '../share/helpers.ts';

const GOOD = splitScenario(JSON.parse(fixtureText('first-placement')));

function setup(texts: TabTexts = GOOD, overrides: Partial<ShareDeps> = {}) {
  // The app's view as a page opens: the Plan tab, the rollout closed, nothing selected.
  const app = createStore<{ texts: TabTexts; loadTexts(t: TabTexts): void }>()((set) => ({
    texts,
    loadTexts: (t) => set({ texts: t }),
    resultTab: 'plan',
    rollout: { open: false },
    selectedAllocID: null,
  }));
  const storage = new FakeStorage();
  const copied: string[] = [];
  const downloads: [string, string][] = [];
  const share = createShareStore({
    app: app as unknown as AppStore,
    storage,
    now: () => 1000,
    pageAddress: () => 'http://x.test/',
    clipboard: { writeText: async (t) => void copied.push(t) },
    download: (name, text) => void downloads.push([name, text]),
    ...overrides,
  });
  return { app, storage, share, copied, downloads };
}

describe('createShareStore', () => {
  it('copies a link that opens the current texts', async () => {
    const { share, copied } = setup();
    await share.getState().copyLink();
    const link = share.getState().link!;
    expect(link.copied).toBe(true);
    expect(copied).toEqual([link.url]);
    const back = await decodeLink(link.url.slice('http://x.test/'.length));
    expect(back.ok).toBe(true);
  });

  it('a link keeps where you were: the rollout tab and its frames, the selected allocation, Compare versions', async () => {
    const { app, share } = setup();
    app.setState({
      resultTab: 'rollout',
      rollout: { open: true, frame: 3, compareFrame: 1 },
      selectedAllocID: 'a b',
      compareVersions: true,
    } as never);
    await share.getState().copyLink();
    const url = share.getState().link!.url;
    expect(url).toMatch(/#s=[A-Za-z0-9_-]+&tab=rollout&frame=3&compare=1&alloc=a%20b&versions=both$/);
    const { hash, view } = splitLinkView(url.slice('http://x.test/'.length));
    expect(view).toEqual({ tab: 'rollout', frame: 3, compare: 1, alloc: 'a b', versions: 'both' });
    expect((await decodeLink(hash)).ok).toBe(true);
  });

  it('shows the link uncopied when the clipboard refuses', async () => {
    const { share } = setup(GOOD, { clipboard: { writeText: () => Promise.reject(new Error('no')) } });
    await share.getState().copyLink();
    expect(share.getState().link).toMatchObject({ copied: false });
  });

  it('offers the embeddable view: a link that opens it, and an <iframe> of that link, each copied on request', async () => {
    const { app, share, copied } = setup();
    app.setState({ resultTab: 'explain' } as never);
    await share.getState().showEmbed();
    const embed = share.getState().embed!;
    expect(embed).toMatchObject({ copied: null, refused: false });
    expect(copied).toEqual([]);
    const { view, hash } = splitViewOption(embed.url.slice('http://x.test/'.length));
    expect(view).toBe('embed');
    const kept = splitLinkView(hash);
    expect(kept.view).toEqual({ tab: 'explain' });
    expect((await decodeLink(kept.hash)).ok).toBe(true);
    const src = /<iframe src="([^"]*)"/.exec(embed.snippet)?.[1];
    expect(src?.replace(/&amp;/g, '&')).toBe(embed.url);
    await share.getState().copyEmbed('snippet');
    expect(copied).toEqual([embed.snippet]);
    expect(share.getState().embed).toMatchObject({ copied: 'snippet', refused: false });
    await share.getState().copyEmbed('url');
    expect(copied).toEqual([embed.snippet, embed.url]);
  });

  it('says when the clipboard refuses the embed link, and makes none for a scenario that would not open', async () => {
    const { share } = setup(GOOD, { clipboard: { writeText: () => Promise.reject(new Error('no')) } });
    await share.getState().showEmbed();
    await share.getState().copyEmbed('url');
    expect(share.getState().embed).toMatchObject({ copied: null, refused: true });
    const invalid = setup({ job: '{"ID": 7}', cluster: '{}' });
    await invalid.share.getState().showEmbed();
    expect(invalid.share.getState()).toMatchObject({ embed: null, notice: { kind: 'error' } });
  });

  it('refuses to link a scenario that would not open', async () => {
    const syntax = setup({ job: '{', cluster: '{}' });
    await syntax.share.getState().copyLink();
    expect(syntax.share.getState()).toMatchObject({ link: null, notice: { kind: 'error' } });
    const invalid = setup({ job: '{"ID": 7}', cluster: '{}' });
    await invalid.share.getState().copyLink();
    expect(invalid.share.getState().notice?.message).toContain('Job.ID');
  });

  it('makes no link, and opens none, when the check could not read the scenario in time', async () => {
    const slow = linkError(
      LinkErrorCode.TooSlow,
      "reading it took longer than 3 s, the page's time limit, so it was stopped.",
    );
    const { share, app, copied } = setup(GOOD, { check: async () => ({ ok: false, error: slow }) });
    await share.getState().copyLink();
    expect(share.getState().link).toBeNull();
    expect(copied).toEqual([]);
    expect(share.getState().notice?.message).toBe(
      "A link to this scenario would not open: reading it took longer than 3 s, the page's time limit, so it was stopped. Fix it first, or export it to a file.",
    );
    const other = await encodeLink(fixtureText('lost-node'));
    expect(await share.getState().openHash(other)).toBe(false);
    expect(app.getState().texts).toBe(GOOD);
    expect(share.getState().notice?.message).toContain('could not be read in time');
  });

  it('imports a file after setting the current texts aside, and restores them', async () => {
    const { app, share, storage } = setup();
    const text = fixtureText('lost-node');
    await share.getState().importFile({ name: 'lost.json', size: text.length, text: async () => text });
    expect(app.getState().texts).not.toEqual(GOOD);
    expect(listSetAside(storage)[0]?.texts).toEqual(GOOD);
    expect(loadDraft(storage)?.texts).toEqual(app.getState().texts);
    expect(share.getState().notice).toMatchObject({ kind: 'info', offerRestore: true });
    const imported = app.getState().texts;
    share.getState().restore(0);
    expect(app.getState().texts).toEqual(GOOD);
    expect(share.getState().drafts[0]?.texts).toEqual(imported); // the restore is itself undoable
  });

  it('says which of several dropped files it imported', async () => {
    const { share } = setup();
    const text = fixtureText('lost-node');
    await share.getState().importFile({ name: 'lost.json', size: text.length, text: async () => text }, 2);
    expect(share.getState().notice?.message).toContain(
      'Only lost.json was imported: the 2 other files dropped with it were not.',
    );
  });

  it('keeps the replaced text in memory when storage is full, and brings it back', async () => {
    const { app, share, storage } = setup();
    storage.quotaBytes = 0;
    const text = fixtureText('lost-node');
    await share.getState().importFile({ name: 'lost.json', size: text.length, text: async () => text });
    expect(share.getState().notice?.message).toContain('this page keeps it until it is closed');
    share.getState().restorePrevious();
    expect(app.getState().texts).toEqual(GOOD);
  });

  it('replaces texts for another feature (an example) keeping the previous ones', () => {
    const { app, share, storage } = setup();
    const other = { job: '{"ID": "x"}\n', cluster: '{}\n' };
    share.getState().replaceTexts(other, 'before loading an example');
    expect(app.getState().texts).toEqual(other);
    expect(listSetAside(storage)[0]).toMatchObject({ texts: GOOD, reason: 'before loading an example' });
    share.getState().restorePrevious();
    expect(app.getState().texts).toEqual(GOOD);
  });

  it('keeps the texts aside before a part of them is replaced in place (Run it on a cluster), and brings them back', () => {
    const { app, share, storage } = setup();
    share.getState().keepAside('before running the job on a made cluster');
    expect(listSetAside(storage)[0]).toMatchObject({ texts: GOOD, reason: 'before running the job on a made cluster' });
    expect(share.getState().notice).toMatchObject({ kind: 'info', offerRestore: true });
    app.getState().loadTexts({ job: GOOD.job, cluster: '{}\n' });
    share.getState().restorePrevious();
    expect(app.getState().texts).toEqual(GOOD);
  });

  it('leaves everything as it was on a bad import', async () => {
    const { app, share, storage } = setup();
    await share.getState().importFile({ name: 'x.json', size: 1, text: async () => '{' });
    expect(app.getState().texts).toEqual(GOOD);
    expect(storage.items.size).toBe(0);
    expect(share.getState().notice?.kind).toBe('error');
  });

  it('exports the document under the scenario name', () => {
    const { share, downloads } = setup();
    share.getState().exportFile();
    expect(downloads).toHaveLength(1);
    expect(JSON.parse(downloads[0]![1])).toMatchObject({ Job: JSON.parse(GOOD.job) });
  });

  it('warns once when the draft cannot be saved', () => {
    const { share, storage } = setup();
    storage.quotaBytes = 0;
    share.getState().saveNow(GOOD);
    expect(share.getState().notice?.message).toContain('refused to save your draft');
    share.getState().dismiss();
    share.getState().saveNow(GOOD);
    expect(share.getState().notice).toBeNull();
  });
});
