import { useSyncExternalStore } from 'react';
import { applyTheme } from './applyTheme';
import { createThemeStore, type ThemeState } from './createThemeStore';

/** The app's one theme store, applied to this document. */
export const themeStore = createThemeStore({ apply: (theme) => applyTheme(theme, document) });

/** Starts the theme clock; a tab coming back into view rechecks at once. */
export function startThemeClock(): () => void {
  const stop = themeStore.start();
  const onVisible = () => {
    if (document.visibilityState === 'visible') themeStore.refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stop();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export function useThemeState(): ThemeState {
  return useSyncExternalStore(themeStore.subscribe, themeStore.getState);
}
