// The default scenario: what a person sees first.

import { expect, test } from '@playwright/test';
import { openApp, planLineText, shot } from './helpers.ts';

test('the default scenario draws its nodes, allocations, placements and plan', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('http://127.0.0.1:') && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  await openApp(page);

  // Every client node is a box.
  const nodes = page.getByTestId('client-node');
  await expect(nodes).toHaveCount(4);
  for (const id of ['node-1', 'node-2', 'node-3', 'node-4']) {
    await expect(page.locator(`[data-testid=client-node][data-node-id="${id}"]`)).toBeVisible();
  }

  // Every allocation something happens to is a card with its decision; the two that stay are folded.
  await expect(page.getByTestId('alloc')).toHaveCount(6);
  await expect(page.getByTestId('fold-line')).toHaveCount(2);
  const action = (id: string) => page.locator(`[data-testid=alloc][data-alloc-id="${id}"]`);
  await expect(action('web-2-v1')).toHaveAttribute('data-action', 'migrate');
  await expect(action('web-3-v1')).toHaveAttribute('data-action', 'lost');
  await expect(action('web-0-canary')).toHaveAttribute('data-action', 'canary');
  await expect(action('cache-0-v1')).toHaveAttribute('data-action', 'inplace');
  await expect(action('cache-1-v1')).toHaveAttribute('data-action', 'inplace');
  await page.locator('[data-testid=client-node][data-node-id="node-1"] [data-testid=fold-line]').click();
  await expect(action('web-0-v1')).toHaveAttribute('data-action', 'ignore');

  // The migrated and the lost allocation are placed again, not as canaries.
  const ghosts = page.locator('[data-testid=placement], [data-testid=replacement]');
  await expect(ghosts).toHaveCount(2);
  await expect(page.locator('[data-name="web.web[2]"][data-canary=false]')).toHaveCount(1);
  await expect(page.locator('[data-name="web.web[3]"][data-canary=false]')).toHaveCount(1);

  // The plan, in Nomad's words and order, with its colours and notes.
  const plan = page.getByTestId('plan');
  await expect(plan).toBeVisible();
  expect(await planLineText(page, 'cache')).toBe('Task Group: "cache" (2 in-place update)');
  expect(await planLineText(page, 'web')).toBe('Task Group: "web" (1 create, 1 destroy, 4 ignore, 1 migrate)');
  await expect(plan.locator('.plan-count[data-kind=create]')).toHaveCSS('color', 'rgb(27, 127, 42)');
  await expect(plan.locator('.plan-count[data-kind=destroy]')).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(page.getByTestId('plan-note').first()).toContainText('awaits promotion');
  await expect(page.getByTestId('plan-followups')).toContainText('in 20s');
  await expect(page.getByTestId('scenario-errors')).toHaveAttribute('data-count', '0');
  await shot(page, '01-default-light');

  // The raw result document.
  await page.getByTestId('result-tab-json').click();
  await expect(page.getByTestId('raw-json')).toContainText('"DesiredTGUpdates"');
  await shot(page, '02-result-json');

  // The explanation.
  await page.getByTestId('result-tab-explain').click();
  await shot(page, '03-explanation');

  // Dark theme: the toggle goes system → light → dark.
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('result-tab-plan').click();
  await shot(page, '04-default-dark');

  expect(outside, 'nothing but the app itself is loaded').toEqual([]);
});

test('clicking an allocation, or pressing Enter on it, opens its details', async ({ page }) => {
  await openApp(page);
  await page.locator('[data-testid=alloc][data-alloc-id="web-2-v1"]').click();
  await expect(page.getByTestId('details-panel')).toContainText('web-2-v1');
  // From the keyboard: cards are buttons.
  await page.locator('[data-testid=alloc][data-alloc-id="web-3-v1"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await expect(page.getByTestId('details-panel')).toContainText('web-3-v1');
  await shot(page, '05-alloc-details');
});
