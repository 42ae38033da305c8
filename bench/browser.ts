// `npm run bench`, second half (`npm run bench:browser`): figures measured
// in the real browser, on the production build, which the npm script makes
// first with Vite's manifest (`vite build --manifest`) in a directory of its
// own, given as the argument:
//   - the bundle (from Vite's manifest): what loads before the first graph,
//     against the editor's lazily loaded Monaco chunks (raw and gzip);
//   - navigation to the first drawn graph of the default scenario;
//   - exporting its picture as SVG and PNG, and a rollout's film (bench/exportPicture.ts);
//   - for 1,000 allocations over 100 nodes, then 5,000 over 500: a keystroke
//     in the Job tab to the updated graph on screen, frame times while
//     panning, and how many elements the page holds (the graph renders only
//     what is on screen: tiles when zoomed out, only visible boxes);
//   - the hostile inputs of issue 19 (bench/hostile.ts).
// Chromium is launched as the end-to-end tests launch it (e2e/browser.ts).
// Prints medians; the machine's load average is printed alongside, since a
// loaded machine slows every figure.

import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_LAUNCH_OPTIONS, VIEWPORT } from '../e2e/browser.ts';
import { setTab } from '../e2e/helpers.ts';
import { splitScenario } from '../src/scenario/tabs.ts';
import { bundleSizes, formatBundle } from './bundle.ts';
import { exportTimes } from './exportPicture.ts';
import { generateScenario } from './generate.ts';
import { HCL_BENCH_LINES, HCL_FIRST_USE_GOAL_MS, HCL_WARM_GOAL_MS, generateJobSpec } from './jobspec.ts';
import {
  installKeystrokeProbe,
  panStart,
  startFrames,
  stopFrames,
  watchFirstGraph,
  type FirstGraph,
  type KeystrokeTimes,
} from './pageProbes.ts';
import { hostile } from './hostile.ts';
import { median, percentile, verdict } from './stats.ts';

// The build to measure: not dist/, so that a test run rebuilding dist/
// meanwhile cannot pull files away.
const DIST = resolve(process.argv[2] ?? 'node_modules/.cache/bench/dist');
// ONLY: `hostile` or `export` after the directory measures only the hostile
// inputs (bench/hostile.ts) or only the exports (bench/exportPicture.ts).
const ONLY = process.argv[3];
const FIRST_GRAPH_LOADS = 7;
const KEYSTROKE_WARMUP = 4;
const KEYSTROKES = 21;
const KEYSTROKE_GOAL_MS = 100;
const PAN_MS = 3000;
const PAN_FRAME_GOAL_MS = 1000 / 60;
// The page's elements with the largest cluster, drawn: bounded by the screen, not by the cluster.
const DOM_GOAL = 10_000;
// A frame interval this much longer than a 60 Hz frame means at least one frame was dropped.
const DROPPED_FRAME_MS = 1.5 * PAN_FRAME_GOAL_MS;

const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

function printBundle(): void {
  const sizes = bundleSizes(DIST);
  for (const line of formatBundle(sizes)) console.log(line);
  console.log(`goal: Monaco only in lazily loaded chunks: ${verdict(sizes.editor.length > 0 && !sizes.monacoAtStart)}`);
  console.log(`goal: one copy of each lazy chunk:         ${verdict(sizes.duplicates.length === 0)}`);
}

async function firstGraph(browser: Browser, url: string): Promise<void> {
  const times: number[] = [];
  let resources: string[] = [];
  for (let i = 0; i < FIRST_GRAPH_LOADS; i++) {
    // A new context each time: nothing cached, as on a first visit.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.addInitScript(watchFirstGraph);
    await page.goto(url);
    const r = await page.evaluate(() => (window as unknown as { __firstGraph: Promise<FirstGraph> }).__firstGraph);
    times.push(r.painted);
    resources = r.resources.map((u) => new URL(u).pathname);
    await context.close();
  }
  console.log('');
  console.log(
    `navigation → first drawn graph (default scenario, ${FIRST_GRAPH_LOADS} cold loads): median ${ms(median(times))}` +
      `  (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`,
  );
  console.log(`    fetched by then: ${resources.filter((p) => p.startsWith('/assets/')).join(', ') || '(none)'}`);
}

// Locates the Job tab's line with the `group`-th task group's Count, whose last digit the keystrokes change.
function countLine(jobText: string, group: number): number {
  const lines = jobText.split('\n');
  const hits = lines.flatMap((l, i) => (/^\s*"Count": \d+,?$/.test(l) ? [i] : []));
  const line = hits[group] ?? hits[0];
  if (line === undefined) throw new Error('bench: the generated job has no Count line');
  return line;
}

