// The hostile inputs of issue 19, measured in the page: for each, the
// longest main-thread stall (Chromium's long tasks) and the time from
// navigation (or from the paste) to the page's answer, a message or a
// result, against the goal of an answer within 2 s and no stall that long.
// An attack that freezes the page for good is cut off after CUTOFF_MS and
// reported as such. Run by `npm run bench:browser` (or alone: append
// `hostile` to its command line).

import type { Browser, Page } from '@playwright/test';
import { VIEWPORT } from '../e2e/browser.ts';
import { LINEAR, ONE_LINE, UNREADABLE, allocationStubs, shareLink } from '../e2e/hostileTexts.ts';
import defaultScenario from '../src/ui/defaultScenario.json';
import importJob from '../test/fixtures/import/job.json';
import { verdict } from './stats.ts';

/** HOSTILE_GOAL_MS is the goal: an answer within 2 s, and no main-thread stall as long. */
export const HOSTILE_GOAL_MS = 2000;
// CUTOFF_MS is how long an attack may hold the page before it counts as frozen.
const CUTOFF_MS = 30_000;

type StallWindow = Window & { __longTasks?: { start: number; duration: number }[] };

/** watchLongTasks is an init script: from the document's start it keeps every long task's start and duration in window.__longTasks. */
export function watchLongTasks(): void {
  const w = window as StallWindow;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks!.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

// answered tells, in the page, whether it answered: a banner says something, or the run status is final.
function answered(): boolean {
  const banner = document.querySelector('[data-testid="share-banner"]')?.textContent ?? '';
  const status = document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') ?? '';
  return banner.trim() !== '' || ['ok', 'invalid', 'timeout', 'crashed'].includes(status);
}

interface Figures {
  /** answerMs is when the page answered (null: it did not within the cutoff). */
  answerMs: number | null;
  stallMs: number;
  said: string;
}

// within gives a promise's value, or null when it takes longer than ms (a frozen page answers nothing, not even Playwright).
async function within<T>(ms: number, p: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

// BANNER_OR_STATUS are where a link's answer is said: the share banner, else the run status.
const BANNER_OR_STATUS = ['[data-testid="share-banner"]', '[data-testid="run-status"]'];
// PREVIEW is where the import dialog's preview is said.
const PREVIEW = ['[data-testid="import-preview"]'];

// measure waits for the page's answer after `since` (a performance.now() time) and reads the stalls and what it says.
async function measure(page: Page, since: number, done: () => boolean, says: string[]): Promise<Figures> {
  const frozen: Figures = { answerMs: null, stallMs: CUTOFF_MS, said: '(frozen: no answer)' };
  const at = await within(
    CUTOFF_MS,
    page
      .waitForFunction(done, undefined, { polling: 50, timeout: CUTOFF_MS })
      .then(() => page.evaluate(() => performance.now()))
      .catch(() => null),
  );
  if (at === null) {
    // A page that died of an error answers at once, with nothing drawn.
    const drawn = await within(
      2000,
      page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0),
    );
    return drawn === 0 ? { answerMs: null, stallMs: 0, said: '(blank page)' } : frozen;
  }
  // Work that follows the answer (drawing, loading the editor on the text, saving) counts too.
  await within(
    CUTOFF_MS,
    page
      .getByTestId('editor')
      .and(page.locator('[data-state=ready]'))
      .waitFor({ timeout: CUTOFF_MS })
      .catch(() => null),
  );
  await page.waitForTimeout(2000);
  const r = await within(
    CUTOFF_MS,
    page.evaluate(
      ({ says, since }) => ({
        stalls: ((window as StallWindow).__longTasks ?? []).filter((t) => t.start >= since).map((t) => t.duration),
        said: says.map((s) => document.querySelector(s)?.textContent?.trim() ?? '').find((t) => t !== '') ?? '',
      }),
      { says, since },
    ),
  );
  if (r === null) return { ...frozen, answerMs: at - since, said: '(frozen after answering)' };
  return { answerMs: at - since, stallMs: Math.max(0, ...r.stalls), said: r.said.slice(0, 110) };
}

const secs = (x: number | null) => (x === null ? `> ${CUTOFF_MS / 1000} s` : `${(x / 1000).toFixed(2)} s`);

function print(label: string, f: Figures): void {
  const ok = f.answerMs !== null && f.answerMs <= HOSTILE_GOAL_MS && f.stallMs < HOSTILE_GOAL_MS;
  console.log(
    `    ${label.padEnd(40)} answer ${secs(f.answerMs).padStart(8)}   longest stall ${secs(f.stallMs).padStart(8)}   ${verdict(ok)}`,
  );
  console.log(`        ${f.said}`);
}

// openHostile opens one link in a new context, then reloads (the draft reopens), measuring both.
async function openHostile(browser: Browser, url: string, name: string, text: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchLongTasks);
    await page.goto(url + shareLink(text), { waitUntil: 'commit' });
    const opened = await measure(page, 0, answered, BANNER_OR_STATUS);
    print(`${name} (${(shareLink(text).length / 1024).toFixed(1)} KB link)`, opened);
    if (opened.answerMs === null) return;
    await page.reload({ waitUntil: 'commit' });
    print(`${name}, reloaded`, await measure(page, 0, answered, BANNER_OR_STATUS));
  } finally {
    await within(10_000, context.close());
  }
}

