// A button that cycles the theme: system, light, dark.

import { useActions, useThemePreference } from '../storeContext.tsx';
import type { ThemePreference } from '../../store/state.ts';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemePreference, string> = { system: '◐ System', light: '☀ Light', dark: '☾ Dark' };

/** ThemeToggle shows the theme choice and moves to the next one when pressed. */
export function ThemeToggle() {
  const theme = useThemePreference();
  const { setTheme } = useActions();
  return (
    <button
      type="button"
      className="button"
      data-testid="theme-toggle"
      title={`Theme: ${theme} (press for ${NEXT[theme]})`}
      aria-label={`Theme: ${theme}. Press to switch to ${NEXT[theme]}.`}
      onClick={() => setTheme(NEXT[theme])}
    >
      {LABEL[theme]}
    </button>
  );
}
