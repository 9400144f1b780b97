import { THEME_DAY_END_HOUR, THEME_DAY_START_HOUR } from './constants';

/** The two colour themes of the app. */
export type ThemeName = 'light' | 'dark';

/** How the theme is chosen: by the clock (automatic, the default) or by hand. */
export type ThemeMode = 'auto' | 'manual';

/** Automatic theme (spec §4): light from 06:00 up to before 18:00 local time, dark otherwise. */
export function themeForTime(date: Date): ThemeName {
  const hour = date.getHours();
  return hour >= THEME_DAY_START_HOUR && hour < THEME_DAY_END_HOUR ? 'light' : 'dark';
}

export function oppositeTheme(theme: ThemeName): ThemeName {
  return theme === 'dark' ? 'light' : 'dark';
}

export function isThemeName(value: unknown): value is ThemeName {
  return value === 'light' || value === 'dark';
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'auto' || value === 'manual';
}
