// Fitting the story (issue 22): at 1024×768 and 1280×720, the default
// scenario, every example and every frame of the rollout examples opens with
// each card that changes, and the box of each node where something changes,
// inside the graph's pane, clear of the controls over it (the legend's tab
// of a first visit included), its text at 12 px or more; the fold summary
// unfolds from the keyboard until another
// scenario is loaded, the fold switch is kept, and the search box
// brings a node or an allocation into view. A screenshot of each picture is
// written to e2e/screenshots/.

import { expect, type Locator, type Page, test } from '@playwright/test';
import { generateScenarioText } from '../bench/generate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { dismissNotice, loadExample, measureCardText, measureStory } from './graphView.ts';
import { POINTS } from './examplePoints.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 300_000 });

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
] as const;

// checkStory asserts what the issue asks of a picture, naming it in each message.
async function checkStory(page: Page, name: string): Promise<void> {
  const m = await measureStory(page);
  expect.soft(m.outside, `${name}: changed cards outside the pane or under a control`).toEqual([]);
  if (m.changed > 0)
    expect.soft(m.minPx, `${name}: smallest changed-card text (zoom ${m.zoom})`).toBeGreaterThanOrEqual(11.99);
  expect.soft(m.controlsHidden, `${name}: controls covered or off screen`).toEqual([]);
}

// expectFittedToPane waits until the graph was last fitted to its pane's present size.
async function expectFittedToPane(page: Page): Promise<void> {
  const size = await page
    .locator('[data-testid=cluster-graph] .cg__flow')
    .evaluate((el) => `${Math.round(el.clientWidth)}x${Math.round(el.clientHeight)}`);
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted-pane', size);
}

// expectInPane asserts that an element is wholly inside the graph's pane.
async function expectInPane(page: Page, el: Locator): Promise<void> {
  const pane = (await page.locator('[data-testid=cluster-graph] .react-flow').boundingBox())!;
  const at = (await el.boundingBox())!;
  expect(at.x).toBeGreaterThanOrEqual(pane.x - 0.5);
  expect(at.y).toBeGreaterThanOrEqual(pane.y - 0.5);
  expect(at.x + at.width).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  expect(at.y + at.height).toBeLessThanOrEqual(pane.y + pane.height + 0.5);
}

