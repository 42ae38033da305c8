// Editing the job changes the plan and the graph.

import { expect, test } from '@playwright/test';
import rollingUpdate from '../test/fixtures/scenarios/rolling-update.json' with { type: 'json' };
import { splitScenario } from '../src/scenario/tabs.ts';
import { DEFAULT_SCENARIO, openApp, planLineText, setTab, shot } from './helpers.ts';

type Job = (typeof DEFAULT_SCENARIO)['Job'];

function editedJob(edit: (job: Job) => void): string {
  const job = structuredClone(DEFAULT_SCENARIO.Job);
  edit(job);
  return JSON.stringify(job, null, 2);
}

test("raising a group's count adds placements to the plan and the graph", async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('placement')).toHaveCount(2);
  // The scenario's own job is edited (the Running tab too): nothing is submitted over it.
  const raised = editedJob((j) => (j.TaskGroups[1]!.Count = 4));
  await setTab(page, 'job', raised);
  await setTab(page, 'running', raised);
  await expect.poll(() => planLineText(page, 'cache')).toBe('Task Group: "cache" (2 create, 2 in-place update)');
  await expect(page.getByTestId('placement')).toHaveCount(4);
  await expect(page.locator('[data-testid=placement][data-name="web.cache[2]"]')).toHaveCount(1);
  await expect(page.locator('[data-testid=placement][data-name="web.cache[3]"]')).toHaveAttribute(
    'data-canary',
    'false',
  );
  await shot(page, '10-count-raised');
});

test('a group named __proto__, scaled, shows its new count (the worker sends results as deltas keyed by group)', async ({
  page,
}) => {
  await openApp(page);
  const named = (count: number) =>
    editedJob((j) => {
      j.TaskGroups[1]!.Name = '__proto__';
      j.TaskGroups[1]!.Count = count;
    });
  await setTab(page, 'job', named(2));
  await expect.poll(() => planLineText(page, '__proto__')).toBe('Task Group: "__proto__" (2 create)');
  await setTab(page, 'job', named(4));
  await expect.poll(() => planLineText(page, '__proto__')).toBe('Task Group: "__proto__" (4 create)');
});

test("lowering a group's count stops the highest indexes", async ({ page }) => {
  await openApp(page);
  const lowered = editedJob((j) => (j.TaskGroups[0]!.Count = 3));
  await setTab(page, 'job', lowered);
  await setTab(page, 'running', lowered);
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 destroy, 4 ignore)');
  await expect(page.locator('[data-testid=alloc][data-alloc-id="web-3-v1"]')).toHaveAttribute(
    'data-action',
    /stop|lost/,
  );
});

test("changing a task's config makes its update destructive", async ({ page }) => {
  await openApp(page);
  await setTab(
    page,
    'job',
    editedJob((j) => (j.TaskGroups[1]!.Tasks[0]!.Config.image = 'redis:7.2')),
  );
  await expect.poll(() => planLineText(page, 'cache')).toBe('Task Group: "cache" (2 create/destroy update)');
  await expect(page.locator('[data-testid=alloc][data-alloc-id="cache-0-v1"]')).toHaveAttribute(
    'data-action',
    'destructive',
  );
  await expect(page.locator('.plan-count[data-kind=update]')).toBeVisible();
  await shot(page, '11-config-changed');
});

test('max_parallel with more destructive updates than it allows says what the counts hide', async ({ page }) => {
  await openApp(page);
  const texts = splitScenario(rollingUpdate);
  await setTab(page, 'cluster', texts.cluster);
  await setTab(page, 'job', texts.job);
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create/destroy update, 2 ignore)');
  await expect(page.getByTestId('plan-notes')).toContainText('max_parallel is 2: 2 are replaced now');
  await expect(page.getByTestId('plan-deployment')).toContainText('Deployment created');
  await shot(page, '12-max-parallel-note');
});
