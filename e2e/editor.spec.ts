// The editor knows the contract: completion of field names and enum
// values, and hover text saying what the reconciler does with a field.

import { expect, test } from '@playwright/test';
import { openApp, setTab, shot } from './helpers.ts';

test('completion offers field names and enum values from the schema', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'job', '{\n  "Type": ""\n}\n');
  // Put the cursor between the quotes of the value and ask for completion.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+Space');
  const suggestions = page.locator('.suggest-widget .monaco-list-row');
  // The JSON language worker loads on first use.
  await expect(suggestions.filter({ hasText: 'service' })).toHaveCount(1, { timeout: 30_000 });
  await expect(suggestions.filter({ hasText: 'batch' })).toHaveCount(1);
  await page.keyboard.press('Escape');

  await setTab(page, 'job', '{\n  \n}\n');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Space');
  await expect(suggestions.filter({ hasText: 'Affinities' })).toHaveCount(1);
  // The list is long and drawn lazily: narrow it as a person would.
  await page.keyboard.type('TaskG');
  await expect(suggestions.filter({ hasText: 'TaskGroups' })).toHaveCount(1);
  await shot(page, '50-completion');
});

test('hovering a field explains what the reconciler does with it', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('editor-tab-job').click();
  const key = page.locator('[data-testid=editor] .view-line span', { hasText: '"JobModifyIndex"' }).first();
  await key.hover();
  await expect(page.locator('.monaco-hover:not(.hidden)')).toContainText(
    'Allocations whose job has the same JobModifyIndex are left alone',
    {
      timeout: 30_000,
    },
  );
  await shot(page, '51-hover');
});
