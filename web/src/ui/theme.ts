import { useEffect, useState } from 'preact/hooks';

/** The two themes. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'adk-dev-ui-theme';

function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage may be unavailable (private mode); fall back to the system preference.
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The current theme (remembered, else the system preference) and a setter
 * that applies it as `data-theme` on <html> and remembers it.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);
  const choose = (next: Theme): void => {
    setTheme(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still applies to this page.
    }
  };
  return [theme, choose];
}
