// The graph's cards by key (an allocation's ID, or a ghost card's key), so
// that a view outside the graph (the details panel giving the focus back)
// can reach a card's element without looking it up in the document.

import { createContext, useContext } from 'react';
import type { ItemRefs } from './useItemRefs.ts';

// NO_CARDS is the registry outside the app (the embedded view, a lone graph): it keeps nothing.
const NO_CARDS: ItemRefs<string> = { ref: () => () => {}, get: () => undefined };

/** CardRefsContext holds the app's registry of the graph's cards. */
export const CardRefsContext = createContext<ItemRefs<string>>(NO_CARDS);

/** useCardRefs is the registry of the graph's cards: each card registers itself, a view finds one by key. */
export function useCardRefs(): ItemRefs<string> {
  return useContext(CardRefsContext);
}
