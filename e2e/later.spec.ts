// What later Nomad releases changed, said beside the decision: the card's
// mark, the note in its details with the changelog's link, and the same note
// in the explanation's row for that allocation.

import { expect, test } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test('a card whose decision a later Nomad changed is marked, and its why names the release', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'stop-after-client-disconnect');
  // Only the allocation on the down node: its fate hangs on stop_after_client_disconnect.
  const card = page.locator('[data-testid=alloc]', { has: page.getByTestId('later-mark') });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('later-mark')).toHaveText('1.8+');
  await expect(card).toHaveAttribute('aria-label', /changed in Nomad 1\.8\.0/);
  const id = await card.getAttribute('data-alloc-id');

  await card.click();
  const later = page.getByTestId('alloc-details').getByTestId('why-later');
  await expect(later).toContainText('Nomad 1.8.0');
  await expect(later.getByRole('link', { name: 'changelog' })).toHaveAttribute(
    'href',
    'https://github.com/hashicorp/nomad/issues/20029',
  );
  await shot(page, 'later-why');

  await page.getByTestId('result-tab-explain').click();
  const row = page.locator(`[data-testid=explain-decision][data-decision-for="${id}"]`);
  await expect(row.getByTestId('later-changes')).toContainText('Nomad 1.8.0');
  await expect(page.getByTestId('explain').getByTestId('later-changes')).toHaveCount(1);
});
