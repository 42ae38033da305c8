// Hovering or focusing a part of the explanation (a step, a set, a
// decision) lights the allocations it concerns in the graph. Each part sets
// the store's highlight itself, so nothing is passed down to it. Leaving it
// gives the graph back its resting mark: the allocations Compare versions
// marks, or none.

import { useCallback } from 'react';
import { selectVersionsMark } from '../../store/selectors.ts';
import { useStoreApi } from '../storeContext.tsx';

/** useHighlightKeys is what a part calls with the allocation IDs (and placement names) it concerns, and with null when left. */
export function useHighlightKeys(): (keys: ReadonlySet<string> | null) => void {
  const store = useStoreApi();
  return useCallback(
    (keys: ReadonlySet<string> | null) => {
      const s = store.getState();
      s.setHighlight(keys ?? selectVersionsMark(s));
    },
    [store],
  );
}