// A first visit: the legend is open, as a tab in the strip of tools at these sizes, and must cover no changed card.
test.describe('on a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const size of SIZES) {
    test(`every example and rollout frame opens on its story at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await openApp(page);
      // The default scenario first: the page opens on it.
      await expectFittedToPane(page);
      await checkStory(page, 'the default scenario');
      for (const ex of EXAMPLES) {
        await loadExample(page, ex.id);
        if (!ex.rollout) {
          await checkStory(page, ex.id);
          await shot(page, `90-fit-${ex.id}-${size.width}`);
          await POINTS[ex.id]!(page);
          continue;
        }
        const chips = page.getByTestId('rollout-step');
        await expect(chips.first()).toBeVisible({ timeout: 30_000 });
        const frames = await chips.count();
        for (let f = 1; f <= frames; f++) {
          await chips.nth(f - 1).click();
          await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-follow', String(f));
          await checkStory(page, `${ex.id} frame ${f}`);
          await shot(page, `90-fit-${ex.id}-${f}-${size.width}`);
          if (f === 1) await POINTS[ex.id]!(page);
        }
        // The end: the cluster once the film stopped.
        await page.getByTestId('rollout-end').click();
        await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-follow', String(frames + 1));
        await checkStory(page, `${ex.id} end`);
      }
    });
  }
});

test('the fold opens from the keyboard and its switch is kept; search finds what is folded away', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await loadExample(page, 'node-drain');
  const summary = page.getByTestId('fold-summary');
  await expect(summary).toHaveAccessibleName('2 nodes, 1 allocation: no change. Show them');
  await expect(page.getByTestId('client-node')).toHaveCount(1);

  // Search an allocation folded on the drained node's line: Enter opens the line and rings the card in view.
  const stays = await page
    .locator('[data-testid=client-node] [data-testid=fold-line]')
    .evaluate((el) => el.closest('[data-testid=client-node]')!.getAttribute('data-node-id'));
  expect(stays).not.toBeNull();
  const search = page.getByTestId('graph-search');
  await search.focus();
  await search.fill('ip-10-0-1');
  await expect(page.getByTestId('graph-search-status')).toHaveText('1 found · Enter');
  await search.press('Enter');
  // The node was on the summary: the summary opens, and the node's box is brought into view, ringed.
  const found = page.locator('[data-testid=client-node][data-found=true]');
  await expect(found).toHaveAttribute('data-node-id', /.+/);
  await expect(summary).toHaveCount(0);
  await expect(page.getByTestId('client-node')).toHaveCount(3);
  await expectInPane(page, found);
  await shot(page, '91-search-node-1024');
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.locator('[data-found]')).toHaveCount(0);

  // The drained node's line of unchanged allocations: Enter shows them.
  const line = page.getByTestId('fold-line');
  await expect(line).toHaveAccessibleName(/^1 allocation: no change on ip-10-0-3-85\. Show them$/);
  await line.focus();
  await page.keyboard.press('Enter');
  await expect(line).toHaveCount(0);
  await expect(page.locator(`[data-testid=client-node][data-node-id="${stays}"] [data-testid=alloc]`)).toHaveCount(2);

  // Opened folds last until another scenario is loaded: node-drain loaded again opens folded.
  await loadExample(page, 'rolling-update');
  await loadExample(page, 'node-drain');
  await expect(summary).toHaveCount(1);
  await expect(line).toHaveCount(1);

  // Turning folding off is kept, as the theme is: a reload draws everything.
  const toggle = page.getByTestId('fold-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted', /.+/);
  await expect(page.getByTestId('fold-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('fold-summary')).toHaveCount(0);
  await expect(page.getByTestId('fold-line')).toHaveCount(0);
  await page.getByTestId('fold-toggle').click();
  await expect(page.getByTestId('fold-summary')).toHaveCount(1);
});

test('a big cluster opens on the overview: one zoom step shows legible cards, search brings a node into view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  const text = generateScenarioText({ allocs: 2000, nodes: 100 });
  await page
    .getByTestId('import-input')
    .setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  const doc = JSON.parse(text) as { Name: string; Nodes: { ID: string; Name: string }[] };
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted', doc.Name);
  // The import's notice is dismissed: the pane grows and is fitted again.
  await dismissNotice(page);
  await expectFittedToPane(page);
  await expect(page.getByTestId('node-tile').first()).toBeVisible();
  await expect(page.getByTestId('alloc')).toHaveCount(0);
  // A tile counts its allocations by decision and by client status.
  await expect(page.getByTestId('tile-actions').first()).toContainText(/\d+ . \w+/);
  await shot(page, '81-overview');
  // One zoom step in from the overview reaches cards at a legible size; the fit button goes back.
  await page.locator('.react-flow__controls-zoomin').click();
  await expect(page.getByTestId('node-tile')).toHaveCount(0);
  await expect(page.getByTestId('alloc').first()).toBeVisible();
  expect((await measureCardText(page)).minPx).toBeGreaterThanOrEqual(11.99);
  await shot(page, '82-overview-zoomed-in');
  await page.locator('.react-flow__controls-fitview').click();
  await expect(page.getByTestId('node-tile').first()).toBeVisible();

  const node = doc.Nodes[57]!;
  const search = page.getByTestId('graph-search');
  await search.fill(node.ID.slice(0, 10));
  await search.press('Enter');
  const box = page.locator(`[data-testid=client-node][data-node-id="${node.ID}"]`);
  await expect(box).toHaveAttribute('data-found', 'true');
  await expect(box.getByTestId('alloc').first()).toBeVisible();
  const m = await measureCardText(page);
  expect(m.minPx).toBeGreaterThanOrEqual(11.99);
  await expectInPane(page, box.getByTestId('alloc').first());
  await shot(page, '92-search-overview-1280');
});
