// The plan as `nomad job plan` prints it whole: the page shows the same text
// as `reconcile --format plan` prints for the same file (but for the job
// file's name in the -check-index line).

import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { loadExample } from './graphView.ts';
import { openApp, shot } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('the plan as the command prints it: diff with counts, dry-run, check-index; as the command line prints it', async ({
  page,
}) => {
  await openApp(page);
  await loadExample(page, 'surprise-meta-destructive');
  await page.getByTestId('result-tab-plan').click();
  await page.getByTestId('plan-view-printed').click();
  const printed = page.getByTestId('plan-whole');
  await expect(printed).toContainText('Scheduler dry-run:\n- All tasks successfully allocated.');
  const text = (await printed.textContent()) ?? '';
  expect(text).toMatch(/^\+\/- Job: "(\w+)"\n\+\/- Task Group: "\w+" \(.*create\/destroy update.*\)\n/);
  const jobID = /^\+\/- Job: "(\w+)"/.exec(text)![1]!;
  expect(text).toMatch(
    new RegExp(
      `\\nJob Modify Index: (\\d+)\\nTo submit the job with version verification run:\\n\\nnomad job run -check-index \\1 ${jobID}\\.nomad\\n`,
    ),
  );
  await shot(page, '83-plan-printed');

  const file = 'src/examples/surprise-meta-destructive.json';
  // The command as `npm ci` builds it (build/cli/); `plan` is `reconcile --format plan`.
  const cli = execFileSync('node', ['build/cli/nomad-playground.js', 'plan', file], { encoding: 'utf8' });
  expect(`${text}\n`).toBe(cli.replace(` ${file}\n`, ` ${jobID}.nomad\n`));
});
