// The graph and the explanation, linked both ways: a card clicked shows its
// decision (the step and the branch that made it) in the Explanation, and a
// step hovered there lights its cards in the graph.

import { expect, test } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('clicking a card selects its decision in the Explanation; hovering a step lights cards', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'rolling-update');
  const card = page.locator('[data-testid=alloc][data-action=destructive]').first();
  const id = (await card.getAttribute('data-alloc-id'))!;
  await card.click();
  await expect(page.getByTestId('result-tab-explain')).toHaveAttribute('aria-selected', 'true');
  const row = page.locator(`[data-testid=explain-decision][data-decision-for="${id}"]`);
  await expect(row).toHaveAttribute('data-selected', 'true');
  await expect(row).toBeInViewport();
  // The row names the allocation with a short ID, since names can repeat.
  await expect(row.locator('td').first()).toContainText(id.slice(0, 8));
  const step = await row.locator('code').textContent();
  await expect(page.locator(`[data-testid=explain-step][data-deciding=true]`)).toHaveAttribute('data-step', step!);
  await shot(page, '84-card-to-explanation');

  // Back the other way: hovering the deciding step lights the card.
  await page.locator('[data-testid=explain-step][data-deciding=true] .xp-step__head').hover();
  await expect(card).toHaveAttribute('data-highlighted', 'true');
});
