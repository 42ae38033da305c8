// The picture exported for docs and slides: plain SVG named from the
// scenario, whose cards sit where the page draws them in the page's colours
// as librsvg (a renderer that is no browser) draws them; a PNG at 2× or 3×;
// a busy state while it is made; and a rollout's frames, one by one or the
// whole film as a zip.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodePng, pixelHex } from '../test/picture/png.ts';
import { loadExample } from './graphView.ts';
import { openApp } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

// exported clicks an export button (with Shift, for a 3× PNG) and returns the file's name and bytes.
async function exported(page: Page, id: string, shift = false): Promise<{ name: string; data: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(id).click({ modifiers: shift ? ['Shift'] : [] }),
  ]);
  return { name: file.suggestedFilename(), data: readFileSync(await file.path()) };
}

// pngSize reads a PNG's width and height from its header.
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

// Card is a card's centre, its scale (drawn width over the layout's 120 px) and its decision's colour.
interface Card {
  id: string;
  x: number;
  y: number;
  scale: number;
  color: string;
}

// hex writes a computed rgb() colour as #rrggbb.
const hex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;

// cardsOf reads the cards of the page's graph and of the exported SVG, placed in the page to be measured.
async function cardsOf(page: Page, svg: string): Promise<{ page: Card[]; picture: Card[] }> {
  const found = await page.evaluate((text) => {
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2, scale: r.width / 120 });
    const onPage = [...document.querySelectorAll<HTMLElement>('[data-testid=cluster-graph] [data-testid=alloc]')].map(
      (el) => ({
        id: el.dataset.allocId!,
        ...centre(el.getBoundingClientRect()),
        color: getComputedStyle(el).borderLeftColor,
      }),
    );
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const host = document.body.appendChild(document.importNode(doc.documentElement, true));
    // The picture is drawn at 1 CSS px per layout px.
    const inPicture = [...host.querySelectorAll('[data-testid=alloc]')].map((g) => ({
      id: g.getAttribute('data-alloc-id')!,
      ...centre(g.querySelector('rect')!.getBoundingClientRect()),
      scale: 1,
      color: '',
    }));
    host.remove();
    return { page: onPage, picture: inPicture };
  }, svg);
  return { page: found.page.map((c) => ({ ...c, color: hex(c.color) })), picture: found.picture };
}

// cardWords reads what each card and ghost card says, on the page and in the SVG (spaces aside: the picture breaks its lines itself).
async function cardWords(page: Page, svg: string): Promise<Record<'page' | 'picture', Record<string, string>>> {
  return page.evaluate((t) => {
    const squeeze = (s: string | null) => (s ?? '').replace(/\s+/g, '');
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const cards =
      '[data-testid=alloc], [data-testid=placement], [data-testid=replacement], [data-testid=delayed-replacement]';
    const read = (root: ParentNode, text: (e: Element) => string) =>
      Object.fromEntries(
        [...root.querySelectorAll(cards)].map((e) => [
          `${e.getAttribute('data-testid')} ${e.getAttribute('data-alloc-id') ?? e.getAttribute('data-name')}`,
          text(e),
        ]),
      );
    return {
      page: read(document.querySelector('[data-testid=cluster-graph]')!, (e) => squeeze((e as HTMLElement).innerText)),
      picture: read(doc, (e) => squeeze(e.textContent)),
    };
  }, svg);
}

// foldsOf reads what the fold leaves, on the page and in the SVG: each box's count of unchanged allocations, and the summary's words.
async function foldsOf(page: Page, svg: string): Promise<Record<'page' | 'picture', string[]>> {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const read = (root: ParentNode) => [
      ...[...root.querySelectorAll('[data-testid=client-node]')]
        .filter((box) => box.querySelector('[data-testid=fold-line]') !== null)
        .map((box) => `${box.getAttribute('data-node-id')} ${/\+\d+/.exec(box.textContent ?? '')![0]}`),
      ...[...root.querySelectorAll('[data-testid=fold-summary]')].map(
        (s) => /^[^:]*: no change/.exec(s.textContent)![0],
      ),
    ];
    return { page: read(document.querySelector('[data-testid=cluster-graph]')!), picture: read(doc) };
  }, svg);
}

