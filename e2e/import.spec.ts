// Bringing a cluster in: the "Import from cluster" dialog (paste or drop
// each API body, preview, load with the old text kept as a draft), field
// names Nomad's API does not have as warnings, and the notice for a job
// edited without a new JobModifyIndex.

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEFAULT_TEXTS, openApp, planLineText, setTab, shot } from './helpers.ts';

const body = (name: string) => readFileSync(new URL(`../test/fixtures/import/${name}.json`, import.meta.url), 'utf8');

test('import from cluster: pasted and dropped bodies, a preview, then the scenario, the old text kept as a draft', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('import-cluster').click();
  const dialog = page.getByTestId('import-cluster-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('import-preview')).toHaveText('Nothing pasted yet.');
  await expect(page.getByTestId('import-cluster-load')).toBeDisabled();

  // The commands name the job typed.
  await page.getByTestId('import-job-id').fill('web');
  await expect(dialog).toContainText("nomad operator api '/v1/job/web/allocations'");

  await page.getByTestId('import-job').fill(body('job'));
  await page.getByTestId('import-versions').fill(body('versions'));
  await page.getByTestId('import-allocations').fill(body('allocations'));
  await page.getByTestId('import-deployment').fill('{ not json');
  await expect(dialog.getByRole('alert')).toContainText('not JSON');
  await page.getByTestId('import-deployment').fill(body('deployment'));

  // A file dropped on a field fills that field (and is not imported as a scenario).
  const drop = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'nodes.json', { type: 'application/json' }));
    return data;
  }, body('nodes'));
  await page.getByTestId('import-nodes').dispatchEvent('drop', { dataTransfer: drop });
  await expect(page.getByTestId('import-nodes')).toHaveValue(/client-1/);

  const preview = page.getByTestId('import-preview');
  await expect(preview).toHaveAttribute('data-ok', 'true');
  await expect(preview).toContainText('Job "web", version 2; versions 2, 1.');
  await expect(preview).toContainText('3 allocations (3 running) on 2 nodes; 1 node given.');
  await expect(preview).toContainText('Deployment 9a1b2c3d of version 2: running.');
  await expect(page.locator('[data-testid=import-note][data-code=missing-nodes]')).toContainText(
    'garbage-collected, so it is lost',
  );
  await shot(page, '50-import-from-cluster');

  await page.getByTestId('import-cluster-load').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('.scenario-name')).toContainText('Imported web');
  await expect.poll(() => planLineText(page, 'frontend')).toContain('Task Group: "frontend"');
  // The allocation on the node that was not given is flagged in the problem list.
  await expect(page.locator('[data-testid=scenario-error][data-code=unknown-node]')).toHaveAttribute(
    'data-severity',
    'warning',
  );

  // What was in the editors before is a draft that comes back.
  await expect(page.getByTestId('share-banner')).toContainText('Drafts');
  await page.getByTestId('restore-previous').click();
  await expect(page.locator('[data-testid=editor] .view-lines')).toContainText(JSON.parse(DEFAULT_TEXTS.job).ID);
});

test('a field name Nomad does not have is a warning with a suggestion, in the editor and the list', async ({
  page,
}) => {
  await openApp(page);
  const job = JSON.parse(DEFAULT_TEXTS.job);
  job.TaskGroups[0].Cuont = job.TaskGroups[0].Count;
  delete job.TaskGroups[0].Count;
  await setTab(page, 'job', JSON.stringify(job, null, 2));
  const warning = page.locator('[data-testid=scenario-error][data-code=unknown-field]');
  await expect(warning).toContainText('"Cuont" is not a field of a task group; did you mean Count?');
  await expect(warning).toHaveAttribute('data-severity', 'warning');
  // A warning does not stop the run.
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('[data-testid=editor] .squiggly-warning')).not.toHaveCount(0);
  await shot(page, '51-field-name-warning');
});

test('an edit of the job is submitted as the next version at once, with no notice to click', async ({ page }) => {
  await openApp(page);
  const job = {
    ID: 'web',
    Version: 3,
    JobModifyIndex: 40,
    TaskGroups: [{ Name: 'web', Count: 2, Tasks: [{ Name: 'app', Driver: 'docker', Config: { image: 'web:1' } }] }],
  };
  const cluster = {
    Now: '2026-01-01T00:00:00Z',
    EvalID: 'e',
    Nodes: [{ ID: 'n1', Status: 'ready' }],
    Allocations: [0, 1].map((i) => ({ ID: `a${i}`, Name: `web.web[${i}]`, TaskGroup: 'web', NodeID: 'n1' })),
  };
  // The cluster runs version 3 of the job, and the same job is in the Job tab.
  await setTab(page, 'cluster', JSON.stringify(cluster, null, 2));
  await setTab(page, 'job', JSON.stringify(job, null, 2));
  await setTab(page, 'running', JSON.stringify(job, null, 2));
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 ignore)');

  // The allocations keep running version 3; the edited job is version 4, with a new JobModifyIndex.
  job.TaskGroups[0]!.Tasks[0]!.Config.image = 'web:2';
  await setTab(page, 'job', JSON.stringify(job, null, 2));
  await expect.poll(() => planLineText(page, 'web')).toBe('Task Group: "web" (2 create/destroy update)');
  await expect(page.getByTestId('running-bar')).toHaveAttribute('data-submitted', '4');
  await shot(page, '52-job-submitted-over-the-running-job');
});

test('a file dropped on an import field is measured before it is read: one over the reader’s budget is refused by name', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('import-cluster').click();
  const drop = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    // 17 MiB of spaces: more bytes than the 16 M characters a body may have.
    data.items.add(new File([new Uint8Array(17 * 1024 * 1024).fill(32)], 'huge.json', { type: 'application/json' }));
    return data;
  });
  await page.getByTestId('import-nodes').dispatchEvent('drop', { dataTransfer: drop });
  const dialog = page.getByTestId('import-cluster-dialog');
  await expect(dialog.getByRole('alert')).toContainText(
    'huge.json is 17 MB; a body is read up to 16 MB, so it was not read.',
  );
  await expect(page.getByTestId('import-nodes')).toHaveValue('');
  // Typing in the field again clears the refusal.
  await page.getByTestId('import-nodes').fill('[]');
  await expect(dialog.locator('.import-problem', { hasText: 'huge.json' })).toHaveCount(0);
});
