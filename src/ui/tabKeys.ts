// The arrow keys of a tablist, shared by the page's, the editor's and the
// result's tabs.

import type { KeyboardEvent } from 'react';
import type { ItemRefs } from './useItemRefs.ts';

/**
 * tabKeys makes a tablist's keydown handler: Left and Right choose the
 * previous or next of `ids` (wrapping round) and move the focus to its tab
 * (`tabs`, the tab elements by id); other keys pass.
 */
export function tabKeys<T>(ids: readonly T[], current: T, choose: (id: T) => void, tabs: ItemRefs<T>) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const i = ids.indexOf(current);
    const next = ids[(i + (e.key === 'ArrowRight' ? 1 : ids.length - 1)) % ids.length];
    if (next === undefined) return;
    choose(next);
    tabs.get(next)?.focus();
    e.preventDefault();
  };
}
