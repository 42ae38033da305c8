// The theme actually shown: the person's choice, or the system's when they
// chose 'system'.

import { useThemePreference } from '../storeContext.tsx';
import { useMediaQuery } from '../useMediaQuery.ts';

/** ResolvedTheme is the theme drawn. */
export type ResolvedTheme = 'light' | 'dark';

/** useResolvedTheme follows the person's choice and, for 'system', prefers-color-scheme. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useThemePreference();
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  if (preference === 'system') return dark ? 'dark' : 'light';
  return preference;
}
