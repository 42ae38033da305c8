// Hostile links in the production build: each opens harmlessly (a million
// placements drawn as an aggregate) or is refused with a message naming
// the limit, the fragment leaves the address before the work starts, a text
// the page stopped on reopens held, options in the address are bounded and
// shown, confusable names are shown as such, and two tabs never lose an
// edit. Scenarios whose reading never ends (or ends in a JavaScript error)
// are read off the page: the page answers meanwhile and says why it did
// not open them, for a link, Copy link and the import dialog alike.

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { CURRENT_KEY } from '../src/share/draftStore.ts';
import { OPENING_KEY } from '../src/share/openingMark.ts';
import { HOSTILE_JOBSPECS } from '../test/jobspec/hostile.ts';
import { DEFAULT_SCENARIO, openApp, setTab } from './helpers.ts';
import { LINEAR, UNREADABLE, allocationStubs, shareLink } from './hostileTexts.ts';

test.describe.configure({ timeout: 180_000 });

// link is the `#s=` fragment of a scenario document.
function link(doc: unknown): string {
  return '#s=' + deflateRawSync(Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc))).toString('base64url');
}

// scenario is the default scenario with its web group changed.
function scenario(web: Record<string, unknown>): Record<string, unknown> {
  const doc = structuredClone(DEFAULT_SCENARIO) as Record<string, unknown> & {
    Job: { TaskGroups: Record<string, unknown>[] };
  };
  Object.assign(doc.Job.TaskGroups[0]!, web);
  return doc;
}

// savedJob is the Job tab's text in the saved draft.
function savedJob(page: Page): Promise<string> {
  return page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{"texts":{"job":""}}') as { texts: { job: string } }).texts.job,
    CURRENT_KEY,
  );
}

// editJob puts a marker in the Job tab's name and waits until the draft holds it.
async function editJob(page: Page, marker: string): Promise<void> {
  const job = { ...DEFAULT_SCENARIO.Job, Name: marker };
  await setTab(page, 'job', JSON.stringify(job, null, 2));
  await expect.poll(() => savedJob(page), { timeout: 15_000 }).toContain(marker);
}

// FIRST_PLACEMENT is a job of one group with nothing running yet.
const FIRST_PLACEMENT = JSON.parse(
  readFileSync(new URL('../test/fixtures/scenarios/first-placement.json', import.meta.url), 'utf8'),
) as {
  Job: { TaskGroups: { Count: number }[] };
};

test('Count: 1,000,000 opens as an aggregate, with the fragment gone from the address', async ({ page }) => {
  const doc = structuredClone(FIRST_PLACEMENT);
  doc.Job.TaskGroups[0]!.Count = 1_000_000;
  // A million placements take the reconciler a few seconds on a busy machine: a longer (documented) time limit.
  await page.goto('/?timeout=30000' + link(doc));
  await expect(page).toHaveURL(/\/\?timeout=30000$/);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok', { timeout: 60_000 });
  await expect(page.getByTestId('placement-lane')).toHaveAttribute('data-total', '1000000');
  await expect(page.getByTestId('placement')).toHaveCount(100);
  await expect(page.getByTestId('placement-more')).toHaveAttribute('data-count', '999900');
  await expect(page.locator('[data-testid=plan-group]')).toContainText('1000000 create');
  // The page draws a bounded picture and stays usable.
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(5_000);
  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('examples-menu')).toBeVisible();
});

