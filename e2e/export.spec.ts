// The graph exported for docs and slides: an SVG and a PNG file that parse,
// self-contained, in the colours shown (light, then dark).

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

async function exported(page: Page, format: 'svg' | 'png'): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
  expect(file.suggestedFilename()).toBe(`cluster-graph.${format}`);
  return readFileSync(await file.path());
}

test('the graph exports as an SVG and a PNG that parse, light or dark as shown', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'rolling-update');
  const svg = (await exported(page, 'svg')).toString('utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      error: doc.querySelector('parsererror') !== null,
      cards: doc.querySelectorAll('[data-testid=alloc]').length,
      markers: doc.querySelectorAll('marker').length,
      external: /(href|src)="https?:/.test(text),
    };
  }, svg);
  expect(parsed).toMatchObject({ root: 'svg', error: false, markers: 5, external: false });
  expect(parsed.cards).toBe(await page.getByTestId('alloc').count());

  const png = await exported(page, 'png');
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const light = await pngCorner(page, png);

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', /dark|light/);
  const theme = await page.locator('html').getAttribute('data-theme');
  const dark = await pngCorner(page, await exported(page, 'png'));
  // The background follows the theme shown: a dark page exports a dark picture.
  if (theme === 'dark') expect(dark.luma).toBeLessThan(light.luma);
  else expect(dark.luma).toBeGreaterThan(100);
  expect(light.width).toBeGreaterThan(100);
});

test('the exported picture shows the deployment as drawn above the graph', async ({ page }) => {
  await openApp(page);
  await loadExample(page, 'failed-deployment');
  const panel = page.getByTestId('deployment');
  await expect(panel).toHaveAttribute('data-status', 'failed');
  const svg = (await exported(page, 'svg')).toString('utf8');
  const drawn = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const dep = doc.querySelector('[data-testid=deployment]');
    const root = doc.documentElement;
    return {
      error: doc.querySelector('parsererror') !== null,
      status: dep?.getAttribute('data-status') ?? null,
      statusText: dep?.querySelector('[data-testid=deployment-status]')?.textContent ?? null,
      text: dep?.textContent ?? '',
      cards: doc.querySelectorAll('[data-testid=alloc]').length,
      height: Number(root.getAttribute('height')),
    };
  }, svg);
  expect(drawn).toMatchObject({ error: false, status: 'failed', statusText: 'failed' });
  expect(drawn.text).toContain('desired');
  expect(drawn.text).toContain('unhealthy');
  expect(drawn.cards).toBe(await page.getByTestId('alloc').count());

  // The PNG is as tall as the SVG, and where the panel's left edge is drawn
  // (its border, in the status's colour) the PNG has that colour.
  const png = await exported(page, 'png');
  const edge = await panel.evaluate((el) => {
    const strip = el.parentElement!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      x: box.left - strip.left + 2,
      y: box.top - strip.top + box.height / 2,
      color: getComputedStyle(el).borderLeftColor,
    };
  });
  const pixel = await pngPixel(page, png, edge);
  expect(pixel.height).toBeGreaterThanOrEqual(drawn.height);
  expect(pixel.rgb).toBe(edge.color);
});

// pngPixel decodes a PNG in the page and reads its height (CSS px, by the page's pixel ratio) and the colour at a point given in CSS px.
async function pngPixel(
  page: Page,
  png: Buffer,
  at: { x: number; y: number },
): Promise<{ height: number; rgb: string }> {
  return page.evaluate(
    async ({ b64, x, y }) => {
      const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const ratio = window.devicePixelRatio || 1;
      const [r, g, b] = ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
      return { height: Math.round(bitmap.height / ratio), rgb: `rgb(${r}, ${g}, ${b})` };
    },
    { b64: png.toString('base64'), ...at },
  );
}

// pngCorner decodes a PNG in the page and reads its size and the brightness of its top-left pixel (the background).
async function pngCorner(page: Page, png: Buffer): Promise<{ width: number; luma: number }> {
  return page.evaluate(async (b64) => {
    // Decoded here, not fetched: the page's Content Security Policy allows no data: fetch (connect-src 'self').
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const [r, g, b] = ctx.getImageData(1, 1, 1, 1).data;
    return { width: bitmap.width, luma: 0.299 * r! + 0.587 * g! + 0.114 * b! };
  }, png.toString('base64'));
}
