// Two Nomads: the header's picker writes the scenario's NomadVersion, the
// plan follows the version chosen, and the Versions tab lists where the two
// reconcilers decide differently.

import { expect, test } from '@playwright/test';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('the picker chooses the reconciler, and the Versions tab compares them', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('examples-button').click();
  await page.locator('[role=menuitem][data-example-id="node-down"]').click();
  await expect(page.locator('.scenario-name')).toHaveText(' — Node down: lost allocations');
  const picker = page.getByTestId('nomad-version');
  await expect(picker).toHaveValue('0.12');

  // The comparison: under 1.6 the lost allocations' replacements name them.
  await page.getByTestId('result-tab-versions').click();
  const versions = page.getByTestId('versions');
  await expect(versions.getByTestId('versions-allocs')).toBeVisible();
  await expect(versions.getByTestId('versions-allocs').locator('tbody tr')).toHaveCount(2);
  await expect(versions.getByTestId('versions-allocs')).toContainText('replaced (lost)');
  await shot(page, '95-versions-node-down');

  // Choosing 1.6 writes it into the scenario (the picker shows the version the result was read with),
  // and the comparison turns around.
  await picker.selectOption('1.6');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(picker).toHaveValue('1.6');
  await expect(versions).toContainText('runs on Nomad 1.6');
  await expect(versions.getByTestId('versions-allocs').locator('tbody tr')).toHaveCount(2);

  // Leaving the tab stops comparing.
  await page.getByTestId('result-tab-plan').click();
  await expect(page.getByTestId('versions')).toHaveCount(0);
});

test('a disconnected client is read as down by Nomad 0.12, and the Versions tab says so', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('examples-button').click();
  await page.locator('[role=menuitem][data-example-id="disconnect-max-client-disconnect"]').click();
  await expect(page.getByTestId('nomad-version')).toHaveValue('1.6');
  await page.getByTestId('result-tab-versions').click();
  await expect(page.getByTestId('versions-read-as-down')).toHaveText(
    'Nomad 0.12 has no disconnected clients: node ip-10-0-3-96 is read as down.',
  );
  // 0.12 stops api[2] as lost; 1.6 marks it unknown.
  await expect(page.getByTestId('versions-allocs').locator('tbody tr')).toHaveCount(1);
  // What came after 1.6: the disconnect block of 1.8 replaces max_client_disconnect.
  await expect(page.getByTestId('versions-later')).toContainText('Nomad 1.8.0');
  await shot(page, '96-versions-read-as-down');
});
