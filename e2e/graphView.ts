// Measuring the graph as drawn: the zoom, the smallest card text on screen
// (its font size times the zoom), and loading an example from the menu.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** TextMeasure is what the first view shows: the zoom, the smallest card text in px, and how many cards are in view. */
export interface TextMeasure {
  zoom: number;
  minPx: number;
  cardsInView: number;
}

/** measureCardText reads the zoom and the smallest rendered font size of the card text inside the graph's pane. */
export function measureCardText(page: Page): Promise<TextMeasure> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.react-flow__viewport');
    const pane = document.querySelector('[data-testid=cluster-graph] .react-flow')?.getBoundingClientRect();
    if (!viewport || !pane) throw new Error('no graph');
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    let min = Infinity;
    let cards = 0;
    const inView = (r: DOMRect) =>
      r.width > 0 && r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
    for (const card of document.querySelectorAll('.cg-card, .cg-ghost')) {
      if (!inView(card.getBoundingClientRect())) continue;
      cards++;
      for (const el of [card, ...card.querySelectorAll('*')]) {
        const hasText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if (hasText) min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
      }
    }
    return { zoom, minPx: min * zoom, cardsInView: cards };
  });
}

/** loadExample chooses an example from the menu (confirming when asked) and waits for its result. */
export async function loadExample(page: Page, id: string): Promise<void> {
  // The notice that a draft was set aside would cover the menu's last items and the graph's bottom.
  await dismissNotice(page);
  await page.getByTestId('examples-button').click();
  await page.locator(`[role=menuitem][data-example-id="${id}"]`).click();
  const confirm = page.getByTestId('examples-confirm-load');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
  const name = (JSON.parse(readFileSync(`src/examples/${id}.json`, 'utf8')) as { Name: string }).Name;
  await expect(page.getByTestId('cluster-graph')).toHaveAttribute('data-fitted', name);
  await dismissNotice(page);
}

/** dismissNotice closes the share banner when it shows. */
export async function dismissNotice(page: Page): Promise<void> {
  const dismiss = page.getByTestId('share-banner-dismiss');
  if (await dismiss.isVisible().catch(() => false)) await dismiss.click();
}

/** StoryMeasure is what a picture shows of its story: changed cards out of view, their smallest text, controls hidden. */
export interface StoryMeasure {
  zoom: number;
  /** changed counts the cards that change: decisions other than "no change", and the lane's cards. */
  changed: number;
  /**
   * outside names the changed cards, and the boxes of the nodes where something changes (a changed
   * card, or the node down, draining, initializing or gone), not wholly inside the pane or under a
   * control drawn over it.
   */
  outside: string[];
  /** minPx is the smallest text on a changed card, font size times zoom. */
  minPx: number;
  /** controlsHidden names the controls over the graph that are off screen or covered by another. */
  controlsHidden: string[];
}

/** measureStory measures the story in view: every changed card inside the graph's pane and clear of its controls. */
export function measureStory(page: Page): Promise<StoryMeasure> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid=cluster-graph] .react-flow');
    const viewport = document.querySelector('.react-flow__viewport');
    if (!root || !viewport) throw new Error('no graph');
    const pane = root.getBoundingClientRect();
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    const controls = [
      ...root.querySelectorAll('.react-flow__controls, .react-flow__minimap, .cg-tools, [data-testid=graph-legend]'),
    ];
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const changed = [
      ...root.querySelectorAll(
        '[data-testid=alloc]:not([data-action=ignore]), [data-testid=placement], [data-testid=replacement], [data-testid=delayed-replacement], [data-testid=placement-more]',
      ),
    ];
    const boxes = [...root.querySelectorAll('[data-testid=client-node]')].filter(
      (box) =>
        changed.some((card) => box.contains(card)) ||
        box.matches('[data-draining=true], [data-condition=down], [data-condition=initializing], [data-gc=true]'),
    );
    // hidden says why an element is not wholly in view ('' out of the pane, or under which control), or null.
    const hidden = (el: Element): string | null => {
      const r = el.getBoundingClientRect();
      const covered = controls.find((c) => overlaps(c.getBoundingClientRect(), r));
      if (covered) return ` under ${covered.className.split(' ')[0]}`;
      const inside =
        r.left >= pane.left - 0.5 &&
        r.right <= pane.right + 0.5 &&
        r.top >= pane.top - 0.5 &&
        r.bottom <= pane.bottom + 0.5;
      return inside ? null : '';
    };
    const outside: string[] = [];
    for (const box of boxes) {
      const why = hidden(box);
      if (why !== null) outside.push(`box ${box.getAttribute('data-node-id')}${why}`);
    }
    let min = Infinity;
    for (const card of changed) {
      const name = card.getAttribute('data-alloc-id') ?? card.textContent?.slice(0, 20) ?? '?';
      const why = hidden(card);
      if (why !== null) outside.push(`${name}${why}`);
      for (const el of [card, ...card.querySelectorAll('*')]) {
        const hasText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if (hasText) min = Math.min(min, parseFloat(getComputedStyle(el).fontSize) * zoom);
      }
    }
    const controlsHidden: string[] = [];
    for (const c of controls) {
      const r = c.getBoundingClientRect();
      const onScreen = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
      const others = controls.filter((o) => o !== c && !o.contains(c) && !c.contains(o));
      const under = others.find((o) => overlaps(o.getBoundingClientRect(), r));
      if (!onScreen || under)
        controlsHidden.push(`${c.className.split(' ')[0]}${under ? ` under ${under.className.split(' ')[0]}` : ''}`);
    }
    return { zoom: Math.round(zoom * 1000) / 1000, changed: changed.length, outside, minPx: min, controlsHidden };
  });
}
