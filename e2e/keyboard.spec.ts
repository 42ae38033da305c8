// Keyboard use: shortcuts in the editor, tabs and buttons without a mouse.

import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_SCENARIO, openApp, planLineText, setTab, shot } from './helpers.ts';

// runRequests is how many runs the page has asked its reconciler worker for
// (counted by countRunRequests).
function runRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { runRequests: number }).runRequests);
}

// countRunRequests counts, from the page's first script on, the messages that
// ask a worker for a run.
async function countRunRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { runRequests: number };
    counter.runRequests = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (
      this: Worker,
      message: unknown,
      options?: Transferable[] | StructuredSerializeOptions,
    ) {
      const type = (message as { type?: unknown } | null)?.type;
      if (type === 'run' || type === 'run-changed') counter.runRequests++;
      post.call(this, message, options as StructuredSerializeOptions);
    };
  });
}

test('Ctrl/Cmd+Enter runs at once, without waiting for the pause after typing', async ({ page }) => {
  await countRunRequests(page);
  // The page's clock is Playwright's, so that minutes can pass at once.
  await page.clock.install();
  // A ten-minute debounce: only the shortcut can start a run.
  await openApp(page, '?debounce=600000');
  const before = await runRequests(page);
  const job = structuredClone(DEFAULT_SCENARIO.Job);
  job.TaskGroups[1]!.Count = 4;
  await setTab(page, 'job', JSON.stringify(job, null, 2));
  // Nine minutes of the page's time, every timer in them fired: no run was asked for.
  await page.clock.runFor('09:00');
  expect(await runRequests(page)).toBe(before);
  expect(await planLineText(page, 'cache')).toBe('Task Group: "cache" (2 in-place update)');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => planLineText(page, 'cache')).toBe('Task Group: "cache" (2 create, 2 in-place update)');
  expect(await runRequests(page)).toBe(before + 1);
});

test('Shift+Alt+F formats the JSON of the tab', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'job', JSON.stringify(DEFAULT_SCENARIO.Job));
  const lines = page.locator('[data-testid=editor] .monaco-editor .line-numbers');
  await expect(lines).toHaveCount(1);
  await page.keyboard.press('Shift+Alt+F');
  await expect.poll(() => lines.count()).toBeGreaterThan(10);
  await expect(page.getByTestId('scenario-errors')).toHaveAttribute('data-count', '0');
  await shot(page, '40-formatted');
});

test('tabs and the theme work from the keyboard', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('editor-tab-job').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('editor-tab-running')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('editor-tab-cluster')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('editor-tab-cluster')).toBeFocused();

  await page.getByTestId('result-tab-plan').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('result-tab-rollout')).toHaveAttribute('aria-selected', 'true');

  await page.getByTestId('theme-toggle').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
