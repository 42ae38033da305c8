// Cards that tell time and answer why: a placement or canary opens its
// "why" like an allocation does, nothing stopped wears a green check, the
// legend opens on a first visit (beside the drawing, or as a tab where
// there is no room) and remembers being closed, and the
// explanation's wide reading view has room for every column at 1024x768.

import { expect, type Page, test } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

// greyShot saves a screenshot of the page in greyscale, for a reviewer to see that time reads without colour.
async function greyShot(page: Page, name: string): Promise<void> {
  const style = await page.addStyleTag({ content: 'html { filter: grayscale(1); }' });
  await shot(page, name);
  await style.evaluate((el) => (el as HTMLElement).remove());
}

test('clicking a canary or a new placement opens its why', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'rollout-canary');
  const canary = page.locator('[data-testid=placement][data-canary=true]').first();
  await expect(canary).toContainText('+v1');
  await canary.click();
  const details = page.getByTestId('alloc-details');
  await expect(details).toHaveAttribute('data-kind', 'place');
  await expect(details.getByTestId('alloc-details-reason')).toContainText('as a canary of job version 1');
  await expect(details.getByTestId('why-step')).toContainText('Place canaries before anything is replaced');
  await expect(details.getByTestId('why-rule')).toContainText('canary 2: 2 allocations of the new version');
  await greyShot(page, 'cards-canary-why-grey');

  await loadExample(page, 'first-placement');
  await page.getByTestId('placement').first().click();
  await expect(page.getByTestId('why-step')).toContainText('Place what the count lacks');
  await expect(page.getByTestId('why-rule')).toContainText(/^count \d+: the group runs/);
  await expect(page.getByTestId('why-step').locator('code')).toHaveText('computePlacements');
});

test('a stopped or replaced allocation wears no green check; old, current and going read apart', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'rolling-update');
  // Everything drawn: the fold counts the allocations nothing happens to instead.
  await page.getByTestId('fold-toggle').click();
  const cards = page.getByTestId('alloc');
  for (const era of ['gone', 'going', 'old', 'current']) {
    await expect(cards.and(page.locator(`[data-era=${era}]`)).first()).toBeVisible();
  }
  const gone = page.locator('[data-testid=alloc][data-era=gone]');
  await expect(gone.first()).toContainText('already finished');
  for (const era of ['gone', 'going']) {
    await expect(page.locator(`[data-testid=alloc][data-era=${era}] .cg-badge--health-true`)).toHaveCount(0);
  }
  // A running allocation of the new version does keep its check.
  await expect(page.locator('[data-testid=alloc][data-era=current] .cg-badge--health-true').first()).toBeVisible();
  await greyShot(page, 'cards-rolling-update-grey');

  await loadExample(page, 'scale-up-and-down');
  const stopped = page.locator('[data-testid=alloc][data-action=stop]');
  await expect(stopped.first()).toHaveAttribute('data-era', 'going');
  await expect(stopped.locator('.cg-badge--health-true')).toHaveCount(0);
  await stopped.first().click();
  await expect(page.getByTestId('why-rule')).toContainText('the highest indexes stop first');
});

test.describe('a first visit', () => {
  // The other tests start as someone who has closed the legend (playwright.config.ts); this one starts afresh.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the legend opens on a first visit, in a column or as a tab, and stays closed once closed', async ({ page }) => {
    await openApp(page);
    // A wide pane: the legend has a column of its own beside the drawing.
    const legend = page.getByTestId('graph-legend');
    await expect(legend).toHaveAttribute('data-place', 'column');
    await expect(legend.locator('[data-testid=legend-era]')).toHaveCount(5);
    await expect(page.getByTestId('legend-toggle')).toHaveAttribute('aria-expanded', 'true');
    // At 1024×768 there is no room for it: a tab stands in the strip of tools; clicking it shows the legend over the
    // drawing, and Escape closes it: closed, it is kept closed.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(legend).toHaveCount(0);
    await page.getByTestId('legend-tab').click();
    await expect(legend).toHaveAttribute('data-place', 'tab');
    await page.keyboard.press('Escape');
    await expect(legend).toHaveCount(0);
    await expect(page.getByTestId('legend-tab')).toHaveCount(0);
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.reload();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('legend-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(legend).toHaveCount(0);
    // The ? button opens the column again, and its close button closes it.
    await page.getByTestId('legend-toggle').click();
    await expect(legend).toHaveAttribute('data-place', 'column');
    await page.getByTestId('legend-close').click();
    await expect(legend).toHaveCount(0);
  });
});

test('the explanation reads wide at 1024x768, no column cut off', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await loadExample(page, 'rolling-update');
  await page.getByTestId('result-tab-explain').click();
  // The narrow tab: the facts and decisions fold to its width.
  const tab = page.getByTestId('result-tabpanel');
  await expect(page.getByTestId('explain-summary')).toContainText('is running');
  expect(await tab.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

  await page.getByTestId('explain-read-wide').click();
  const dialog = page.getByTestId('explain-reading');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThan(900);
  await expect(dialog.getByTestId('explain-step').first()).toContainText('Gather the group’s allocations');
  await expect(dialog.locator('[data-step=computeStop] .xp-upstream')).toHaveText('computeStop');
  const headers = dialog.locator('.xp-decisions th');
  await expect(headers).toHaveText(['Allocation', 'Fate', 'Decided in', 'Why']);
  for (const h of await headers.all()) {
    const r = (await h.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await shot(page, 'cards-explain-wide-1024');
  await greyShot(page, 'cards-explain-wide-1024-grey');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
