// Shareable links and nothing lost: a copied link opens the same scenario in
// a fresh browser, a bad link leaves the draft alone and says why, a reload
// restores the draft, a replaced draft can be restored, and scenarios go to
// and come from files.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CURRENT_KEY } from '../src/share/draftStore.ts';
import { DEFAULT_SCENARIO, openApp, planLineText, setTab, shot } from './helpers.ts';

// Several of these tests load the app two or three times.
test.describe.configure({ timeout: 180_000 });

const ROLLING_UPDATE = fileURLToPath(new URL('../test/fixtures/scenarios/rolling-update.json', import.meta.url));

// withCacheCount is the default job with the cache group scaled to count.
function withCacheCount(count: number): string {
  const job = structuredClone(DEFAULT_SCENARIO.Job);
  job.TaskGroups[1]!.Count = count;
  return JSON.stringify(job, null, 2);
}

const SCALED_PLAN = 'Task Group: "cache" (2 create, 2 in-place update)';

// savedJobText is the Job tab's text in the saved draft.
function savedJobText(page: Page): Promise<string> {
  return page.evaluate((key) => {
    try {
      return (JSON.parse(localStorage.getItem(key) ?? '') as { texts: { job: string } }).texts.job;
    } catch {
      return '';
    }
  }, CURRENT_KEY);
}

// editAndWaitForDraft scales the cache group to 4 and waits until the draft is saved.
async function editAndWaitForDraft(page: Page): Promise<void> {
  await setTab(page, 'job', withCacheCount(4));
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);
  await expect.poll(() => savedJobText(page)).toContain('"Count": 4');
}

// planText is the whole plan panel's text.
async function planText(page: Page): Promise<string> {
  const lines = await page.locator('[data-testid=plan-group]').allTextContents();
  return lines.join('\n');
}

test('a copied link opens the same scenario and plan in a fresh browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], baseURL });
  const page = await context.newPage();
  await openApp(page);
  await setTab(page, 'job', withCacheCount(4));
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);
  const plan = await planText(page);

  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('link-status')).toContainText('Link copied to the clipboard');
  const link = await page.getByTestId('link-field').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#s=[A-Za-z0-9_-]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shot(page, '60-link-copied');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-panel')).toHaveCount(0);

  // A new context has its own storage: nothing but the link says what to show.
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect.poll(() => planLineText(other, 'cache')).toBe(SCALED_PLAN);
  expect(await planText(other)).toBe(plan);
  await expect(other.getByTestId('share-banner')).toContainText('Opened the shared scenario');
  // The fragment is removed, so a reload shows the (saved) draft, not the link again.
  expect(new URL(other.url()).hash).toBe('');
  await context.close();
  await fresh.close();
});

test('without the clipboard, the link is shown in a field to copy by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await openApp(page);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('link-status')).toContainText('copy the link from the field below');
  await expect(page.getByTestId('link-field')).toBeFocused();
  expect(await page.getByTestId('link-field').inputValue()).toContain('#s=');
});

test('a bad link leaves the draft intact and says what is wrong', async ({ page }) => {
  await openApp(page);
  await editAndWaitForDraft(page);
  const draft = await page.evaluate((key) => localStorage.getItem(key), CURRENT_KEY);
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();

  await page.goto('about:blank');
  await page.goto(link.slice(0, link.length - 40)); // truncated
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  const banner = page.getByTestId('share-banner');
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText('cut off or damaged');
  await expect(banner).toContainText('Your own scenario is unchanged');
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);
  expect(await page.evaluate((key) => localStorage.getItem(key), CURRENT_KEY)).toBe(draft);
  await shot(page, '61-bad-link');

  // Dismissing works from the keyboard.
  await page.getByTestId('share-banner-dismiss').focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);

  // A link that is not a scenario is refused too, naming the problem.
  await page.goto('about:blank');
  await page.goto('/#s=q1byyk9SslKoVvJ0UbJSMK-tBQA');
  await expect(page.getByTestId('share-banner')).toContainText('not a valid scenario: Job.ID');
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);
});

test('a reload restores the draft', async ({ page }) => {
  await openApp(page);
  await editAndWaitForDraft(page);
  await page.reload();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);
  await expect(page.getByTestId('share-banner')).toHaveCount(0);
});

test('opening a link keeps the previous draft, which can be restored', async ({ page }) => {
  await openApp(page);
  const defaultPlan = await planLineText(page, 'cache');
  // A link to the default scenario, made before the edit.
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();
  await page.keyboard.press('Escape');
  await editAndWaitForDraft(page);

  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect.poll(() => planLineText(page, 'cache')).toBe(defaultPlan);
  await expect(page.getByTestId('share-banner')).toContainText('Your previous draft is kept');
  await page.getByTestId('restore-previous').click();
  await expect.poll(() => planLineText(page, 'cache')).toBe(SCALED_PLAN);

  // The link's scenario is now among the drafts, in turn.
  await page.getByTestId('drafts-button').click();
  await expect(page.getByTestId('draft-restore')).not.toHaveCount(0);
  await shot(page, '62-drafts');
  await page.getByTestId('draft-restore').first().click();
  await expect.poll(() => planLineText(page, 'cache')).toBe(defaultPlan);
});

test('a scenario is exported to a file and imported from one', async ({ page }) => {
  await openApp(page);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-file').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported.Job).toEqual(DEFAULT_SCENARIO.Job);

  await page.getByTestId('import-input').setInputFiles(ROLLING_UPDATE);
  await expect(page.getByTestId('share-banner')).toContainText('Loaded the scenario in rolling-update.json');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create/destroy update, 2 ignore)');

  await page
    .getByTestId('import-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('share-banner')).toContainText('notes.txt is not JSON');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create/destroy update, 2 ignore)');
});
