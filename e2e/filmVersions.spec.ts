// Compare versions in the film: rollout-disconnect (Nomad 1.6) filmed by
// Nomad 0.12 too. The timeline marks where the films part ways (evaluation
// 2: 1.6 disconnects node-3, 0.12 takes it down) and the frame's story says
// what Nomad 0.12 does there.

import { expect, test } from '@playwright/test';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('rollout-disconnect compared with Nomad 0.12: the mark on the timeline and the other version’s lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await page.getByTestId('examples-button').click();
  await page.locator('[role=menuitem][data-example-id="rollout-disconnect"]').click();
  const steps = page.getByTestId('rollout-step');
  await expect(steps).toHaveCount(5);
  await expect(page.locator('[data-versions-differ]')).toHaveCount(0);

  // Compare versions on, by the header's switch.
  await page.getByTestId('compare-versions').click();
  await expect(page.getByTestId('rollout-versions-key')).toHaveText('≠ v0.12');
  await expect(page.getByTestId('rollout-versions-key')).toHaveAttribute('title', /first at evaluation 2/);
  // Evaluation 1 is alike; from evaluation 2 on, every frame of the 1.6 film parts ways.
  await expect(steps.nth(0)).not.toHaveAttribute('data-versions-differ', 'true');
  await expect(steps.nth(1)).toHaveAttribute('data-versions-differ', 'true');
  await expect(steps.nth(1)).toHaveAttribute('title', /Nomad 0\.12 does otherwise here/);
  await expect(page.getByTestId('rollout-end')).toHaveAttribute('data-versions-differ', 'true');
  await shot(page, 'film-versions-1024');

  await page.getByTestId('result-tab-rollout').click();
  await steps.nth(1).click();
  const lines = page.getByTestId('rollout-versions');
  await expect(lines.locator('[data-version="0.12"]')).toContainText('Nomad 0.12 here:');
  await expect(lines.locator('[data-version="0.12"] [data-code="node-down"]')).toHaveText('node node-3 is down');
  await expect(lines.locator('[data-version="0.12"] [data-code="lost"]')).toContainText('api.api[2] v0 is lost');
  await expect(lines.locator('[data-version="1.6"] [data-code="unknown"]')).toContainText('api.api[2] v0 unknown');
  await shot(page, 'film-versions-story-1024');
  // On a phone the story is in the Result pane.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'film-versions-timeline-390');
  await page.getByTestId('pane-tab-result').click();
  await expect(lines.locator('[data-version="0.12"]')).toBeVisible();
  await lines.scrollIntoViewIfNeeded();
  await shot(page, 'film-versions-story-390');
});