// importStubs pastes `n` allocation stubs into the import dialog's allocations field (from the
// clipboard, as a person would), then types one character in its job field.
async function importStubs(browser: Browser, url: string, n: number): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('run-status').and(page.locator('[data-status=ok]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('import-cluster').click();
    await page.getByTestId('import-job').fill(JSON.stringify(importJob));
    await page.getByTestId('import-preview').and(page.locator('[data-ok=true]')).waitFor();
    await page.evaluate((text) => navigator.clipboard.writeText(text), allocationStubs(n));
    await page.getByTestId('import-allocations').focus();
    await page.evaluate(watchLongTasks);
    const since = await page.evaluate(() => performance.now());
    await within(CUTOFF_MS, page.keyboard.press('ControlOrMeta+V'));
    // The preview counts the stubs, or says why it could not: the time limit, or a budget (a field's problem).
    const previewed = (): boolean =>
      (/\d\d\d\d\d? allocations|took longer than/.test(
        document.querySelector('[data-testid="import-preview"]')?.textContent ?? '',
      ) ||
        /more than the/.test(
          document.querySelector('[data-testid="import-cluster-dialog"] [role=alert]')?.textContent ?? '',
        )) &&
      document.querySelector('[data-testid="import-preview"]')?.getAttribute('aria-busy') !== 'true';
    const pasted = await measure(page, since, previewed, PREVIEW);
    print(`import ${n.toLocaleString('en')} stubs: paste`, pasted);
    if (pasted.answerMs === null) return;
    const before = await page.evaluate(() => performance.now());
    const field = page.getByTestId('import-job');
    await within(
      CUTOFF_MS,
      field.press('End').then(() => field.press('Space')),
    );
    print(
      `import ${n.toLocaleString('en')} stubs: a keystroke in the job field`,
      await measure(page, before, previewed, PREVIEW),
    );
  } finally {
    await within(10_000, context.close());
  }
}

/** hostile measures every attack of the issue on the page served at `url`. */
export async function hostile(browser: Browser, url: string): Promise<void> {
  console.log('');
  console.log(
    `hostile inputs (goal: an answer within ${HOSTILE_GOAL_MS / 1000} s and no main-thread stall as long; frozen after ${CUTOFF_MS / 1000} s):`,
  );
  await openHostile(browser, url, 'for comparison: the default scenario', JSON.stringify(defaultScenario));
  for (const [name, text] of Object.entries({ ...UNREADABLE, ...LINEAR, ...ONE_LINE }))
    await openHostile(browser, url, name, text);
  for (const n of [5000, 30_000]) await importStubs(browser, url, n);
}
