// "Hostile links are harmless" (docs/links-and-files.md): every link of issue 14's attack
// list opens, or is refused with a message that names the limit, and the
// person's draft is intact either way. Each link goes the whole way a page
// takes it: decoded, read, split into the tabs, then read and reconciled as
// the worker does (or simulated, for events).

import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../bench/generate.ts';
import { listSetAside, loadDraft, saveDraft } from '../../src/share/draftStore.ts';
import { chooseInitialTexts } from '../../src/share/initialTexts.ts';
import { encodeLink } from '../../src/share/linkCodec.ts';
import { handleRun } from '../../src/worker/handle.ts';
import { handleSimulate } from '../../src/worker/simulateHandle.ts';
import { hasEvents } from '../../src/scenario/eventsText.ts';
import { BUDGETS, graphBudget } from '../../src/worker/budgets.ts';
import type { TabTexts } from '../../src/scenario/tabs.ts';
import { fixtureText } from '../cli/helpers.ts';
import { FakeStorage } from './helpers.ts';

const DRAFT: TabTexts = { job: '{ "ID": "my-own-work" }\n', cluster: '{}\n' };
const DEFAULT: TabTexts = { job: '{}\n', cluster: '{}\n' };
const base = () => JSON.parse(fixtureText('first-placement')) as Record<string, unknown>;

// open opens a link over a saved draft, as a page loading it does.
async function open(documentText: string) {
  const storage = new FakeStorage();
  saveDraft(storage, DRAFT, 1);
  const opening = await chooseInitialTexts({
    hash: await encodeLink(documentText),
    storage,
    defaultTexts: DEFAULT,
    now: 5,
  });
  return { opening, storage };
}

// expectRefused checks a link was refused with a message matching `why`, leaving the draft as it was.
function expectRefused(r: Awaited<ReturnType<typeof open>>, why: RegExp): void {
  expect(r.opening.source).toBe('draft');
  expect(r.opening.texts).toEqual(DRAFT);
  expect(r.opening.notice?.kind).toBe('error');
  expect(r.opening.notice?.message).toMatch(why);
  expect(r.opening.notice?.message).toContain('Your own scenario is unchanged.');
  expect(loadDraft(r.storage)?.texts).toEqual(DRAFT);
}

// nested is a value nested `depth` arrays deep.
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

