// The theme actually shown: the person's choice, or the system's when they
// chose 'system'.

import { useSyncExternalStore } from 'react';
import { useThemePreference } from '../storeContext.tsx';

/** ResolvedTheme is the theme drawn. */
export type ResolvedTheme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const systemDark = () => window.matchMedia(QUERY).matches;

/** useResolvedTheme follows the person's choice and, for 'system', prefers-color-scheme. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useThemePreference();
  const dark = useSyncExternalStore(subscribe, systemDark, () => false);
  if (preference === 'system') return dark ? 'dark' : 'light';
  return preference;
}