test('the default scenario exports as plain SVG and a 2× or 3× PNG, its cards placed and coloured as on the page', async ({
  page,
}) => {
  await openApp(page);
  // The busy state is watched from before the click: the export may be over before a test could look.
  await page.evaluate(() => {
    const seen = document.documentElement;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=export-status][data-busy=true]')) seen.dataset.sawExportBusy = 'true';
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  const svg = await exported(page, 'export-svg');
  expect(svg.name).toBe('canary-rollout-on-a-troubled-cluster.svg');
  await expect(page.locator('html')).toHaveAttribute('data-saw-export-busy', 'true');
  await expect(page.getByTestId('export-status')).toHaveCount(0);
  const text = svg.data.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text).not.toMatch(/foreignObject|<style|href=/);
  expect(text).toContain('Evaluation eval-7 · 2026-01-01 00:10:00 UTC');
  const width = Number(/width="(\d+)"/.exec(text)![1]);
  const height = Number(/height="(\d+)"/.exec(text)![1]);

  // The same cards as the page, at the same places relative to the first, at the page's zoom.
  const cards = await cardsOf(page, text);
  expect(cards.picture.map((c) => c.id).sort()).toEqual(cards.page.map((c) => c.id).sort());
  expect(cards.page.length).toBeGreaterThan(5);
  const [p0, s0] = [cards.page[0]!, cards.picture.find((c) => c.id === cards.page[0]!.id)!];
  for (const c of cards.page) {
    const s = cards.picture.find((x) => x.id === c.id)!;
    expect(Math.abs((c.x - p0.x) / c.scale - (s.x - s0.x) / s.scale), c.id).toBeLessThan(1.5);
    expect(Math.abs((c.y - p0.y) / c.scale - (s.y - s0.y) / s.scale), c.id).toBeLessThan(1.5);
  }

  // Each card and ghost card says in the picture what it says on the page.
  const words = await cardWords(page, text);
  expect(words.picture).toEqual(words.page);
  expect(Object.keys(words.page).length).toBeGreaterThan(8);

  // Folded as the page: the same boxes count the same unchanged allocations (one unfolded by hand: see the end).
  const folds = await foldsOf(page, text);
  expect(folds.picture).toEqual(folds.page);
  expect(folds.page.length).toBeGreaterThan(0);

  // The deployment's panels, as drawn above the graph: the same groups in the same statuses.
  const panels = (root: string) => `${root} [data-testid=deployment]`;
  const onPage = await page
    .locator(panels('[data-testid=cluster-graph]'))
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-group')}: ${e.getAttribute('data-status')}`));
  const inPicture = [...text.matchAll(/data-testid="deployment" data-group="([^"]+)" data-status="([^"]+)"/g)].map(
    (m) => `${m[1]}: ${m[2]}`,
  );
  expect(inPicture).toEqual(onPage);
  expect(onPage.length).toBeGreaterThan(0);

  // librsvg draws the file at its size, and each card's stripe in the colour the page gives it.
  const dir = mkdtempSync(join(tmpdir(), 'export-'));
  writeFileSync(join(dir, 'picture.svg'), svg.data);
  const rsvg = spawnSync('rsvg-convert', [join(dir, 'picture.svg'), '-o', join(dir, 'picture.png')]);
  expect(rsvg.status, rsvg.stderr.toString()).toBe(0);
  const drawn = decodePng(readFileSync(join(dir, 'picture.png')));
  expect([drawn.width, drawn.height]).toEqual([width, height]);
  const svgOrigin = await page.evaluate((t) => {
    const host = document.body.appendChild(
      document.importNode(new DOMParser().parseFromString(t, 'image/svg+xml').documentElement, true),
    );
    const r = host.getBoundingClientRect();
    host.remove();
    return { x: r.left, y: r.top };
  }, text);
  for (const c of cards.page) {
    const s = cards.picture.find((x) => x.id === c.id)!;
    // The stripe is the card's leftmost 5 px: 2 px in from the card's left edge.
    expect(pixelHex(drawn, s.x - svgOrigin.x - 60 + 2, s.y - svgOrigin.y), c.id).toBe(c.color);
  }

  const png = await exported(page, 'export-png');
  expect(png.name).toBe('canary-rollout-on-a-troubled-cluster.png');
  expect(pngSize(png.data)).toEqual([2 * width, 2 * height]);
  expect(pngSize((await exported(page, 'export-png', true)).data)).toEqual([3 * width, 3 * height]);

  // Dark as shown: the theme's background.
  await page.getByTestId('theme-toggle').click();
  const theme = await page.locator('html').getAttribute('data-theme');
  const background = (await exported(page, 'export-svg')).data
    .toString('utf8')
    .match(new RegExp(`<rect width="${width}" height="\\d+" fill="(#\\w+)"`))![1];
  expect(background).toBe(theme === 'dark' ? '#14171c' : '#f7f8fa');

  // A box unfolded by hand is drawn unfolded: its cards, and no line counting them.
  await page.getByTestId('fold-line').first().click();
  await expect(page.getByTestId('fold-line')).toHaveCount(folds.page.length - 1);
  const unfolded = (await exported(page, 'export-svg')).data.toString('utf8');
  expect((await foldsOf(page, unfolded)).picture).toEqual(folds.page.slice(1));
  const unfoldedCards = await cardsOf(page, unfolded);
  expect(unfoldedCards.picture.map((c) => c.id).sort()).toEqual(unfoldedCards.page.map((c) => c.id).sort());
  expect(unfoldedCards.page.length).toBeGreaterThan(cards.page.length);
});