// Some of these links hold megabytes: a generous time limit for a busy machine (speed is measured by the bench).
describe('hostile links are harmless', { timeout: 60_000 }, () => {
  it('a link nested 100 deep in an unknown field opens, and the draft is set aside', async () => {
    const text = JSON.stringify(base()).replace(/^\{/, `{"Unknown": ${nested(100)}, `);
    const r = await open(text);
    expect(r.opening.source).toBe('link');
    expect(r.opening.texts.cluster).toContain(nested(100));
    expect(listSetAside(r.storage)[0]?.texts).toEqual(DRAFT);
    expect(handleRun({ type: 'run', seq: 1, texts: r.opening.texts }).type).toBe('result');
  });

  it.each([10_000, 100_000])('a link nested %i deep is refused, naming the depth limit', async (depth) => {
    const text = JSON.stringify(base()).replace(/^\{/, `{"Unknown": ${nested(depth)}, `);
    expectRefused(await open(text), /nests [\d,]+ levels deep, [\d,]+ more than the 128 the playground reads/);
  });

  it('a text nested 100,000 deep pasted into a tab is a diagnostic, not a crash', () => {
    const r = handleRun({ type: 'run', seq: 1, texts: { job: '{}', cluster: `{"x": ${nested(100_000)}}` } });
    expect(r).toMatchObject({ ok: false });
    expect(JSON.stringify(r)).toContain("The Cluster tab's text nests 100,001 levels deep");
  });

  it('a one-line document of 10,000 allocations opens, split into the tabs by their text', async () => {
    const doc = generateScenario({ allocs: 10_000, nodes: 1_000 });
    const r = await open(JSON.stringify(doc));
    expect(r.opening.source).toBe('link');
    expect(JSON.parse(r.opening.texts.cluster).Allocations).toHaveLength((doc.Allocations as unknown[]).length);
    const run = handleRun({ type: 'run', seq: 1, texts: r.opening.texts });
    expect(run).toMatchObject({ type: 'result', ok: true });
  });

  it('a link holding a million-element unknown array opens within the reader budget, two million and more are refused', async () => {
    const million = JSON.stringify(base()).replace(/^\{/, `{"Unknown": [${'0,'.repeat(999_999)}0], `);
    expect((await open(million)).opening.source).toBe('link');
    const over = JSON.stringify(base()).replace(/^\{/, `{"Unknown": [${'0,'.repeat(2_000_000)}0], `);
    expectRefused(await open(over), /holds [\d,]+ values, [\d,]+ more than the 2,000,000 the playground reads/);
  });

  it('Count: 10,000,000 is refused, naming the limit', async () => {
    const doc = base();
    (doc.Job as { TaskGroups: { Count: number }[] }).TaskGroups[0]!.Count = 10_000_000;
    expectRefused(await open(JSON.stringify(doc)), /Count: 10000000 is more than 1,000,000/);
  });

  it('counts that sum past the engine budget are not reconciled, and the message says by how much', async () => {
    const doc = base();
    const job = doc.Job as { TaskGroups: Record<string, unknown>[] };
    job.TaskGroups = Array.from({ length: 3 }, (_, i) => ({ ...job.TaskGroups[0], Name: `g${i}`, Count: 600_000 }));
    const r = await open(JSON.stringify(doc));
    expect(r.opening.source).toBe('link');
    const run = handleRun({ type: 'run', seq: 1, texts: r.opening.texts });
    expect(run).toMatchObject({ ok: false });
    const message = JSON.stringify(run);
    expect(message).toContain('The job asks for 1,800,000 allocations in all');
    expect(message).toContain(
      `800,000 more than the ${BUDGETS.placements.toLocaleString('en-US')} the playground reconciles at once`,
    );
  });

  it('80,000 events are refused by the simulator before they are read', async () => {
    const doc = {
      ...base(),
      Events: Array.from({ length: 80_000 }, () => ({ After: 1, Kind: 'node-down', NodeID: 'node-1' })),
    };
    const r = await open(JSON.stringify(doc));
    expect(r.opening.source).toBe('link');
    const film = await handleSimulate({ type: 'simulate', seq: 1, texts: r.opening.texts });
    expect(film).toMatchObject({
      ok: false,
      message: `The rollout has 80,000 events, 79,000 more than the 1,000 the simulator takes.`,
    });
  });

  it('a task group named __proto__ keeps its counts in the plan', async () => {
    const doc = base();
    (doc.Job as { TaskGroups: { Name: string }[] }).TaskGroups[0]!.Name = '__proto__';
    const r = await open(JSON.stringify(doc));
    const run = handleRun({ type: 'run', seq: 1, texts: r.opening.texts });
    if (run.type !== 'result' || !run.ok) throw new Error('expected a result');
    expect(Object.keys(run.document.DesiredTGUpdates)).toEqual(['__proto__']);
    expect(run.document.DesiredTGUpdates['__proto__']!.Place).toBe(3);
  });

  it('a damaged, cut or over-large link leaves the draft as it was', async () => {
    const storage = new FakeStorage();
    saveDraft(storage, DRAFT, 1);
    const good = await encodeLink(JSON.stringify(base()));
    for (const hash of [good.slice(0, 40), '#s=!!!', '#s=', `#s=${'A'.repeat(9 * 1024 * 1024)}`]) {
      const r = await chooseInitialTexts({ hash, storage, defaultTexts: DEFAULT, now: 5 });
      expect(r.texts).toEqual(DRAFT);
      expect(r.notice?.kind).toBe('error');
    }
    expect(loadDraft(storage)?.texts).toEqual(DRAFT);
    expect(listSetAside(storage)).toEqual([]);
  });
});

describe('a deep text in the Cluster tab', () => {
  it('is not parsed on the page to look for a rollout', () => {
    expect(hasEvents(`{"x": ${nested(100_000)}, "Events": [{}]}`)).toBe(false);
    expect(hasEvents('{"Events": [{"After": 1, "Kind": "node-down", "NodeID": "n"}]}')).toBe(true);
  });
});

describe('the graph budget', () => {
  it('draws up to its budget card by card and says why it does not draw more', () => {
    expect(graphBudget(BUDGETS.graphCards)).toBeNull();
    expect(graphBudget(10_000)).toBe(
      'This cluster has 10,000 allocations, 4,000 more than the 6,000 the graph draws one by one, so it is not drawn: the Plan, Explanation and JSON tabs show the result.',
    );
  });
});
