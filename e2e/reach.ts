// Whether a person can reach the page's controls: each one, scrolled into
// view within its own pane, is inside the window and is the element at its
// own centre (nothing covers it). Shared by the specs that check the chrome
// at several window sizes.

import type { Locator, Page } from '@playwright/test';

/**
 * unreachable names the located controls that are hidden under another
 * element, or outside the window even once their pane is scrolled to them.
 * A card of the graph is checked where it is drawn, without scrolling: one
 * outside the graph's pane is reached by panning (or by the focus, which
 * the graph follows), and scrolling React Flow's pane would move the view.
 */
export async function unreachable(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((els) => {
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const inside = (p: { x: number; y: number }, r: DOMRect) =>
      p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
    const name = (el: Element) =>
      el.getAttribute('aria-label') || el.getAttribute('data-testid') || el.textContent?.trim() || el.tagName;
    const blocked: string[] = [];
    for (const el of els) {
      if (el.getClientRects().length === 0) continue;
      const flow = el.closest('.react-flow__viewport')?.closest('.react-flow')?.getBoundingClientRect();
      if (flow) {
        if (!inside(centre(el), flow)) continue;
      } else {
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
      const p = centre(el);
      const hit = document.elementFromPoint(p.x, p.y);
      const inWindow = p.x >= 0 && p.y >= 0 && p.x <= window.innerWidth && p.y <= window.innerHeight;
      if (!inWindow || !hit || !(hit === el || el.contains(hit))) blocked.push(name(el));
    }
    return blocked;
  });
}

/**
 * unreachableInMenus opens the Examples menu and, where the share controls
 * are folded into it, the Share menu, and names their items that cannot be
 * reached; each menu is closed again with Escape.
 */
export async function unreachableInMenus(page: Page): Promise<string[]> {
  await page.getByTestId('examples-button').click();
  const blocked = await unreachable(page.getByRole('menuitem'));
  await page.keyboard.press('Escape');
  const share = page.getByTestId('share-overflow');
  if (await share.isVisible()) {
    await share.click();
    blocked.push(...(await unreachable(page.locator('#share-overflow button'))));
    await page.keyboard.press('Escape');
  }
  return blocked;
}

/**
 * underLegend names what the open legend covers: every card, node box and
 * control of the page whose box meets the legend's (the column, or the tab
 * in the strip of tools), but the legend's own buttons. What the graph
 * draws counts where it shows, inside the graph's pane.
 */
export function underLegend(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const legend = document.querySelector('[data-testid=graph-legend], [data-testid=legend-tab]');
    if (!legend) throw new Error('the legend is not open');
    const at = legend.getBoundingClientRect();
    const pane = document.querySelector('[data-testid=cluster-graph] .react-flow')!.getBoundingClientRect();
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (!el.closest('.react-flow')) return r;
      const left = Math.max(r.left, pane.left);
      const top = Math.max(r.top, pane.top);
      return new DOMRect(left, top, Math.min(r.right, pane.right) - left, Math.min(r.bottom, pane.bottom) - top);
    };
    const meets = (r: DOMRect) =>
      r.width > 0 && r.height > 0 && r.left < at.right && at.left < r.right && r.top < at.bottom && at.top < r.bottom;
    const marks = document.querySelectorAll(
      '.cg-card, .cg-ghost, .react-flow__node, button, input, select, textarea, [role=tab], a[href], .react-flow__controls, .react-flow__minimap',
    );
    return [...marks]
      .filter((el) => !legend.contains(el) && !el.contains(legend) && meets(shown(el)))
      .map((el) => el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className);
  });
}
