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
