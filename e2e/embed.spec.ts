// The embeddable read-only view, `#s=…&view=embed`: the graph and the plan,
// no editors, shown inside another page's iframe.

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { CURRENT_KEY } from '../src/share/draftStore.ts';

test.describe.configure({ timeout: 120_000 });

const TEXT = readFileSync('src/examples/node-down.json', 'utf8');
const LINK = `#s=${deflateRawSync(Buffer.from(TEXT, 'utf8')).toString('base64url')}&view=embed`;

test('the embed view shows the graph and the plan, without editors, and keeps no draft', async ({ page }) => {
  await page.goto(`/${LINK}`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.locator('[data-testid=alloc][data-action=lost]').first()).toBeVisible();
  await expect(page.getByTestId('plan-group')).toHaveText('Task Group: "web" (2 create, 2 destroy, 2 ignore)');
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await expect(page.getByTestId('examples-button')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), CURRENT_KEY)).toBeNull();
});

test('a page shows the embed view in an iframe', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.setContent(
    `<h1>Docs</h1><iframe title="playground" src="${baseURL}/${LINK}" width="900" height="500"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('cluster-graph')).toBeVisible();
  await expect(frame.locator('[data-testid=client-node][data-condition=down]')).toBeVisible();
  await expect(frame.getByTestId('editor')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/86-embed-iframe.png' });
});
