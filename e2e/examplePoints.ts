// What each example teaches, as an element of its picture to assert: the
// example walk of e2e/fit.spec.ts checks each at both window sizes.

import { expect, type Page } from '@playwright/test';

const alloc = (page: Page, action: string) => page.locator(`[data-testid=alloc][data-action="${action}"]`);
const deployment = (page: Page, status: string) => page.locator(`[data-testid=deployment][data-status="${status}"]`);

/** POINTS asserts, for each example, the element of the picture that carries what its note teaches. */
export const POINTS: Record<string, (page: Page) => Promise<void>> = {
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
    // The finished allocations stay: nothing happens to them, so they are on the summary until it opens.
    await expect(page.getByTestId('fold-summary')).toContainText('2 allocations: no change');
    await page.getByTestId('fold-summary').click();
    for (const line of await page.getByTestId('fold-line').all()) await line.click();
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
  'disconnect-max-client-disconnect': async (page) =>
    expect(page.locator('[data-testid=client-node][data-condition=disconnected]')).toBeVisible(),
  'disconnect-without-max-client-disconnect': async (page) => {
    await expect(page.locator('[data-testid=client-node][data-condition=disconnected]')).toBeVisible();
    await expect(alloc(page, 'lost')).toHaveCount(1);
  },
  'disconnect-reconnect': async (page) => expect(alloc(page, 'stop')).toHaveCount(1),
  'rollout-disconnect': async (page) => expect(page.getByTestId('rollout-step').first()).toBeVisible(),
  'canary-downgrade': async (page) => {
    await expect(alloc(page, 'reschedule-now')).toHaveCount(1);
    await expect(page.getByTestId('deployment-canaries')).toContainText('not promoted');
  },
  'drain-during-canaries': async (page) => {
    await expect(alloc(page, 'migrate')).toHaveCount(2);
    await expect(page.locator('[data-testid=placement][data-canary=true]')).toHaveCount(1);
  },
  'memory-max-destructive': async (page) => {
    await expect(alloc(page, 'destructive')).toHaveCount(1);
    await expect(alloc(page, 'inplace')).toHaveCount(0);
  },
  'datacenter-left': async (page) => {
    await expect(alloc(page, 'destructive')).toHaveCount(1);
    await expect(alloc(page, 'inplace')).toHaveCount(1);
  },
  'batch-preempted': async (page) => expect(page.getByTestId('placement')).toHaveCount(1),
  'node-pool-moved': async (page) => {
    await expect(alloc(page, 'destructive')).toHaveCount(1);
    await expect(alloc(page, 'inplace')).toHaveCount(1);
  },
};
