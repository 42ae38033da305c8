// The picture at the two window sizes a classroom uses: every example opens
// legible (card text measured as rendered, font size times zoom), with a
// screenshot of each written to e2e/screenshots/ for a reviewer's eye; a
// large cluster opens on the overview of tiles, which turn into cards as
// one zooms in.

import { expect, type Page, test } from '@playwright/test';
import { generateScenarioText } from '../bench/generate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { loadExample, measureCardText } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 240_000 });

const alloc = (page: Page, action: string) => page.locator(`[data-testid=alloc][data-action="${action}"]`);
const deployment = (page: Page, status: string) => page.locator(`[data-testid=deployment][data-status="${status}"]`);

// POINTS asserts, for each example, the element of the picture that carries what its note teaches.
const POINTS: Record<string, (page: Page) => Promise<void>> = {
  'first-placement': async (page) => {
    await expect(page.locator('[data-testid=deployment][data-group=web][data-effect=created]')).toContainText(
      '3 desired',
    );
    await expect(page.getByTestId('placement')).toHaveCount(3);
  },
  'scale-up-and-down': async (page) => {
    await expect(alloc(page, 'stop').first()).toBeVisible();
    await expect(page.getByTestId('placement').first()).toBeVisible();
  },
  'in-place-update': async (page) => expect(alloc(page, 'inplace').first()).toBeVisible(),
  'rolling-update': async (page) => {
    await expect(alloc(page, 'destructive').first()).toBeVisible();
    await expect(page.getByTestId('replacement').first()).toBeVisible();
  },
  'canary-manual-promotion': async (page) => {
    await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(2);
    await expect(page.getByTestId('deployment-canaries')).toContainText('not promoted');
  },
  'canary-auto-promote': async (page) => {
    await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(1);
    await expect(page.getByTestId('deployment-canaries')).toContainText('auto-promote');
  },
  'canary-promoted': async (page) => {
    await expect(page.getByTestId('deployment-canaries')).toContainText('promoted');
    // Hovering the canary lights the allocation it took the place of.
    const canary = page.locator('[data-testid=alloc][data-replaces]').first();
    const target = (await canary.getAttribute('data-replaces'))!.split(' ')[0]!;
    // Focusing a card pans the graph to it; the pointer then rests on it.
    await canary.focus();
    await expect(page.locator(`[data-testid=alloc][data-alloc-id="${target}"]`)).toHaveAttribute(
      'data-promotion-target',
      'true',
    );
    await canary.blur();
    await expect(page.locator('[data-promotion-target]')).toHaveCount(0);
    await canary.hover();
    await expect(page.locator(`[data-testid=alloc][data-alloc-id="${target}"]`)).toHaveAttribute(
      'data-promotion-target',
      'true',
    );
  },
  'failed-deployment': async (page) => {
    await expect(deployment(page, 'failed')).toBeVisible();
    await expect(alloc(page, 'stop').first()).toContainText('not needed due to job update');
  },
  'node-down': async (page) => {
    await expect(page.locator('[data-testid=client-node][data-condition=down]')).toBeVisible();
    await expect(alloc(page, 'lost').first()).toBeVisible();
  },
  'node-drain': async (page) => {
    await expect(page.locator('[data-testid=client-node][data-draining=true]')).toBeVisible();
    await expect(alloc(page, 'migrate').first()).toBeVisible();
  },
  'reschedule-now-and-later': async (page) => {
    await expect(alloc(page, 'reschedule-now')).toHaveCount(1);
    await expect(page.getByTestId('delayed-replacement').getByTestId('wait-time')).toHaveText(/◷ \d\d:\d\d:\d\d/);
    await expect(page.getByTestId('delayed-replacement').getByTestId('wait-for')).toHaveText(/in \S+/);
  },
  'batch-finished-kept': async (page) => {
    await expect(page.locator('[data-testid=alloc][data-action=ignore]', { hasText: 'complete' })).toHaveCount(2);
    await expect(alloc(page, 'reschedule-now')).toHaveCount(1);
  },
  'stop-after-client-disconnect': async (page) => {
    await expect(alloc(page, 'lost')).toHaveCount(1);
    await expect(page.getByTestId('delayed-replacement').getByTestId('wait-time')).toHaveText('◷ 14:31:40');
    await expect(page.getByTestId('delayed-replacement').getByTestId('wait-for')).toHaveText('in 1m40s');
    await expect(page.locator('[data-testid=replacement-arrows] [data-kind=later]')).toHaveCount(1);
  },
  'multiregion-paused': async (page) => expect(deployment(page, 'paused')).toHaveAttribute('data-effect', 'created'),
  'multiregion-blocked': async (page) => expect(deployment(page, 'blocked')).toHaveAttribute('data-effect', 'marked'),
  'removed-group': async (page) => {
    await expect(alloc(page, 'stop')).toHaveCount(1);
    await expect(page.locator('[data-testid=deployment][data-effect=created]')).toHaveAttribute('data-group', 'web');
  },
  'stopped-job': async (page) => {
    await expect(deployment(page, 'cancelled')).toHaveAttribute('data-effect', 'cancelled');
    await expect(alloc(page, 'stop').first()).toBeVisible();
  },
  'surprise-meta-destructive': async (page) => expect(alloc(page, 'destructive').first()).toBeVisible(),
  'surprise-datacenter-inplace': async (page) => {
    await expect(alloc(page, 'inplace').first()).toBeVisible();
    await expect(alloc(page, 'destructive')).toHaveCount(0);
  },
  'surprise-max-parallel-inplace': async (page) => {
    await expect(alloc(page, 'destructive')).toHaveCount(1);
    await expect(alloc(page, 'inplace').first()).toBeVisible();
  },
  'surprise-max-parallel-above-count': async (page) => {
    await expect(alloc(page, 'destructive').first()).toBeVisible();
    await expect(alloc(page, 'ignore')).toHaveCount(0);
  },
  'rollout-canary': async (page) => {
    await expect(page.getByTestId('rollout-step').first()).toBeVisible();
    await expect(page.locator('[data-testid=deployment][data-effect=created]')).toBeVisible();
    await expect(page.getByTestId('deployment-promote')).toBeVisible();
  },
  'rollout-auto-revert': async (page) => {
    await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(1);
    await expect(page.getByTestId('deployment-fail')).toBeVisible();
  },
  'rollout-drain': async (page) => expect(page.getByTestId('rollout-step').first()).toBeVisible(),
};

