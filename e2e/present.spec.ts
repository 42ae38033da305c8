// The presenter mode: large type, the rollout stepped with the arrow keys,
// the notes beside the graph; Escape returns to the app.

import { expect, test } from '@playwright/test';
import { loadExample, measureCardText } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('presenter mode: large card text, arrow keys step the rollout, notes beside, Escape leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  await loadExample(page, 'rollout-canary');
  await page.getByTestId('result-tab-rollout').click();
  await page.getByTestId('present-open').click();
  await expect(page.getByTestId('presenter')).toBeVisible();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  const notes = page.getByTestId('presenter-notes');
  await expect(notes.getByTestId('scenario-description')).toBeVisible();
  await expect(notes.getByTestId('rollout-story')).toContainText('Evaluation 1 of');
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted', /.+/);
  const m = await measureCardText(page);
  expect(m.cardsInView).toBeGreaterThan(0);
  expect(m.minPx).toBeGreaterThanOrEqual(16 - 0.01);
  await shot(page, '87-presenter');

  await page.keyboard.press('ArrowRight');
  await expect(notes.getByTestId('rollout-story')).toContainText('Evaluation 2 of');
  await page.keyboard.press('ArrowLeft');
  await expect(notes.getByTestId('rollout-story')).toContainText('Evaluation 1 of');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presenter')).toHaveCount(0);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
});
