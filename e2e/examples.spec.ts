// The Examples menu: choosing an example loads it into both tabs and shows
// its plan and its description; edits are not replaced without asking; the
// menu works from the keyboard.

import { expect, test, type Page } from '@playwright/test';
import nodeDown from '../src/examples/node-down.json' with { type: 'json' };
import { EXAMPLES } from '../src/examples/index.ts';
import { DEFAULT_SCENARIO, DEFAULT_TEXTS, openApp, planLineText, setTab, shot } from './helpers.ts';

// Each test loads the app and then one to three scenarios; a busy machine needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

const menuItem = (page: Page, id: string) => page.locator(`[role=menuitem][data-example-id="${id}"]`);

test('choosing an example loads it and shows its plan and description', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('examples-menu')).toBeVisible();
  await shot(page, '70-examples-menu');
  await menuItem(page, 'node-down').click();
  await expect(page.getByTestId('examples-menu')).toHaveCount(0);

  await expect(page.locator('.scenario-name')).toHaveText(' — Node down: lost allocations');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create, 2 destroy, 2 ignore)');
  // The down node is drawn; the two nothing happens to are folded into one summary.
  await expect(page.getByTestId('client-node')).toHaveCount(1);
  await expect(page.getByTestId('fold-summary')).toHaveAccessibleName('2 nodes, 2 allocations: no change. Show them');
  const lost = nodeDown.Allocations.filter((a) => a.NodeName === 'ip-10-0-2-41').map((a) => a.ID);
  for (const id of lost)
    await expect(page.locator(`[data-testid=alloc][data-alloc-id="${id}"]`)).toHaveAttribute('data-action', 'lost');

  // The description is Markdown, rendered.
  const description = page.getByTestId('scenario-description');
  await expect(description.locator('strong', { hasText: 'lost' })).toHaveCount(1);
  await expect(description.locator('code').first()).toHaveText('ip-10-0-2-41');
  await expect(description.locator('li')).toHaveCount(nodeDown.Description.match(/^- /gm)!.length);
  // Both tabs hold the example: the name above is the Cluster tab's, the plan needs the Job tab's job.
  await shot(page, '71-example-node-down');
});

test('loading an example over edits asks first, and keeping them changes nothing', async ({ page }) => {
  await openApp(page);
  const edited = DEFAULT_TEXTS.cluster.replace(`"Name": "${DEFAULT_SCENARIO.Name}"`, '"Name": "My own scenario"');
  expect(edited).not.toBe(DEFAULT_TEXTS.cluster);
  await setTab(page, 'cluster', edited);
  await expect(page.locator('.scenario-name')).toHaveText(' — My own scenario');

  await page.getByTestId('examples-button').click();
  await menuItem(page, 'first-placement').click();
  const dialog = page.getByTestId('examples-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('First placement');
  await shot(page, '72-example-confirm');
  await page.getByTestId('examples-confirm-cancel').click();
  await expect(dialog).toBeHidden();
  // The edit is still there, and still what is reconciled.
  await expect(page.locator('.scenario-name')).toHaveText(' — My own scenario');
  await expect(page.getByTestId('examples-button')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('.scenario-name')).toHaveText(' — My own scenario');

  // Asked again, the person agrees.
  await page.getByTestId('examples-button').click();
  await menuItem(page, 'first-placement').click();
  await page.getByTestId('examples-confirm-load').click();
  await expect(page.locator('.scenario-name')).toHaveText(' — First placement');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (3 create)');

  // An example not edited since it was loaded is replaced without asking.
  await page.getByTestId('examples-button').click();
  await menuItem(page, 'node-down').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.scenario-name')).toHaveText(' — Node down: lost allocations');
});

test('the menu works from the keyboard', async ({ page }) => {
  await openApp(page);
  const button = page.getByTestId('examples-button');
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('examples-menu')).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menuItem(page, 'first-placement')).toBeFocused();
  // Up from the first wraps round to the last example of the menu.
  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, EXAMPLES[EXAMPLES.length - 1]!.id)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('examples-menu')).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menuItem(page, 'first-placement')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // The last example is a whole rollout: it carries events, so it opens on the rollout.
  await expect(page.locator('.scenario-name')).toHaveText(` — ${EXAMPLES[EXAMPLES.length - 1]!.title}`);
  await expect(page.getByTestId('rollout-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rollout-step')).toHaveCount(4);
  await page.getByTestId('result-tab-plan').click();
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (6 ignore)');
});
