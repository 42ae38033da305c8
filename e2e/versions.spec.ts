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

  // Opening the tab turned the switch on; leaving it keeps comparing, until the switch is turned off.
  const compare = page.getByTestId('compare-versions');
  await expect(compare).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('result-tab-plan').click();
  await expect(page.getByTestId('plan-versions')).toBeVisible();
  await compare.click();
  await expect(compare).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('plan-versions')).toHaveCount(0);
});

test('Compare versions is a switch: the Plan and the Explanation show the other Nomad’s decisions, and a link keeps it on', async ({
  page,
  browser,
  baseURL,
}) => {
  await openApp(page);
  const example = async (p: typeof page, id: string) => {
    await p.getByTestId('examples-button').click();
    await p.locator(`[role=menuitem][data-example-id="${id}"]`).click();
  };
  await example(page, 'disconnect-reconnect');
  const compare = page.getByTestId('compare-versions');
  await expect(compare).toHaveAttribute('aria-checked', 'false');
  await compare.focus();
  await page.keyboard.press('Space');
  await expect(compare).toHaveAttribute('aria-checked', 'true');

  // The Plan (1.6 here): a headline, 0.12's count beside this one's, and 0.12's decision for each api[2] with its step.
  const plan = page.getByTestId('plan');
  await expect(plan.getByTestId('plan-versions')).toHaveText(
    /Nomad 0\.12 decides differently: 1 task group, 2 allocations/,
  );
  await expect(plan.getByTestId('versions-counts')).toHaveText('destroy 1 · Nomad 0.12: 0');
  const original = plan.locator('[data-testid=plan-versions-alloc][data-alloc-id^="7f2e4b80"]');
  await expect(original).toContainText('reconnects, kept');
  await expect(original).toContainText('Nomad 0.12: ignore — already replaced by a newer allocation');
  await expect(original).toContainText('filterByRescheduleable');
  // The graph marks both: the replacement, and the original that 1.6 keeps (drawn though nothing happens to it).
  await expect(page.locator('.cg-card[data-alloc-id][data-highlighted=true]')).toHaveCount(2);
  await expect(page.locator('.cg-card[data-alloc-id^="7f2e4b80"]')).toHaveAttribute('data-highlighted', 'true');

  // The Explanation: the group says it differs, and the decision rows carry 0.12's decision.
  await page.getByTestId('result-tab-explain').click();
  await expect(page.getByTestId('explain-versions-group')).toHaveAttribute('data-differs', 'true');
  const other = page.locator('[data-testid=explain-versions-alloc][data-decision-for^="8a3f5c91"]');
  await expect(other).toContainText('Nomad 0.12: ignore');
  await expect(other).toContainText('Compare each allocation with the job being scheduled');
  await expect(other).toContainText('computeUpdates');
  // Pointing at one decision lights it alone; leaving it gives the graph its mark back.
  const marked = page.locator('.cg-card[data-alloc-id][data-highlighted=true]');
  const first = page.locator('[data-testid=explain-decision][data-decision-for^="8a3f5c91"]');
  await first.focus();
  await expect(marked).toHaveCount(1);
  await first.blur();
  await expect(marked).toHaveCount(2);
  await shot(page, '97-compare-explain');
  // The card's details say it too.
  await page.locator('.cg-card[data-alloc-id^="7f2e4b80"]').click();
  await expect(page.getByTestId('details-versions')).toContainText('Nomad 0.12: ignore');
  await shot(page, '97b-compare-details');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('alloc-details')).toHaveCount(0);

  // node-down runs on 0.12: 1.6 replaces both lost allocations naming them; the switch stays on.
  await example(page, 'node-down');
  await expect(page.getByTestId('explain-versions-alloc')).toHaveCount(2);
  await expect(page.getByTestId('explain-versions-alloc').first()).toContainText('Nomad 1.6: stop');
  await expect(page.getByTestId('explain-versions-alloc').first()).toContainText('replaced (lost)');
  await page.getByTestId('result-tab-plan').click();
  await expect(page.getByTestId('plan-versions-alloc')).toHaveCount(2);
  await shot(page, '98-compare-plan');

  // A link keeps the switch on, in a browser that never turned it on.
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();
  expect(link).toMatch(/&versions=both$/);
  const fresh = await browser.newContext({ baseURL });
  const opened = await fresh.newPage();
  await opened.goto(link);
  await expect(opened.getByTestId('compare-versions')).toHaveAttribute('aria-checked', 'true');
  await expect(opened.getByTestId('plan-versions-alloc')).toHaveCount(2);
  await fresh.close();
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
  // The Explanation marks the group where 0.12, reading the node as down, decides differently.
  await page.getByTestId('result-tab-explain').click();
  await expect(page.getByTestId('explain-versions-group')).toHaveAttribute('data-differs', 'true');
  await expect(page.getByTestId('explain-versions')).toContainText('node ip-10-0-3-96 is read as down');
});
