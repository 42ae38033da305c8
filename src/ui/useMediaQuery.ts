// A CSS media query as a value that follows the page: the header's narrow
// layout and the system's colour scheme read it.

import { useCallback, useSyncExternalStore } from 'react';

/** useMediaQuery tells whether `query` matches now, re-rendering when that changes (false when rendered without a window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
