// While the pointer is over a canary (or it has the focus), the cards it
// replaces once the deployment is promoted are marked with an attribute the
// CSS draws; React does not own it, and no render is needed.

import type { FocusEvent, MouseEvent } from 'react';

/**
 * showPromotionTargets handles mouse over/out and focus/blur on the graph's
 * root (the element the handler is set on): it clears the marks under it,
 * then marks the cards that the canary under the pointer (or focused)
 * replaces. A module-level function, so the handler never changes.
 */
export function showPromotionTargets(e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>): void {
  const root = e.currentTarget;
  for (const el of root.querySelectorAll('[data-promotion-target]')) el.removeAttribute('data-promotion-target');
  if (e.type !== 'mouseover' && e.type !== 'focus') return;
  const canary = (e.target as Element).closest?.('[data-replaces]');
  for (const id of canary?.getAttribute('data-replaces')?.split(' ') ?? []) {
    root
      .querySelector(`[data-testid="alloc"][data-alloc-id="${CSS.escape(id)}"]`)
      ?.setAttribute('data-promotion-target', 'true');
  }
}
