// The build served under a path other than the site's root: every file it
// loads is found there (Monaco's workers and the lazily loaded chunks too),
// a shared link opens there and the links it copies point there; after the
// first visit it opens offline, from its service worker, and the next build
// served at the same address replaces that worker and its cache.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { encodeLink } from '../src/share/linkCodec.ts';
import { writeServiceWorker } from '../vite/serviceWorker.ts';
import { planLineText, setTab } from './helpers.ts';
import { startSubPathServer, type SubPathServer } from './subPathServer.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const PREFIX = '/some/sub/path/';
const ROLLING_UPDATE = fileURLToPath(new URL('../test/fixtures/scenarios/rolling-update.json', import.meta.url));

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The first jobspec of a page loads HashiCorp's parser; on a busy machine that takes a while.
const FIRST_RUN = { timeout: 90_000 };

let server: SubPathServer;
test.beforeAll(async () => {
  server = await startSubPathServer(DIST, PREFIX);
});
test.afterAll(async () => {
  await server.close();
});

// opened waits for the first result and the editor, as openApp does.
async function opened(page: Page): Promise<void> {
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
}

// controlled waits until the page is served by an active service worker.
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('a shared link opens under a sub-path, and the links it copies point there', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(server.url + (await encodeLink(readFileSync(ROLLING_UPDATE, 'utf8'))));
  await opened(page);
  await expect.poll(() => planLineText(page, 'web')).toContain('2 create/destroy update, 2 ignore');
  await expect(page.getByTestId('share-banner')).toContainText('Opened the shared scenario');

  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();
  expect(link.startsWith(`${server.url}#s=`)).toBe(true);
  await page.keyboard.press('Escape');

  // An HCL jobspec loads the HCL parser, a lazily loaded chunk, from the same place.
  await setTab(
    page,
    'cluster',
    JSON.stringify({ Nodes: [{ ID: 'node-1', Datacenter: 'dc1', Status: 'ready' }], Allocations: [] }),
  );
  // A job of its own: the cluster runs it (the Running tab too), as it is.
  const hello =
    'job "hello" {\n  datacenters = ["dc1"]\n  group "hello" {\n    count = 3\n    task "app" {\n      driver = "docker"\n    }\n  }\n}\n';
  await setTab(page, 'job', hello);
  await setTab(page, 'running', hello);
  await expect.poll(() => planLineText(page, 'hello'), FIRST_RUN).toBe('Task Group: "hello" (3 create)');
  expect(server.misses).toEqual([]);
  await context.close();
});

test('opens offline after the first visit, and the next build replaces its worker and cache', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await opened(page);
  await controlled(page);
  const firstCaches = await page.evaluate(() => caches.keys());
  expect(firstCaches).toHaveLength(1);

  // Offline: the page, its chunks, Monaco and the workers all come from the cache.
  await context.setOffline(true);
  await page.reload();
  await opened(page);
  await expect.poll(() => planLineText(page, 'web')).toMatch(/^Task Group: "web"/);
  await context.setOffline(false);

  // The next build: another page (marked) and so another worker, at the same address.
  const next = mkdtempSync(join(tmpdir(), 'nomad-playground-next-build-'));
  try {
    cpSync(DIST, next, { recursive: true });
    const index = join(next, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<title>', '<meta name="build" content="next" />\n    <title>'),
    );
    const nextCache = await writeServiceWorker(next);
    server.serve(next);
    await page.reload();
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([nextCache]);
    await page.reload();
    await opened(page);
    await expect(page.locator('meta[name=build]')).toHaveAttribute('content', 'next');
  } finally {
    server.serve(DIST);
    rmSync(next, { recursive: true, force: true });
  }
  expect(server.misses).toEqual([]);
  await context.close();
});
