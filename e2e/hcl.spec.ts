// An HCL jobspec pasted into the Job tab: highlighted as HCL, reconciled
// like its API JSON, its problems marked at their line, and its API JSON
// shown on request.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openApp, planLineText, setTab, shot } from './helpers.ts';

const SERVICE = readFileSync(new URL('../test/fixtures/hcl/service.hcl', import.meta.url), 'utf8');
const CLUSTER = JSON.stringify(
  {
    Now: '2026-01-01T00:10:00Z',
    EvalID: 'eval-1',
    Nodes: [
      { ID: 'node-1', Name: 'client-1', Datacenter: 'dc1', Status: 'ready', SchedulingEligibility: 'eligible' },
      { ID: 'node-2', Name: 'client-2', Datacenter: 'dc1', Status: 'ready', SchedulingEligibility: 'eligible' },
    ],
    Allocations: [],
  },
  null,
  2,
);

// editorLanguage is the language Monaco gives the model it shows.
async function editorLanguage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid=editor]');
    const el = host?.hasAttribute('data-mode-id') ? host : host?.querySelector('[data-mode-id]');
    return el?.getAttribute('data-mode-id') ?? null;
  });
}

// The first jobspec of a page loads HashiCorp's parser (a few MB of
// JavaScript) in the worker; on a busy machine that takes a while.
const FIRST_RUN = { timeout: 90_000 };
test.describe.configure({ timeout: 180_000 });

test('an HCL jobspec in the Job tab is reconciled and its plan shown', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'cluster', CLUSTER);
  await setTab(page, 'job', SERVICE);
  await expect.poll(() => planLineText(page, 'web'), FIRST_RUN).toBe('Task Group: "web" (3 create)');
  await expect.poll(() => planLineText(page, 'cache')).toBe('Task Group: "cache" (2 create)');
  await expect(page.getByTestId('placement')).toHaveCount(5);
  await expect.poll(() => editorLanguage(page)).toBe('hcl');
  await expect(page.getByTestId('scenario-error')).toHaveCount(0);

  // "Show as API JSON" shows the mapped job beside the HCL, which stays.
  await page.getByTestId('show-api-json').click();
  const json = page.getByTestId('api-json');
  await expect(json).toContainText('"TaskGroups"');
  await expect(json).toContainText('"MemoryMB": 128');
  await shot(page, '40-hcl-jobspec');
  await page.getByTestId('show-api-json').click();
  await expect(json).toHaveCount(0);
  // The HCL itself is untouched.
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText('group "cache"');
  await expect.poll(() => editorLanguage(page)).toBe('hcl');
});

test('an unknown argument in a jobspec is marked at its line', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'cluster', CLUSTER);
  const broken = SERVICE.replace('    count = 3\n', '    count = 3\n    bogus = true\n');
  const line = broken.split('\n').findIndex((l) => l.includes('bogus')) + 1;
  await setTab(page, 'job', broken);
  const error = page.getByTestId('scenario-error').first();
  await expect(error).toHaveAttribute('data-tab', 'job', FIRST_RUN);
  await expect(error).toHaveAttribute('data-line', String(line));
  await expect(error).toContainText('An argument named "bogus" is not expected here');
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'true');

  // Back to JSON: the Job tab is JSON again.
  await setTab(page, 'job', '{ "ID": "web", "TaskGroups": [{ "Name": "web", "Count": 1, "Tasks": [{ "Name": "t", "Driver": "exec" }] }] }');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (1 create)');
  await expect.poll(() => editorLanguage(page)).toBe('json');
  await expect(page.getByTestId('show-api-json')).toHaveCount(0);
});
