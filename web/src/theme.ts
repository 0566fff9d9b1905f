export type Theme = 'light' | 'dark' | 'system';
const KEY = 'klaxon.theme';

export const storedTheme = (): Theme => (localStorage.getItem(KEY) as Theme | null) ?? 'system';

/** Light, dark or the system's: `data-theme` on <html> picks the CSS variables. */
export function applyTheme(theme: Theme = storedTheme()) {
  localStorage.setItem(KEY, theme);
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}
