import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../domain/constants';
import type { ThemeName } from '../domain/themeClock';

/** The browser's theme colour for each theme (spec §4). */
export function themeColor(theme: ThemeName): string {
  return theme === 'dark' ? THEME_COLOR_DARK : THEME_COLOR_LIGHT;
}

/** What applying a theme touches; a real Document satisfies it. */
export interface ThemeDocument {
  documentElement: { classList: { toggle(name: string, force: boolean): unknown }; style: { colorScheme: string } };
  querySelector(selector: 'meta[name="theme-color"]'): { setAttribute(name: string, value: string): void } | null;
}

/** Sets the `dark`/`light` class on <html> (Chakra's `_dark` follows `.dark`) and the theme-color meta. */
export function applyTheme(theme: ThemeName, doc: ThemeDocument): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(theme));
}
