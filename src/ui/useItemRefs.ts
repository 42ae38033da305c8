// The elements of a list's items by key (a tab, a chip), so that a view can
// focus or scroll to one without looking it up in the document by its id.

import { useMemo, useRef } from 'react';

/** ItemRefs hands each item of a list a ref by its key, and finds an item's element by its key while it is mounted. */
export interface ItemRefs<K> {
  ref(key: K): (element: HTMLElement | null) => void;
  get(key: K): HTMLElement | undefined;
}

/** useItemRefs keeps the elements of one list's items, by key. */
export function useItemRefs<K>(): ItemRefs<K> {
  const elements = useRef(new Map<K, HTMLElement>());
  return useMemo(
    () => ({
      ref: (key: K) => (element: HTMLElement | null) => {
        if (element) elements.current.set(key, element);
        else elements.current.delete(key);
      },
      get: (key: K) => elements.current.get(key),
    }),
    [],
  );
}
