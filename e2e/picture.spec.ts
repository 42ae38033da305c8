// The picture at the two window sizes a classroom uses: every example opens
// legible (card text measured as rendered, font size times zoom), with a
// screenshot of each written to e2e/screenshots/ for a reviewer's eye; a
// large cluster opens on the overview of tiles, which turn into cards as
// one zooms in.

import { expect, test } from '@playwright/test';
import { generateScenarioText } from '../bench/generate.ts';
import { EXAMPLES } from '../src/examples/index.ts';
import { loadExample, measureCardText } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 240_000 });

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
      const m = await measureCardText(page);
      // An example without allocations or placements (multiregion-paused) has no cards to measure.
      if (m.cardsInView === 0) await expect(page.getByTestId('alloc').or(page.getByTestId('placement'))).toHaveCount(0);
      else expect(m.minPx, `${ex.id}: smallest card text (zoom ${m.zoom.toFixed(2)})`).toBeGreaterThanOrEqual(size.floor - 0.01);
      await shot(page, `80-example-${ex.id}-${size.width}`);
    }
  });
}

test('a large cluster opens on the overview, whose tiles become cards as one zooms in', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  const text = generateScenarioText({ allocs: 400, nodes: 60 });
  await page.getByTestId('import-input').setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(text) });
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
