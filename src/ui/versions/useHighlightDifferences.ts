// The graph marks the allocations the two versions treat differently while
// Compare versions is on, through the store's highlight (the explanation's
// hover lights others for a moment, then gives the mark back).

import { useEffect, useRef } from 'react';
import { useStoreApi, useVersionsMark } from '../storeContext.tsx';

const UNMARKED: ReadonlySet<string> = new Set();

/** useHighlightDifferences keeps the highlight on the differing allocations; call it once, from a view that is always drawn. */
export function useHighlightDifferences(): void {
  const store = useStoreApi();
  const mark = useVersionsMark();
  const shown = useRef<ReadonlySet<string>>(UNMARKED);
  useEffect(() => {
    const { highlight, setHighlight } = store.getState();
    const before = shown.current;
    shown.current = mark;
    // Unmarking clears only a highlight the mark made: a frame comparison's stays.
    if (mark.size === 0 && (before.size === 0 || highlight !== before)) return;
    setHighlight(mark);
  }, [mark, store]);
}