test('Count: 10,000,000 and nesting 100,000 deep are refused, naming the limit, and the draft stays', async ({
  page,
}) => {
  await openApp(page);
  await editJob(page, 'my-own-edit');
  await page.goto('/#');
  await page.goto('/' + link(scenario({ Count: 10_000_000 })));
  await expect(page.getByTestId('share-banner')).toContainText(
    'is more than 1,000,000, the largest the playground models',
  );
  await expect(page.getByTestId('share-banner')).toContainText('Your own scenario is unchanged.');
  const deep = JSON.stringify(scenario({})).replace(
    /^\{/,
    `{"Unknown": ${'['.repeat(100_000)}${']'.repeat(100_000)}, `,
  );
  await page.goto('/#');
  await page.goto('/' + link(deep));
  await expect(page.getByTestId('share-banner')).toContainText(
    'nests 100,001 levels deep, 99,873 more than the 128 the playground reads',
  );
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  expect(await savedJob(page)).toContain('my-own-edit');
});

test('a link whose HCL jobspec nests 10,000 deep or multiplies values is refused by name, never a blank page', async ({
  page,
}) => {
  await openApp(page);
  await editJob(page, 'my-own-edit');
  const withJobSpec = (jobSpec: string) => {
    const doc = structuredClone(DEFAULT_SCENARIO) as Record<string, unknown>;
    delete doc.Job;
    return { ...doc, JobSpec: jobSpec };
  };
  await page.goto('/#');
  await page.goto('/' + link(withJobSpec(HOSTILE_JOBSPECS.parentheses!)));
  await expect(page.getByTestId('share-banner')).toContainText(
    'Nesting too deep; This expression or block nests more than the 128 levels the playground reads',
  );
  await page.goto('/#');
  await page.goto('/' + link(withJobSpec(HOSTILE_JOBSPECS.setproduct!)));
  await expect(page.getByTestId('share-banner')).toContainText('Too many values;');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  expect(await savedJob(page)).toContain('my-own-edit');
});

test('a text the page stopped on reopens held: shown, not run, until the person runs it', async ({ page }) => {
  await openApp(page);
  await editJob(page, 'stopped-on-this');
  // As if the page had died while opening it: the mark stands.
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ source: 'a shared link', at: 1 })),
    OPENING_KEY,
  );
  await page.reload();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'held');
  await expect(page.getByTestId('share-banner')).toContainText('from a shared link');
  await expect(page.getByTestId('graph-panel')).toContainText('Not run yet');
  await page.getByTestId('run-held').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OPENING_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
});

test('only bounded options are read from the address, and every one in force is in the header', async ({ page }) => {
  await openApp(page, '?timeout=1&debounce=600000&evil=1');
  await expect(page.getByTestId('page-options')).toHaveText('?debounce=600000: runs 600 s after typing');
  await page.goto('/?timeout=400');
  await expect(page.getByTestId('page-options')).toHaveText('?timeout=400: time limit 400 ms');
  await page.goto('/');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('page-options')).toHaveCount(0);
});

