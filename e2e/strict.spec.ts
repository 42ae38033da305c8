// A strict page: the production build carries its Content Security Policy
// as a meta tag, and the whole app works under it (Monaco's editor, its
// JSON worker and styles, the reconciler and rollout workers, the graph,
// the examples, the Markdown description) with no violation reported.

import { expect, test, type Page } from '@playwright/test';
import { openApp, setTab } from './helpers.ts';

// watchViolations collects every violation the page reports, from its first script on.
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('__reportViolation', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

test('the app runs under its Content Security Policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await openApp(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  for (const directive of [
    "script-src 'self'",
    "worker-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  // An edit with an error: Monaco's JSON worker and markers, then the reconciler worker.
  await setTab(page, 'cluster', '{ "Nodes": 7 }');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'invalid');
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  // The rollout worker, an example with its Markdown, the JSON tab.
  await page.getByTestId('rollout-toggle').click();
  await expect(page.getByTestId('rollout-end')).toBeVisible();
  await page.getByTestId('examples-button').click();
  await page.getByRole('menuitem').first().click();
  await expect(page.getByTestId('scenario-description')).toHaveAttribute('data-rendered', 'true');
  await page.getByTestId('result-tab-json').click();
  await expect(page.getByTestId('raw-json')).toBeVisible();
  expect(violations).toEqual([]);
  // The policy is enforced, and the watch sees it: an injected inline script is refused.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true;';
    document.head.append(s);
  });
  await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
