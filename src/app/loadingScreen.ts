import { LOADING_SCREEN_HIDE_MS, LOADING_SCREEN_REMOVE_MS } from '../domain/constants';

export const LOADING_SCREEN_ID = 'initial-loading';
export const LOADING_SCREEN_HIDDEN_CLASS = 'initial-loading--hidden';

/** What the loading screen needs from the page; injectable so the timing can be tested in node. */
export interface LoadingScreenEnvironment {
  element: { classList: { add(name: string): void }; remove(): void } | null;
  /** True once the window `load` event has fired (document.readyState === 'complete'). */
  isLoaded(): boolean;
  onLoad(listener: () => void): void;
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * Spec §4: after the window load event (or at once if it already fired) the initial loading element
 * is hidden (at once, see public/loading.css) after LOADING_SCREEN_HIDE_MS and removed LOADING_SCREEN_REMOVE_MS later.
 */
export function dismissLoadingScreen(env: LoadingScreenEnvironment): void {
  const { element } = env;
  if (!element) return;
  const hideThenRemove = () => {
    env.setTimeout(() => {
      element.classList.add(LOADING_SCREEN_HIDDEN_CLASS);
      env.setTimeout(() => element.remove(), LOADING_SCREEN_REMOVE_MS);
    }, LOADING_SCREEN_HIDE_MS);
  };
  if (env.isLoaded()) hideThenRemove();
  else env.onLoad(hideThenRemove);
}

/** dismissLoadingScreen for this page. */
export function dismissInitialLoadingScreen(): void {
  dismissLoadingScreen({
    element: document.getElementById(LOADING_SCREEN_ID),
    isLoaded: () => document.readyState === 'complete',
    onLoad: (listener) => window.addEventListener('load', listener, { once: true }),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  });
}
