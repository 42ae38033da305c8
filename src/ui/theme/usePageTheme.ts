// The page's theme: the resolved theme written on <html>, where the styles
// and the graph's colours read it.

import { useEffect } from 'react';
import { useResolvedTheme } from './useResolvedTheme.ts';

/** usePageTheme sets <html>'s data-theme and color-scheme to the theme in force, following changes. */
export function usePageTheme(): void {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
}
