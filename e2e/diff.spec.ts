// The Job diff tab: the edited job against the version the running
// allocations use, as `nomad job plan` shows it, each group and task headed
// with the update it forces.

import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SCENARIO, openApp, setTab, shot } from './helpers.ts';

type Job = (typeof DEFAULT_SCENARIO)['Job'];

function editedJob(edit: (job: Job) => void): string {
  const job = structuredClone(DEFAULT_SCENARIO.Job);
  edit(job);
  return JSON.stringify(job, null, 2);
}

// heading is the heading of one group (or one of its tasks) in the diff.
function heading(page: Page, group: string, task?: string) {
  const level =
    task === undefined
      ? `[data-level=group][data-group="${group}"]`
      : `[data-level=task][data-group="${group}"][data-task="${task}"]`;
  return page.locator(`[data-testid=diff-heading]${level}`);
}

// openDiff switches the result panel to the Job diff tab.
async function openDiff(page: Page): Promise<void> {
  await page.getByTestId('result-tab-diff').click();
  await expect(page.getByTestId('job-diff')).toBeVisible();
}

test("changing a task's config shows as forcing a create/destroy update", async ({ page }) => {
  await openApp(page);
  await setTab(
    page,
    'job',
    editedJob((j) => (j.TaskGroups[1]!.Tasks[0]!.Config.image = 'redis:7.2')),
  );
  await expect(page.locator('[data-testid=plan-group][data-group=cache]')).toHaveText(
    'Task Group: "cache" (2 create/destroy update)',
  );
  await openDiff(page);
  // Compared with version 1, which six running allocations use; the canary's version 2 is the other choice.
  await expect(page.getByTestId('diff-base')).toContainText('version 1 (JobModifyIndex 20)');
  await expect(page.getByTestId('diff-base-choice')).toHaveCount(2);
  await expect(heading(page, 'cache')).toHaveAttribute('data-kind', 'destructive');
  await expect(heading(page, 'cache')).toContainText('forces create/destroy update: task "redis": config changed');
  await expect(heading(page, 'cache', 'redis')).toContainText(
    'forces create/destroy update: task "redis": config changed',
  );
  const cache = page.locator('[data-testid=diff-lines][data-level=task]', { hasText: 'Task: "redis"' });
  await expect(cache).toContainText('+/- Task: "redis" (forces create/destroy update)');
  await expect(cache).toContainText('+/- image: "redis:7" => "redis:7.2"');
  // The marker is coloured as Nomad colours an edit.
  await expect(cache.locator('.diff-c-light_yellow').first()).toHaveText('+/-');
  await expect(cache.locator('.diff-c-yellow')).toHaveText('forces create/destroy update');
  await shot(page, '80-diff-config-changed');
});

test('changing the datacenters shows as an in-place update', async ({ page }) => {
  await openApp(page);
  // The web group's image back at version 1's, so only the datacenters (and
  // cache's update block) differ from what the allocations run.
  // The scenario's own job is edited (the Running tab too): nothing is submitted over it.
  const moved = editedJob((j) => {
    j.TaskGroups[0]!.Tasks[0]!.Config.image = 'nginx:1.26';
    j.Datacenters = ['dc1', 'dc2', 'dc3'];
  });
  await setTab(page, 'job', moved);
  await setTab(page, 'running', moved);
  await expect(page.locator('[data-testid=plan-group][data-group=web]')).toContainText('in-place update');
  await openDiff(page);
  const job = page.locator('[data-testid=diff-lines][data-level=job]');
  await expect(job).toContainText('+   Datacenters {');
  await expect(job).toContainText('+ Datacenters: "dc3"');
  await expect(job.locator('.diff-c-green').first()).toHaveText('+');
  for (const group of ['web', 'cache']) {
    await expect(heading(page, group)).toHaveAttribute('data-kind', 'inplace');
    await expect(heading(page, group)).toContainText('in-place update');
  }
  await expect(heading(page, 'web', 'server')).toHaveText('Task "server": no change');
  await shot(page, '81-diff-datacenters-in-place');

  // The canary runs the job's own JobModifyIndex: nothing to update there.
  await page.getByTestId('diff-base-choice').filter({ hasText: 'version 2' }).click();
  await expect(page.getByTestId('job-diff')).toHaveAttribute('data-version', '2');
  await expect(heading(page, 'web')).toHaveAttribute('data-kind', 'ignore');
});
