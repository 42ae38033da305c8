// The reconciler worker survives scenarios it cannot handle.

import { expect, test } from '@playwright/test';
import { DEFAULT_SCENARIO, DEFAULT_TEXTS, openApp, planLineText, setTab, shot } from './helpers.ts';

function withCacheCount(count: number): string {
  const job = structuredClone(DEFAULT_SCENARIO.Job);
  job.TaskGroups[1]!.Count = count;
  return JSON.stringify(job, null, 2);
}

test('a count far beyond the limits is an error, and the app recovers', async ({ page }) => {
  await openApp(page);
  await setTab(page, 'job', withCacheCount(5_000_000_000));
  const error = page.getByTestId('scenario-error').first();
  await expect(error).toHaveAttribute('data-code', 'out-of-range');
  await expect(error).toHaveAttribute('data-tab', 'job');
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'true');
  await setTab(page, 'job', DEFAULT_TEXTS.job);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'false');
});

test('a run that takes too long is stopped, the worker restarted, and the next run works', async ({ page }) => {
  // A short limit so the test is quick; most of a million placements (the
  // engine's budget is a million in all) take far longer.
  await openApp(page, '?timeout=400');
  await setTab(page, 'job', withCacheCount(999_000));
  await expect(page.getByTestId('worker-notice')).toContainText(/longer than 400 ms.*restarted/);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'timeout');
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('client-node')).toHaveCount(4);
  await shot(page, '30-worker-restarted');

  await setTab(page, 'job', withCacheCount(4));
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('worker-notice')).toHaveCount(0);
  // The edit is submitted over the running version: the cache group grows, and its two allocations follow in place.
  await expect.poll(() => planLineText(page, 'cache')).toBe('Task Group: "cache" (2 create, 2 in-place update)');
});
