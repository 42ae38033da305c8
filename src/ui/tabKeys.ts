// The arrow keys of a tablist, shared by the page's, the editor's and the
// result's tabs.

import type { KeyboardEvent } from 'react';

/**
 * tabKeys makes a tablist's keydown handler: Left and Right choose the
 * previous or next of `ids` (wrapping round) and move the focus to its tab,
 * whose element id `tabID` gives; other keys pass.
 */
export function tabKeys<T>(ids: readonly T[], current: T, choose: (id: T) => void, tabID: (id: T) => string) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const i = ids.indexOf(current);
    const next = ids[(i + (e.key === 'ArrowRight' ? 1 : ids.length - 1)) % ids.length];
    if (next === undefined) return;
    choose(next);
    document.getElementById(tabID(next))?.focus();
    e.preventDefault();
  };
}