const SIZES = [
  { width: 1440, height: 900, floor: 11 },
  { width: 1024, height: 700, floor: 10 },
] as const;

for (const size of SIZES) {
  test(`every example opens legible at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openApp(page);
    for (const ex of EXAMPLES) {
      await loadExample(page, ex.id);
      const point = POINTS[ex.id];
      expect(point, `${ex.id} has a point to assert`).toBeDefined();
      await point!(page);
      const m = await measureCardText(page);
      // An example without allocations or placements (multiregion-paused) has no cards to measure.
      if (m.cardsInView === 0) await expect(page.getByTestId('alloc').or(page.getByTestId('placement'))).toHaveCount(0);
      else
        expect(m.minPx, `${ex.id}: smallest card text (zoom ${m.zoom.toFixed(2)})`).toBeGreaterThanOrEqual(
          size.floor - 0.01,
        );
      await shot(page, `80-example-${ex.id}-${size.width}`);
    }
  });
}

test('a large cluster opens on the overview, whose tiles become cards as one zooms in', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  const text = generateScenarioText({ allocs: 400, nodes: 60 });
  await page
    .getByTestId('import-input')
    .setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  const graph = page.getByTestId('cluster-graph');
  await expect(graph).toHaveAttribute('data-fitted', JSON.parse(text).Name);
  await expect(page.getByTestId('client-node')).toHaveCount(60);
  await expect(page.getByTestId('node-tile')).toHaveCount(60);
  await expect(page.getByTestId('alloc')).toHaveCount(0);
  // A tile counts its allocations by decision and by client status.
  await expect(page.getByTestId('tile-actions').first()).toContainText(/\d+ · ignore|\d+ . \w+/);
  await shot(page, '81-overview');
  const box = (await graph.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 12 && (await page.getByTestId('node-tile').count()) > 0; i++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('alloc').first()).toBeVisible();
  await expect(page.getByTestId('node-tile')).toHaveCount(0);
  await shot(page, '82-overview-zoomed-in');
});
