import { THEME_CHECK_INTERVAL_MS } from '../domain/constants';
import {
  isThemeMode,
  isThemeName,
  oppositeTheme,
  themeForTime,
  type ThemeMode,
  type ThemeName,
} from '../domain/themeClock';
import { readStored, writeStored, type KeyValueStorage } from '../lib/storage';

/** localStorage keys of the theme choice. */
export const THEME_MODE_KEY = 'themeMode';
export const THEME_KEY = 'theme';

export interface ThemeState {
  mode: ThemeMode;
  /** The theme in effect: the clock's in automatic mode, the chosen one in manual mode. */
  theme: ThemeName;
}

export interface ThemeStore {
  getState(): ThemeState;
  subscribe(listener: () => void): () => void;
  /** Choosing a theme by hand turns automatic mode off. */
  setTheme(theme: ThemeName): void;
  toggle(): void;
  /** Turning automatic mode on recomputes the theme at once; turning it off keeps the current one. */
  setAutomatic(enabled: boolean): void;
  /** Re-reads the clock (automatic mode only). */
  refresh(): void;
  /** Applies the current theme, then rechecks the clock every THEME_CHECK_INTERVAL_MS; returns a stop function. */
  start(timers?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>): () => void;
}

export interface ThemeStoreOptions {
  storage?: KeyValueStorage | null;
  now?: () => Date;
  apply(theme: ThemeName): void;
}

/** The theme a page load starts with: the stored manual choice, else the clock's. */
export function initialThemeState(storage: KeyValueStorage | null | undefined, now: Date): ThemeState {
  const storedMode = readStored(THEME_MODE_KEY, storage);
  const storedTheme = readStored(THEME_KEY, storage);
  const mode: ThemeMode = isThemeMode(storedMode) ? storedMode : 'auto';
  if (mode === 'manual' && isThemeName(storedTheme)) return { mode, theme: storedTheme };
  return { mode, theme: themeForTime(now) };
}

/** The client's theme (spec §4 Theme): automatic by default, manual once chosen, stored locally. */
export function createThemeStore({ storage, now = () => new Date(), apply }: ThemeStoreOptions): ThemeStore {
  let state = initialThemeState(storage, now());
  const listeners = new Set<() => void>();

  function update(next: ThemeState): void {
    if (next.mode === state.mode && next.theme === state.theme) return;
    const themeChanged = next.theme !== state.theme;
    state = next;
    writeStored(THEME_MODE_KEY, state.mode, storage);
    writeStored(THEME_KEY, state.theme, storage);
    if (themeChanged) apply(state.theme);
    for (const listener of listeners) listener();
  }

  const store: ThemeStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setTheme: (theme) => update({ mode: 'manual', theme }),
    toggle: () => store.setTheme(oppositeTheme(state.theme)),
    setAutomatic: (enabled) =>
      update(enabled ? { mode: 'auto', theme: themeForTime(now()) } : { mode: 'manual', theme: state.theme }),
    refresh() {
      if (state.mode === 'auto') update({ mode: 'auto', theme: themeForTime(now()) });
    },
    start(timers = globalThis) {
      apply(state.theme);
      const interval = timers.setInterval(() => store.refresh(), THEME_CHECK_INTERVAL_MS);
      return () => timers.clearInterval(interval);
    },
  };
  return store;
}
