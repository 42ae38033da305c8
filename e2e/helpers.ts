// Shared steps of the end-to-end tests: open the app, wait for the first
// result, replace an editor tab's text as a person pasting would, and save
// screenshots for a reviewer.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import defaultScenario from '../src/ui/defaultScenario.json' with { type: 'json' };
import { splitScenario, type TabID } from '../src/scenario/tabs.ts';

/** SCREENSHOTS is where the test run writes its screenshots (not committed). */
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** DEFAULT_TEXTS are the editor texts of the default scenario. */
export const DEFAULT_TEXTS = splitScenario(defaultScenario);

/** DEFAULT_SCENARIO is the scenario the app opens with. */
export const DEFAULT_SCENARIO = defaultScenario;

/** openApp loads the page and waits until the first result and the editor are drawn. */
export async function openApp(page: Page, query = ''): Promise<void> {
  await page.goto('/' + query);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  // Monaco is a large lazily loaded chunk; a busy machine may take a while.
  await expect(page.getByTestId('editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
}

/**
 * setTab replaces the text of one editor tab as a person pasting would:
 * select all, then paste. (Typed text would be auto-indented by Monaco.)
 */
export async function setTab(page: Page, tab: TabID, text: string): Promise<void> {
  await page.getByTestId(`editor-tab-${tab}`).click();
  await page.locator('[data-testid=editor] .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => {
    const target = document.activeElement;
    if (!target) throw new Error('setTab: nothing has the focus');
    const data = new DataTransfer();
    data.setData('text/plain', t);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** planLineText is the text of one group's plan line. */
export async function planLineText(page: Page, group: string): Promise<string> {
  return (await page.locator(`[data-testid=plan-group][data-group="${group}"]`).textContent()) ?? '';
}

/** shot writes a screenshot of the whole page under e2e/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