test('a rollout exports the frame shown by its evaluation, and the whole film as numbered SVGs in a zip', async ({
  page,
}) => {
  await openApp(page);
  await loadExample(page, 'rollout-canary');
  const steps = page.getByTestId('rollout-step');
  await expect(steps.first()).toBeVisible();
  await steps.nth(2).click();
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  const count = await steps.count();

  const frame = await exported(page, 'export-svg');
  expect(frame.name).toBe('rollout-canaries-promotion-success-eval3.svg');
  expect(frame.data.toString('utf8')).toContain(`Evaluation 3 of ${count} · `);
  // Stopped cards' reasons wrap on two lines in the picture as on the page.
  const words = await cardWords(page, frame.data.toString('utf8'));
  expect(words.picture).toEqual(words.page);
  expect(Object.values(words.page).filter((w) => w.includes('✕'))).not.toHaveLength(0);
  const folds = await foldsOf(page, frame.data.toString('utf8'));
  expect(folds.picture).toEqual(folds.page);
  expect(folds.page.length).toBeGreaterThan(0);

  // Something unfolded by hand before the film is exported: the film's frames are unfolded so too.
  await page.locator('[data-testid=fold-line], [data-testid=fold-summary]').first().click();
  const unfolded = (await foldsOf(page, '<svg xmlns="http://www.w3.org/2000/svg"/>')).page;
  expect(unfolded).not.toEqual(folds.page);

  const film = await exported(page, 'export-film');
  expect(film.name).toBe('rollout-canaries-promotion-success-film.zip');
  const dir = mkdtempSync(join(tmpdir(), 'film-'));
  writeFileSync(join(dir, 'film.zip'), film.data);
  expect(spawnSync('unzip', ['-tq', join(dir, 'film.zip')]).status).toBe(0);
  const names = spawnSync('unzip', ['-Z1', join(dir, 'film.zip')])
    .stdout.toString()
    .trim()
    .split('\n');
  expect(names).toHaveLength(count + 1);
  expect(names[2]).toMatch(/^0?3-rollout-canaries-promotion-success-eval3\.svg$/);
  expect(names.at(-1)).toMatch(/-end\.svg$/);
  const third = spawnSync('unzip', ['-p', join(dir, 'film.zip'), names[2]!]).stdout.toString('utf8');
  expect(third).toContain(`Evaluation 3 of ${count} · `);
  expect(third).not.toContain('foreignObject');
  // The film folds the frame as the page does.
  expect((await foldsOf(page, third)).picture).toEqual(unfolded);
});