// openLarge pastes a generated scenario and waits until the graph has opened on it (fitted, for its name).
async function openLarge(
  page: Page,
  url: string,
  texts: { job: string; cluster: string },
  name: string,
): Promise<void> {
  await page.goto(url);
  await page.getByTestId('editor').and(page.locator('[data-state=ready]')).waitFor({ timeout: 60_000 });
  await setTab(page, 'cluster', texts.cluster);
  await setTab(page, 'job', texts.job);
  // The cluster runs the job as given: the Running tab holds it too, so the keystrokes below submit over it.
  await setTab(page, 'running', texts.job);
  await page.waitForFunction(
    (n) =>
      document.querySelector('[data-testid="cluster-graph"]')?.getAttribute('data-fitted') === n &&
      document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'ok',
    name,
    { timeout: 120_000 },
  );
  await page.waitForTimeout(1000);
}

// domSize reports how many elements the page holds and how many of the cluster's boxes are rendered.
async function domSize(page: Page, label: string, boxes: number, goal: number | null): Promise<void> {
  const size = await page.evaluate(() => ({
    elements: document.querySelectorAll('*').length,
    boxes: document.querySelectorAll('[data-testid="client-node"]').length,
    cards: document.querySelectorAll('[data-testid="alloc"]').length,
  }));
  console.log('');
  console.log(
    `page size (${label}): ${size.elements} elements; ${size.boxes} of ${boxes} boxes rendered, ${size.cards} allocation cards`,
  );
  if (goal !== null)
    console.log(`    goal: DOM bounded by the screen (≤ ${goal} elements): ${verdict(size.elements <= goal)}`);
}

