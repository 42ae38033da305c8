// An HCL jobspec pasted into the Job tab: highlighted as HCL, reconciled
// like its API JSON, its problems marked at their line, its API JSON shown
// on request, its variables set in the Variables editor, and the Nomad 1.x
// settings the reconciler does not read marked as hints.

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

// The first jobspec of a page loads the HCL reader in the worker; a busy machine may take a while.
const FIRST_RUN = { timeout: 30_000 };

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
  await setTab(
    page,
    'job',
    '{ "ID": "web", "TaskGroups": [{ "Name": "web", "Count": 1, "Tasks": [{ "Name": "t", "Driver": "exec" }] }] }',
  );
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (1 create)');
  await expect.poll(() => editorLanguage(page)).toBe('json');
  await expect(page.getByTestId('show-api-json')).toHaveCount(0);
});

const WITH_VARIABLES = `variable "count" {
  type        = number
  description = "How many web servers."
}

variable "image" {
  default = "nginx"
}

job "web" {
  datacenters = ["dc1"]
  group "web" {
    count = var.count
    task "web" {
      driver = "docker"
      config {
        image = var.image
      }
      resources {
        memory     = 128
        memory_max = 256
      }
    }
  }
}
`;

test('the Variables editor sets a jobspec’s variables in the document', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'cluster', CLUSTER);
  await setTab(page, 'job', WITH_VARIABLES);
  await expect(page.getByTestId('scenario-error').first()).toContainText('Unset variable "count"', FIRST_RUN);

  await page.getByTestId('variables-button').click();
  const panel = page.getByTestId('variables-panel');
  await expect(panel.getByTestId('variable-row-count')).toContainText('number');
  await expect(panel.getByTestId('variable-row-count')).toContainText('How many web servers.');
  await expect(panel.getByTestId('variable-row-count')).toContainText('required');
  await expect(panel.getByTestId('variable-row-image')).toContainText('"nginx"');

  const input = panel.getByTestId('variable-input-count');
  await input.fill('4');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (4 create)');
  await expect(page.getByTestId('scenario-error')).toHaveCount(0);
  await shot(page, '41-hcl-variables');

  // A value Nomad cannot convert is refused in its words; clearing the field unsets it.
  await input.fill('many');
  await expect(page.getByTestId('scenario-error').first()).toContainText('Invalid argument value for -var variable');
  await input.fill('2');
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create)');

  // The value is in the document (the Cluster tab), so links and drafts carry it.
  await page.getByTestId('variables-panel').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('editor-tab-cluster').click();
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText('"JobSpecVariables"');
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText('"count": "2"');

  // memory_max is a Nomad 1.x setting: a hint in the editor, never an error.
  await page.getByTestId('editor-tab-job').click();
  await expect(page.locator('[data-testid=editor] .squiggly-info').first()).toBeAttached();
  await expect(page.getByTestId('scenario-error')).toHaveCount(0);
});
