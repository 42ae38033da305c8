// The allocations the explanation points at, read by each box straight from
// the app's store: a box subscribes to its own share of the highlight, so a
// hover in the explanation re-renders only the boxes whose cards change (not
// the graph, and not through a copy of the highlight in a store of its own).

import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { selectHighlight } from '../../store/selectors.ts';
import type { AppState } from '../../store/state.ts';
import { useStoreApi } from '../storeContext.tsx';

const EMPTY: ReadonlySet<string> = new Set();

/**
 * useHighlighted returns the keys among `keys` that are highlighted. The set
 * is compared shallowly with the one before, so that a component re-renders
 * only when its own share of the highlight changes.
 */
export function useHighlighted(keys: readonly string[]): ReadonlySet<string> {
  return useStore(
    useStoreApi(),
    useShallow((s: AppState): ReadonlySet<string> => {
      const set = selectHighlight(s);
      if (set.size === 0) return EMPTY;
      return new Set(keys.filter((k) => set.has(k)));
    }),
  );
}