test('names with invisible or bidi-control characters are flagged and drawn visibly', async ({ page }) => {
  await page.goto('/' + link(scenario({ Name: 'we\u200Bb' })));
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('[data-testid=plan-group]', { hasText: 'U+200B' })).toContainText(
    'Task Group: "we⟨U+200B⟩b"',
  );
  await expect(
    page.locator('[data-testid=placement] .cg-card__group', { hasText: 'we⟨U+200B⟩b' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-testid=editor] .squiggly-warning').first()).toBeAttached();
});

test('two tabs editing the same draft never lose an edit', async ({ context }) => {
  const a = await context.newPage();
  await openApp(a);
  const b = await context.newPage();
  await openApp(b);
  await editJob(a, 'edit-in-tab-a');
  await editJob(b, 'edit-in-tab-b');
  // B saved over A's save: A's edit is set aside, named as another tab's.
  await b.getByTestId('drafts-button').click();
  await expect(b.getByTestId('drafts-list')).toContainText('saved in another tab');
  await b.getByTestId('draft-restore').first().click();
  await expect.poll(() => savedJob(b)).toContain('edit-in-tab-a');
  // And B's own edit is now under Drafts in turn.
  await b.getByTestId('drafts-button').click();
  await b.getByTestId('draft-restore').first().click();
  await expect.poll(() => savedJob(b)).toContain('edit-in-tab-b');
});

// NOT_OPENED is how the banner refuses a link whose scenario was not read: out of time, or the reader failed (or refused it).
const NOT_OPENED = /The shared link('s scenario could not be read in time| holds JSON that is not a valid scenario)/;

for (const [name, text] of Object.entries(UNREADABLE)) {
  test(`${name}: the link is refused with a message while the page answers, and the draft stays`, async ({ page }) => {
    await openApp(page);
    await editJob(page, 'my-own-edit');
    // A link pasted into the address bar of the open page: read while the page answers a control.
    await page.evaluate((hash) => (window.location.hash = hash), shareLink(text));
    await page.getByTestId('editor-tab-cluster').click();
    await expect(page.getByTestId('editor-tab-cluster')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('share-banner')).toContainText(NOT_OPENED, { timeout: 30_000 });
    await expect(page.getByTestId('share-banner')).toContainText('Your own scenario is unchanged.');
    expect(await savedJob(page)).toContain('my-own-edit');
    // Opened as the page's first address, it is refused the same way: the page is drawn, never blank.
    await page.goto('/#');
    await page.goto('/' + shareLink(text));
    await expect(page.getByTestId('share-banner')).toContainText(NOT_OPENED, { timeout: 30_000 });
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
    expect(await savedJob(page)).toContain('my-own-edit');
  });
}

for (const [name, text] of Object.entries(LINEAR)) {
  test(`${name}: the link opens at once, its regular expression matched in linear time as RE2 does`, async ({
    page,
  }) => {
    await page.goto('/' + shareLink(text));
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('share-banner')).toContainText('Opened the shared scenario');
  });
}

test('Copy link on a scenario that cannot be read says so, and the page answers meanwhile', async ({ page }) => {
  await openApp(page);
  const jobSpec = (JSON.parse(UNREADABLE['setproduct 1024³']!) as { JobSpec: string }).JobSpec;
  await setTab(page, 'job', jobSpec);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /timeout|invalid/, { timeout: 30_000 });
  await page.getByTestId('copy-link').click();
  await page.getByTestId('editor-tab-cluster').click();
  await expect(page.getByTestId('editor-tab-cluster')).toHaveAttribute('aria-selected', 'true');
  // Refused before the link is made: the submitted job has problems (or, read again, would not open).
  await expect(page.getByTestId('share-banner')).toContainText(
    /A link to this scenario would not open: |has problems: fix them first/,
    { timeout: 30_000 },
  );
  await page.getByTestId('editor-tab-job').click();
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText('setproduct');
});

for (const n of [5000, 30_000]) {
  test(`importing ${n.toLocaleString('en')} allocation stubs keeps the page answering`, async ({ page }) => {
    await openApp(page);
    await page.getByTestId('import-cluster').click();
    await page
      .getByTestId('import-job')
      .fill(readFileSync(new URL('../test/fixtures/import/job.json', import.meta.url), 'utf8'));
    await expect(page.getByTestId('import-preview')).toHaveAttribute('data-ok', 'true');
    // Pasted as a person would: the field keeps the body without laying it out.
    await page.getByTestId('import-allocations').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, allocationStubs(n));
    await expect(page.getByTestId('import-allocations-long')).toContainText('characters, too long to show here');
    // The dialog answers while the preview is made.
    await page.getByTestId('import-job-id').fill('web');
    await expect(page.getByTestId('import-cluster-dialog').locator('.import-command').first()).toContainText('web');
    if (n <= 20_000)
      await expect(page.getByTestId('import-preview')).toContainText(
        new RegExp(`${n} allocations|Building the preview took longer than`),
        { timeout: 60_000 },
      );
    // More than an import takes is refused by the import's budgets (this many stubs pass the text's too), by how many.
    else
      await expect(page.getByTestId('import-cluster-dialog').getByRole('alert')).toContainText(
        /more than the (20,000 an import takes|16,777,216 the playground reads)/,
        { timeout: 60_000 },
      );
    // Clear brings the field back, empty.
    await page.getByTestId('import-allocations-long').locator('button', { hasText: 'Clear' }).click();
    await expect(page.getByTestId('import-allocations')).toHaveValue('');
  });
}
