// Chrome that never gets in the way, at 1024×700 and 1440×900: with a
// notice showing, every control of the graph and of the menus is the
// element at its own centre; the header's title, the result tabs and the
// timeline fit; a notice can be dismissed and goes away by itself; an
// example loaded over unedited text sets nothing aside; a paste starts the
// editor at the left edge; closing the details gives the focus back.

import { expect, test, type Page } from '@playwright/test';
import { RING_KEY } from '../src/share/draftStore.ts';
import { openApp, setTab } from './helpers.ts';
import { unreachable, unreachableInMenus } from './reach.ts';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

// fits tells whether an element's content fits its box, with nothing cut.
function fits(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

// showNotice loads an example over an edit, which sets the edit aside and says so.
async function showNotice(page: Page): Promise<void> {
  await setTab(page, 'cluster', '{ "Nodes": [] }');
  await expect(page.getByTestId('run-status')).not.toHaveAttribute('data-status', 'running');
  await page.getByTestId('examples-button').click();
  await page.getByRole('menuitem').first().click();
  await page.getByTestId('examples-confirm-load').click();
  await expect(page.getByTestId('share-banner')).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('every control of the graph and the menus is reachable with a notice showing, and the header, tabs and timeline fit', async ({
      page,
    }) => {
      await openApp(page);
      await page.getByTestId('rollout-toggle').click();
      await expect(page.getByTestId('rollout-end')).toBeVisible();
      await showNotice(page);
      await expect(page.getByTestId('rollout-end')).toBeVisible();

      expect(await unreachable(page.locator('.header button, [data-testid=share-banner] button'))).toEqual([]);
      expect(await unreachable(page.locator('[data-testid=graph-panel] button'))).toEqual([]);
      expect(await unreachable(page.locator('[role=tab], [data-testid=rollout-timeline] button'))).toEqual([]);
      expect(await unreachableInMenus(page)).toEqual([]);
      for (const part of ['.title', '[aria-label="Result views"]', '.rollout-frames']) {
        expect(await fits(page, part), `${part} fits`).toBe(true);
      }
    });
  });
}

test('a notice can be dismissed, and goes away by itself', async ({ page }) => {
  await page.clock.install();
  await openApp(page);
  await showNotice(page);
  await page.getByTestId('share-banner-dismiss').click();
  await expect(page.getByTestId('share-banner')).toHaveCount(0);
  await page.getByTestId('drafts-button').click();
  await page.getByTestId('draft-restore').first().click();
  await expect(page.getByTestId('share-banner')).toBeVisible();
  await page.clock.fastForward(11_000);
  await expect(page.getByTestId('share-banner')).toHaveCount(0);
});

test('an example loaded over text nobody edited sets nothing aside', async ({ page }) => {
  await openApp(page);
  for (const i of [0, 1, 2]) {
    await page.getByTestId('examples-button').click();
    await page.getByRole('menuitem').nth(i).click();
    await expect(page.getByTestId('examples-confirm')).not.toBeVisible();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  }
  await expect(page.getByTestId('share-banner')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), RING_KEY)).toBeNull();
  await expect(page.getByTestId('drafts-button')).toHaveText('Drafts');
});

test('a paste of short lines over long ones starts the editor at the left edge', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'cluster', `{ "Name": "${'x'.repeat(600)}" }`);
  await page.keyboard.press('ControlOrMeta+End');
  const left = () =>
    page
      .locator('[data-testid=editor] .lines-content')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).left) || 0);
  await expect.poll(left).toBeLessThan(-100);
  await setTab(page, 'cluster', '{}');
  await expect.poll(left).toBe(0);
});

test('closing the allocation details with Escape gives the focus back to its card', async ({ page }) => {
  await openApp(page);
  const card = page.locator('[data-testid=alloc]').first();
  const id = await card.getAttribute('data-alloc-id');
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('details-panel')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-alloc-id'))).toBe(id);
});
