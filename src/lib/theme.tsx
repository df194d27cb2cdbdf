// Light, dark, or the system's choice; applied as `data-theme` on <html> so CSS tokens follow.
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readPreference, writePreference } from './preferences.ts';

export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

const ThemeContext = createContext<{ theme: Theme; setTheme: (theme: Theme) => void }>({
  theme: 'system',
  setTheme: () => {},
});

function savedTheme(): Theme {
  const saved = readPreference('theme');
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(savedTheme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.dataset.theme = theme;
  }, [theme]);
  const value = useMemo(
    () => ({
      theme,
      setTheme: (next: Theme) => {
        writePreference('theme', next);
        setThemeState(next);
      },
    }),
    [theme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme() {
  return use(ThemeContext);
}
