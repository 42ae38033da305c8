// The rollout simulator, driven through the UI: a canary rollout of five
// allocations with two canaries, from placing the canaries to a successful
// deployment after the person promotes it.

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { splitScenario } from '../src/scenario/tabs.ts';
import { openApp, setTab, shot } from './helpers.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../test/fixtures/rollouts/canary-promote.json', import.meta.url), 'utf8'),
) as {
  Scenario: Record<string, unknown>;
};
const texts = splitScenario(fixture.Scenario);

test.describe.configure({ timeout: 120_000 });

test('a canary rollout: canaries, promotion, one at a time, success', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'job', texts.job);
  await setTab(page, 'running', texts.job);
  await setTab(page, 'cluster', texts.cluster);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('[data-testid=placement]')).toHaveCount(2);

  await page.getByTestId('rollout-toggle').click();
  const steps = page.getByTestId('rollout-step');
  // The canaries are placed, turn healthy, and the deployment waits for promotion.
  await expect(steps).toHaveCount(2);
  await expect(page.getByTestId('rollout-end')).toHaveAttribute('data-end-status', 'waiting');
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(2);
  await expect(page.getByTestId('rollout-placed')).toContainText(/placed web\.web\[0\] \S{8} v1 \(canary\)/);
  await shot(page, 'rollout-canaries');

  // Promote at the end of the film: the rollout goes on.
  await page.getByTestId('rollout-end').click();
  await expect(page.getByTestId('rollout-story')).toContainText(/the canaries wait for promotion/i);
  await page.getByTestId('event-promote').click();
  await expect(page.getByTestId('rollout-event')).toHaveCount(1);
  await expect(steps).toHaveCount(6);
  await expect(page.getByTestId('rollout-end')).toHaveAttribute('data-end-status', 'settled');

  // Evaluation 3 follows the promotion: the promoted canaries' old allocations stop, one more is replaced.
  await steps.nth(2).click();
  await expect(page.getByTestId('rollout-story')).toContainText('the deployment was promoted');
  await page.getByTestId('result-tab-plan').click();
  await expect(page.locator('[data-testid=plan-group][data-group=web]')).toHaveText(
    'Task Group: "web" (1 create/destroy update, 2 destroy, 4 ignore)',
  );
  await expect(page.locator('[data-testid=alloc][data-action=destructive]')).toHaveCount(1);
  await expect(page.locator('[data-testid=alloc][data-action=stop]')).toHaveCount(2);
  await shot(page, 'rollout-promoted');

  // Step with the keyboard to the end: ] from anywhere, then → on the timeline.
  await page.getByTestId('graph-panel').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(']');
  await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('[');
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  await steps.nth(2).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('rollout-end')).toHaveAttribute('aria-current', 'step');
  await page.getByTestId('result-tab-rollout').click();
  await expect(page.getByTestId('rollout-end-deployment')).toContainText('Deployment for version 1: successful');
  // Five running allocations of version 1 and the five stopped ones of version 0 (kept until garbage collection): all ignored.
  await expect(page.locator('[data-testid=alloc][data-action=ignore]')).toHaveCount(10);
  await expect(page.locator('[data-testid=placement]')).toHaveCount(0);

  // Compare the end with the start: every allocation of the end is new or changed.
  await page.getByTestId('rollout-compare-select').selectOption('1');
  await expect(page.getByTestId('rollout-changes').locator('li')).not.toHaveCount(0);
  await shot(page, 'rollout-end');

  // The events live in the Cluster tab's text, so a link or a draft carries them.
  await page.getByTestId('editor-tab-cluster').click();
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText('"Kind": "deployment-promote"');
});

test('a copied link replays the rollout, events included, in a fresh browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openApp(page);
  await setTab(page, 'job', texts.job);
  await setTab(page, 'running', texts.job);
  await setTab(page, 'cluster', texts.cluster);
  await page.getByTestId('rollout-toggle').click();
  await page.getByTestId('rollout-end').click();
  await page.getByTestId('event-promote').click();
  await expect(page.getByTestId('rollout-step')).toHaveCount(6);
  const placed = await page.getByTestId('rollout-step').nth(3).getAttribute('title');

  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-panel')).toHaveCount(0);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(link);
  // A document with events opens on its rollout, and the film is the same, step for step.
  await expect(other.getByTestId('rollout-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByTestId('rollout-step')).toHaveCount(6);
  await expect(other.getByTestId('rollout-end')).toHaveAttribute('data-end-status', 'settled');
  expect(await other.getByTestId('rollout-step').nth(3).getAttribute('title')).toBe(placed);
  await other.getByTestId('rollout-step').nth(3).click();
  await other.getByTestId('result-tab-rollout').click();
  await page.getByTestId('rollout-step').nth(3).click();
  await page.getByTestId('result-tab-rollout').click();
  expect(await other.getByTestId('rollout-placed').textContent()).toBe(
    await page.getByTestId('rollout-placed').textContent(),
  );
  await context.close();
  await fresh.close();
});

test('a job scaled to 999,999 mid-rollout ends the film at that evaluation, naming the budget; the film before it plays', async ({
  page,
}) => {
  const doc = { ...fixture.Scenario, Events: [{ After: 1, Kind: 'job-scale', TaskGroup: 'web', Count: 999_999 }] };
  const started = Date.now();
  await page.goto('/#s=' + deflateRawSync(Buffer.from(JSON.stringify(doc))).toString('base64url'));
  const message = page.getByTestId('rollout-over-budget');
  await expect(message).toHaveText(
    'Evaluation 2 would handle 1,000,006 allocations (7 live and 999,999 asked for), 980,006 more than the 20,000 the simulator takes.',
  );
  // A figure for the report, not an assertion: how long the page took to say so.
  console.log(`over-budget message shown ${Date.now() - started} ms after the link was opened`);
  await expect(page.getByTestId('rollout-step')).toHaveCount(1);
  await expect(page.getByTestId('rollout-end')).toHaveAttribute('data-end-status', 'over-budget');
  await page.getByTestId('rollout-end').click();
  await expect(page.getByTestId('rollout-story')).toContainText('Evaluation 2 would handle 1,000,006 allocations');
  await page.getByTestId('rollout-step').nth(0).click();
  await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(2);
  await shot(page, 'rollout-over-budget');
});
