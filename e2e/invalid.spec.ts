// Invalid text: the problem is marked where it is, and the last good graph
// stays, marked stale.

import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_TEXTS, openApp, setTab, shot } from './helpers.ts';

// markerLines are the editor lines that carry an error squiggle, read from
// where Monaco draws them against its line numbers.
async function markerLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const editor = document.querySelector('[data-testid=editor] .monaco-editor');
    if (!editor) return [];
    const numbers = [...editor.querySelectorAll('.line-numbers')].map((el) => ({
      line: Number(el.textContent),
      top: Math.round(el.getBoundingClientRect().top),
    }));
    return [...editor.querySelectorAll('.squiggly-error')].map((el) => {
      const top = Math.round(el.getBoundingClientRect().top);
      return numbers.find((n) => Math.abs(n.top - top) <= 2)?.line ?? -1;
    });
  });
}

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

test('a JSON syntax error is marked at its line and the last graph stays, stale', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-stale', 'false');
  // Drop the comma after "Name": "web" (line 3).
  const broken = DEFAULT_TEXTS.job.replace('"Name": "web",', '"Name": "web"');
  const line = lineOf(broken, '"Type": "service"');
  await setTab(page, 'job', broken);

  const error = page.getByTestId('scenario-error').first();
  await expect(error).toHaveAttribute('data-tab', 'job');
  await expect(error).toHaveAttribute('data-line', String(line));
  await expect(error).toContainText('comma');
  // The paste left the cursor at the end; the error list brings the line into view.
  await error.click();
  await expect.poll(() => markerLines(page)).toContain(line);

  // The last good result is still drawn, and marked stale.
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('result-tabpanel')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('client-node')).toHaveCount(4);
  await expect(page.getByTestId('plan')).toBeVisible();
  await expect(page.getByTestId('editor-tab-job')).toContainText('1');
  await shot(page, '20-invalid-json');

  // Fixing the text brings the graph up to date.
  await setTab(page, 'job', DEFAULT_TEXTS.job);
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('scenario-errors')).toHaveAttribute('data-count', '0');
});

test('a scenario error in the Cluster tab is marked there, at the line of its value', async ({ page }) => {
  await openApp(page);
  const broken = DEFAULT_TEXTS.cluster.replace('"Status": "down"', '"Status": "sleepy"');
  const line = lineOf(broken, '"sleepy"');
  await setTab(page, 'cluster', broken);
  const error = page.getByTestId('scenario-error').first();
  await expect(error).toHaveAttribute('data-tab', 'cluster');
  await expect(error).toHaveAttribute('data-line', String(line));
  await expect(error).toContainText('Nodes[3].Status');
  await expect(page.getByTestId('graph-panel')).toHaveAttribute('data-stale', 'true');

  // The error list takes the person to the place: from the Job tab, a click
  // switches to the Cluster tab and shows the line.
  await page.getByTestId('editor-tab-job').click();
  await error.click();
  await expect(page.getByTestId('editor-tab-cluster')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => markerLines(page)).toContain(line);
  await shot(page, '21-invalid-cluster');
});