async function keystrokes(page: Page, jobText: string, label: string, group: number): Promise<void> {
  const line = countLine(jobText, group);
  const digit = /(\d),?$/.exec(jobText.split('\n')[line]!)![1]!;
  const other = digit === '7' ? '6' : '7';
  // The caret goes to the end of the Count line, before its comma.
  await page.locator('[data-testid=editor] .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  if (jobText.split('\n')[line]!.endsWith(',')) await page.keyboard.press('ArrowLeft');
  await page.evaluate(installKeystrokeProbe, 5000);

  const samples: KeystrokeTimes[] = [];
  let missed = 0;
  for (let i = 0; i < KEYSTROKE_WARMUP + KEYSTROKES; i++) {
    await page.keyboard.press('Shift+ArrowLeft');
    await page.evaluate(() => (window as unknown as { __keystroke: () => void }).__keystroke());
    await page.keyboard.press(i % 2 === 0 ? other : digit);
    const t = await page.evaluate(() => (window as unknown as { __pending: Promise<KeystrokeTimes | null> }).__pending);
    if (t === null) missed++;
    else if (i >= KEYSTROKE_WARMUP) samples.push(t);
    await page.waitForTimeout(250);
  }
  const total = samples.map((t) => t.painted - t.keydown);
  const echo = samples.map((t) => t.echo - t.keydown);
  const updated = samples.map((t) => t.updated - t.keydown);
  const worker = await page.getByTestId('run-status').textContent();
  const med = median(total);
  console.log('');
  console.log(`keystroke → updated graph painted (${label}; ${samples.length} edits of a Count in the Job tab):`);
  console.log(
    `    median ${ms(med)}   p95 ${ms(percentile(total, 95))}   goal ≤ ${KEYSTROKE_GOAL_MS} ms: ${verdict(med <= KEYSTROKE_GOAL_MS)}`,
  );
  console.log(`    keystroke → graph DOM updated: median ${ms(median(updated))}`);
  console.log(
    `    keystroke → next frame (the typed digit shows): median ${ms(median(echo))}   p95 ${ms(percentile(echo, 95))}`,
  );
  console.log(`    last run in the worker (read + reconcile): ${(worker ?? '').replace(/^.*·\s*/, '').trim()}`);
  if (missed > 0) console.log(`    ${missed} keystroke(s) changed nothing on screen within 5 s`);
}

async function panning(page: Page, label: string): Promise<void> {
  const start = await page.evaluate(panStart);
  if (!start) throw new Error('bench: found no empty background to drag');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.evaluate(startFrames);
  const began = Date.now();
  let i = 0;
  // About a 125 Hz mouse, dragging in a circle so that the view stays over the graph.
  while (Date.now() - began < PAN_MS) {
    const a = (i++ / 60) * Math.PI;
    await page.mouse.move(start.x + 150 * Math.sin(a), start.y + 100 * (1 - Math.cos(a)));
    await page.waitForTimeout(8);
  }
  const intervals = await page.evaluate(stopFrames);
  await page.mouse.up();
  const med = median(intervals);
  const dropped = intervals.filter((d) => d > DROPPED_FRAME_MS).length;
  console.log('');
  console.log(`panning the graph (${label}, ${(PAN_MS / 1000).toFixed(0)} s drag, ${intervals.length} frames):`);
  console.log(
    `    frame time median ${ms(med)}   p95 ${ms(percentile(intervals, 95))}   max ${ms(Math.max(...intervals))}` +
      `   over ${DROPPED_FRAME_MS.toFixed(0)} ms: ${dropped}`,
  );
  console.log(
    `    goal: no dropped frames (p95 ≤ ${DROPPED_FRAME_MS.toFixed(0)} ms): ${verdict(percentile(intervals, 95) <= DROPPED_FRAME_MS)}`,
  );
}

const HCL_FIRST_USES = 7;
const HCL_WARM_RUNS = 21;

/**
 * hclReader times the HCL reader in Chromium: on first use (a new context,
 * nothing cached: fetching and compiling the one built reader file, then
 * the first, cold read of a large jobspec) and warm.
 */
async function hclReader(browser: Browser, url: string): Promise<void> {
  const file = readdirSync(join(DIST, 'assets')).find((f) => /^readerEntry-.*\.js$/.test(f));
  if (!file) throw new Error('bench: the build has no HCL reader file (assets/readerEntry-*.js)');
  const text = generateJobSpec();
  const first: number[] = [];
  let warm: number[] = [];
  for (let i = 0; i < HCL_FIRST_USES; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    // A blank page of the app's origin, so that the reader file loads as the app would load it.
    await page.route('**/__hcl-bench', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>hcl bench</title>' }),
    );
    await page.goto(new URL('__hcl-bench', url).href);
    const r = await page.evaluate(
      async ({ src, text, runs }) => {
        type Reader = { parseAndDecode(t: string, v: Record<string, unknown>): { job: unknown } };
        const start = performance.now();
        await import(src);
        const reader = (globalThis as unknown as Record<symbol, Reader>)[
          Symbol.for('nomad-reconciler-playground.hcl-reader')
        ];
        if (!reader || !reader.parseAndDecode(text, {}).job) throw new Error('the HCL reader did not read the jobspec');
        const firstUse = performance.now() - start;
        const warm: number[] = [];
        for (let n = 0; n < runs; n++) {
          const t0 = performance.now();
          reader.parseAndDecode(text, {});
          warm.push(performance.now() - t0);
        }
        return { firstUse, warm };
      },
      { src: `/assets/${file}`, text, runs: i === 0 ? HCL_WARM_RUNS : 0 },
    );
    first.push(r.firstUse);
    if (i === 0) warm = r.warm.slice(5);
    await context.close();
  }
  const f = median(first);
  const w = median(warm);
  console.log('');
  console.log(
    `HCL jobspec, ${text.split('\n').length} lines, in Chromium: first use, loading included ${ms(f)}; warm ${ms(w)}`,
  );
  console.log(
    `goal: first use <= ${HCL_FIRST_USE_GOAL_MS} ms (${HCL_BENCH_LINES} lines, loading included): ${verdict(f <= HCL_FIRST_USE_GOAL_MS)}`,
  );
  console.log(`goal: warm <= ${HCL_WARM_GOAL_MS} ms: ${verdict(w <= HCL_WARM_GOAL_MS)}`);
}

// large measures one generated cluster: its page size, keystrokes and panning.
// `group` is the task group whose Count the keystrokes edit: one whose edit
// changes what the graph shows (in the 5,000-allocation scenario the second
// group's deployment holds placements back, so its Count changes nothing).
async function large(
  browser: Browser,
  url: string,
  allocs: number,
  nodes: number,
  group: number,
  domGoal: number | null,
): Promise<void> {
  const doc = generateScenario({ allocs, nodes });
  const texts = splitScenario(doc);
  const label = `${allocs.toLocaleString('en')} allocations, ${nodes} nodes`;
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await openLarge(page, url, texts, String(doc.Name));
  await domSize(page, label, (doc.Nodes as unknown[]).length, domGoal);
  await keystrokes(page, texts.job, label, group);
  await panning(page, label);
  await context.close();
}

async function main(): Promise<void> {
  console.log('');
  console.log(`browser figures (load average ${load()})`);
  if (ONLY === undefined) printBundle();

  const server = await preview({
    configFile: false,
    logLevel: 'warn',
    build: { outDir: DIST },
    preview: { host: '127.0.0.1', port: 4189, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('bench: vite preview has no URL');
  const browser = await chromium.launch({ headless: true, ...CHROMIUM_LAUNCH_OPTIONS });
  try {
    console.log(`Chromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, served by vite preview`);
    if (ONLY === undefined) await firstGraph(browser, url);
    if (ONLY === undefined || ONLY === 'export') await exportTimes(browser, url);
    if (ONLY === undefined) {
      await hclReader(browser, url);
      await large(browser, url, 1000, 100, 1, null);
      await large(browser, url, 5000, 500, 2, DOM_GOAL);
    }
    if (ONLY === undefined || ONLY === 'hostile') await hostile(browser, url);
  } finally {
    await browser.close();
    await server.close();
  }
  console.log('');
  console.log(`load average at the end: ${load()}`);
}

await main();
