// The operator's way in, from a cold start: paste your own jobspec, run it
// on a cluster made for it, change a line and then a variable, and see the
// plan, the diff and the film follow each change; make the change the
// running job; send a link that opens on the rollout's frame you were on.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openApp, planLineText, setTab, shot } from './helpers.ts';

const jobspec = readFileSync(new URL('../test/fixtures/hcl/operator-web.hcl', import.meta.url), 'utf8');

// filmStory is what the rollout's film says, step by step: it changes when the film does.
async function filmStory(page: Page): Promise<string> {
  await expect(page.getByTestId('rollout-step').first()).toBeVisible();
  const steps = await page.getByTestId('rollout-step').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
  const end = await page.getByTestId('rollout-end').getAttribute('data-end-status');
  // What the frame shown says happened (placements, stops) tells films with the same steps apart.
  const story = await page.getByTestId('rollout-story').textContent();
  return steps.map((s) => s?.replace(/ at .*?\), /, ' ')).join('\n') + '\nend: ' + end + '\n' + story;
}

test('from a pasted jobspec to what Nomad does with a change, and a link that opens on the frame', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  let actions = 0;

  // 1. Paste the jobspec over the example.
  const pastedAt = Date.now();
  await setTab(page, 'job', jobspec);
  actions++;
  // 2–4. Run it on a cluster: three nodes in the job's datacenter, one of them draining.
  await page.getByTestId('run-on-cluster').click();
  actions++;
  await expect(page.getByTestId('cluster-datacenters')).toHaveValue('dc1');
  await shot(page, 'operator-01-run-on-cluster-dialog');
  await page.getByTestId('cluster-trouble-draining').check();
  actions++;
  await page.getByTestId('run-on-cluster-go').click();
  actions++;
  // The job runs on its cluster: the drained node's allocations migrate, nothing else moves.
  await expect.poll(() => planLineText(page, 'web')).toMatch(/^Task Group: "web" \(\d+ ignore, \d+ migrate\)$/);
  await expect(page.getByTestId('running-bar')).toHaveAttribute('data-submitted', '');
  await expect(page.getByTestId('scenario-errors')).toHaveAttribute('data-count', '0');
  await shot(page, 'operator-02-running-on-its-cluster');

  // 5. Change the image in the text: a canary of version 1, the rest wait for promotion.
  const editedAt = Date.now();
  await setTab(page, 'job', jobspec.replace('default     = "1.4.2"', 'default     = "1.5.0"'));
  actions++;
  await expect.poll(() => planLineText(page, 'web')).toMatch(/1 canary/);
  const firstPlanOfAChange = Date.now() - pastedAt;
  console.log(`the edit to its plan: ${Date.now() - editedAt} ms`);
  const planAfterImage = await planLineText(page, 'web');
  await expect(page.getByTestId('running-bar')).toHaveAttribute('data-submitted', '1');
  console.log(`paste to the first plan of a change: ${actions} actions, ${firstPlanOfAChange} ms`);
  await shot(page, 'operator-03-image-changed');

  await page.getByTestId('result-tab-diff').click();
  await expect(page.getByTestId('job-diff')).toContainText('1.5.0');
  const diffAfterImage = await page.getByTestId('job-diff').textContent();
  await page.getByTestId('rollout-toggle').click();
  const filmAfterImage = await filmStory(page);
  expect(filmAfterImage).toMatch(/end: waiting/);
  await shot(page, 'operator-04-image-film');

  // 6. Then a variable in the Variables panel: two allocations fewer.
  await page.getByTestId('variables-button').click();
  await page.getByTestId('variable-input-replicas').fill('3');
  await page.getByTestId('variables-button').click();
  await page.getByTestId('result-tab-plan').click();
  await expect.poll(() => planLineText(page, 'web')).not.toBe(planAfterImage);
  console.log(`after the image: ${planAfterImage}; after replicas = 3: ${await planLineText(page, 'web')}`);
  await page.getByTestId('result-tab-diff').click();
  await expect.poll(async () => page.getByTestId('job-diff').textContent()).not.toBe(diffAfterImage);
  await expect(page.getByTestId('job-diff')).toContainText('Count');
  await page.getByTestId('result-tab-rollout').click();
  await expect.poll(() => filmStory(page)).not.toBe(filmAfterImage);
  await shot(page, 'operator-05-variable-changed');

  // 7. Make this the running job: the allocations run it, and the next edit is a change again.
  await page.getByTestId('make-running').click();
  await expect(page.getByTestId('running-bar')).toHaveAttribute('data-submitted', '');
  await page.getByTestId('result-tab-plan').click();
  await expect.poll(() => planLineText(page, 'web')).not.toMatch(/canary|create|update/);
  await page.getByTestId('editor-tab-running').click();
  await shot(page, 'operator-06-made-running');
  await setTab(page, 'job', jobspec.replace('default     = "1.4.2"', 'default     = "1.6.0"'));
  await expect(page.getByTestId('running-bar')).toHaveAttribute('data-submitted', '2');

  // 8. A link made on the rollout's second evaluation opens on it.
  await page.getByTestId('result-tab-rollout').click();
  await expect(page.getByTestId('rollout-step').nth(1)).toBeVisible();
  await page.getByTestId('rollout-step').nth(1).click();
  const title = await page.getByTestId('rollout-step').nth(1).getAttribute('title');
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('link-field').inputValue();
  expect(link).toMatch(/&tab=rollout&frame=2$/);
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('rollout-step').nth(1)).toHaveAttribute('aria-current', 'step');
  expect(await other.getByTestId('rollout-step').nth(1).getAttribute('title')).toBe(title);
  await expect(other.getByTestId('result-tab-rollout')).toHaveAttribute('aria-selected', 'true');
  // The link carries both jobs: the Running tab and the Job tab come back apart.
  await expect(other.getByTestId('running-bar')).toHaveAttribute('data-submitted', '2');
  await shot(other, 'operator-07-link-opens-on-frame-2');
  await fresh.close();
});
