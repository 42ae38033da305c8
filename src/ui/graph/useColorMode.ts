// Which theme is in force: the shell's data-theme on <html> when it sets one,
// otherwise the system's preference. React Flow's own colours follow it.

import { useSyncExternalStore } from 'react';

/** ColorMode is the theme the graph is drawn in. */
export type ColorMode = 'light' | 'dark';

function current(): ColorMode {
  if (typeof document === 'undefined') return 'light';
  const forced = document.documentElement.getAttribute('data-theme');
  if (forced === 'light' || forced === 'dark') return forced;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', onChange);
  };
}

/** useColorMode returns the theme in force and re-renders when it changes. */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
