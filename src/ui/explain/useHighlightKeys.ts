// Hovering or focusing a part of the explanation (a step, a set, a
// decision) lights the allocations it concerns in the graph. Each part sets
// the store's highlight itself, so nothing is passed down to it.

import { useCallback } from 'react';
import { useActions } from '../storeContext.tsx';

const NONE: ReadonlySet<string> = new Set();

/** useHighlightKeys is what a part calls with the allocation IDs (and placement names) it concerns, and with null when left. */
export function useHighlightKeys(): (keys: ReadonlySet<string> | null) => void {
  const { setHighlight } = useActions();
  return useCallback((keys: ReadonlySet<string> | null) => setHighlight(keys ?? NONE), [setHighlight]);
}
