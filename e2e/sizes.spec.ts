// Every screen size from a phone up, on a first visit: at each size the page
// is no wider than the window, the graph has room, every control is inside
// the window and uncovered, the legend (open on a first visit) covers no
// card, box or control, and card text keeps its floor of 12 px. On a phone the panes are tabs
// (the graph first), a shared link opens on the graph, a link from the
// results to the graph brings it up, and the Share menu offers the
// read-only view's link and the <iframe> that shows it.

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { measureCardText } from './graphView.ts';
import { shot } from './helpers.ts';
import { underLegend, unreachable, unreachableInMenus } from './reach.ts';

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

// CONTROLS are what a person clicks, types in or tabs to (Monaco's own input follows its cursor: it is left out).
const CONTROLS = ['button', 'input:not([type=hidden])', 'select', 'textarea', '[role=tab]', 'a[href]:not(.skip-link)']
  .map((c) => `${c}:not(.monaco-editor *)`)
  .join(', ');

const LINK = `#s=${deflateRawSync(readFileSync('src/examples/node-down.json')).toString('base64url')}`;

// allUnreachable names the page's visible controls that are covered or out of the window.
function allUnreachable(page: Page): Promise<string[]> {
  return unreachable(page.locator(CONTROLS));
}

// overflow is how far the page is wider than the window.
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// flowSize is the size of the graph's drawing area.
async function flowSize(page: Page): Promise<{ width: number; height: number }> {
  return (await page.locator('[data-testid=cluster-graph] .react-flow').boundingBox()) ?? { width: 0, height: 0 };
}

// A first visit: the legend is open (the other specs start as someone who has closed it).
test.use({ storageState: { cookies: [], origins: [] } });

for (const size of SIZES) {
  const tabbed = size.width < 1024;
  test(`at ${size.width}×${size.height} everything fits, is reachable and legible`, async ({ page }) => {
    await page.setViewportSize(size);
    // A shared link, as one opened from a chat on a phone.
    await page.goto(`/${LINK}`);
    await expect(page.locator('[data-testid=client-node][data-condition=down]')).toBeVisible();
    await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted', /./);

    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const flow = await flowSize(page);
    expect(flow.width).toBeGreaterThanOrEqual(Math.min(400, size.width));
    expect(flow.height).toBeGreaterThanOrEqual(300);
    const text = await measureCardText(page);
    // The graph's floor on card text (graph/viewport.ts): 12 px at every size, the phone's included.
    expect(text.minPx).toBeGreaterThanOrEqual(11.99);
    // The legend is open, in its column or as a tab in the strip of tools, and covers nothing.
    await expect(page.locator('[data-testid=graph-legend], [data-testid=legend-tab]')).toBeVisible();
    expect(await underLegend(page)).toEqual([]);
    expect(await allUnreachable(page)).toEqual([]);
    // Under 1600 px the share controls are behind the Share menu; above, in the header.
    await expect(page.getByTestId('share-overflow')).toBeVisible({ visible: size.width < 1600 });
    expect(await unreachableInMenus(page)).toEqual([]);
    await shot(page, `90-size-${size.width}x${size.height}`);
    if (!tabbed) {
      await expect(page.getByTestId('pane-tabs')).toHaveCount(0);
      return;
    }

    // On a narrow page one pane at a time, switched by the tabs (and their arrow keys). The notice
    // that the link was opened goes away by itself, which moves the panes: it goes first.
    await page.getByTestId('share-banner-dismiss').click();
    const graphAt = await flowSize(page);
    await expect(page.getByTestId('editor')).toBeHidden();
    await page.getByTestId('pane-tab-editor').click();
    await expect(page.getByTestId('editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('cluster-graph')).toBeHidden();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await allUnreachable(page)).toEqual([]);
    // Typing moves nothing above the editor: the header's lines and the tabs stay put; the
    // Scenario tab counts the problem.
    const tabsAt = await page.getByTestId('pane-tabs').boundingBox();
    await page.locator('[data-testid=editor] .monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('x');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'invalid');
    await expect(page.locator('#pane-tab-editor .tab-badge')).toHaveAttribute('data-visible', 'true');
    expect(await page.getByTestId('pane-tabs').boundingBox()).toEqual(tabsAt);
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
    await page.getByTestId('pane-tab-editor').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('pane-tab-result')).toBeFocused();
    await expect(page.getByTestId('plan-group').first()).toBeVisible();
    expect(await allUnreachable(page)).toEqual([]);
    await shot(page, `90-size-${size.width}x${size.height}-result`);
    await page.getByTestId('pane-tab-graph').click();
    await expect(page.getByTestId('cluster-graph')).toBeVisible();
    expect(await flowSize(page)).toEqual(graphAt);

    // The rollout's frames and deployments fit too; "see it after this plan" brings the graph up.
    await page.getByTestId('rollout-toggle').click();
    await expect(page.getByTestId('rollout-end')).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await allUnreachable(page)).toEqual([]);
    await page.getByTestId('pane-tab-result').click();
    await page.getByTestId('placed-after').first().click();
    await expect(page.getByTestId('pane-tab-graph')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('cluster-graph')).toBeVisible();
  });
}

test('at 390×844 the Share menu offers the embed link and an <iframe> that opens the embed view', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`/${LINK}`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await page.getByTestId('share-overflow').click();
  await page.getByTestId('embed-link').click();
  const url = await page.getByTestId('embed-url').inputValue();
  expect(url).toMatch(/#s=[\w-]+&view=embed$/);
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(await unreachable(page.locator('[data-testid=embed-panel] button, [data-testid=embed-panel] input'))).toEqual(
    [],
  );
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, '91-embed-panel-390');
  await page.getByTestId('embed-copy-snippet').click();
  await expect(page.getByTestId('embed-status')).toContainText('HTML copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await page.getByTestId('embed-copy-url').click();
  await expect(page.getByTestId('embed-status')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The snippet, pasted into another page, shows the embed view of the same scenario.
  await page.setContent(`<h1>Docs</h1>${snippet}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('embed')).toBeVisible();
  await expect(frame.locator('[data-testid=client-node][data-condition=down]')).toBeVisible();
  await expect(frame.getByTestId('editor')).toHaveCount(0);
  await context.close();
});
