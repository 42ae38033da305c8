// Placement in a rollout: an allocation a frame's plan places is drawn on
// its node in the frame after it, lit, with words saying so.

import { expect, test } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('a placement is shown on its node after the plan, with words saying so', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'rollout-canary');
  await page.getByTestId('result-tab-rollout').click();
  await expect(page.getByTestId('rollout-story')).toContainText('Evaluation 1 of');
  const first = page.getByTestId('placed-after').first();
  const line = first.locator('xpath=..');
  const shortID = (await line.locator('code').first().textContent())!;
  const node = (await line.locator('strong').nth(1).textContent())!;
  await first.click();
  await expect(page.getByTestId('rollout-story')).toContainText('Evaluation 2 of');
  await expect(page.getByTestId('placed-by-previous')).toContainText(`${shortID} on ${node}`);
  const card = page
    .locator(`[data-testid=client-node]`, { hasText: node })
    .locator(`[data-testid=alloc][data-alloc-id^="${shortID}"]`);
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await shot(page, '85-placed-after');
});
