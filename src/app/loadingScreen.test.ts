import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissLoadingScreen, LOADING_SCREEN_HIDDEN_CLASS, type LoadingScreenEnvironment } from './loadingScreen';

function fakePage(loaded: boolean) {
  const classes = new Set<string>();
  let removed = false;
  let loadListener: (() => void) | null = null;
  const env: LoadingScreenEnvironment = {
    element: { classList: { add: (name) => void classes.add(name) }, remove: () => void (removed = true) },
    isLoaded: () => loaded,
    onLoad: (listener) => void (loadListener = listener),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  };
  return {
    env,
    hidden: () => classes.has(LOADING_SCREEN_HIDDEN_CLASS),
    removed: () => removed,
    fireLoad: () => loadListener?.(),
  };
}

describe('dismissLoadingScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the load event, hides 500 ms later and removes 300 ms after that', () => {
    const page = fakePage(false);
    dismissLoadingScreen(page.env);
    vi.advanceTimersByTime(2000);
    expect(page.hidden()).toBe(false);

    page.fireLoad();
    vi.advanceTimersByTime(499);
    expect(page.hidden()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(page.hidden()).toBe(true);
    expect(page.removed()).toBe(false);
    vi.advanceTimersByTime(299);
    expect(page.removed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(page.removed()).toBe(true);
  });

  it('starts at once when the page has already loaded', () => {
    const page = fakePage(true);
    dismissLoadingScreen(page.env);
    vi.advanceTimersByTime(500);
    expect(page.hidden()).toBe(true);
    vi.advanceTimersByTime(300);
    expect(page.removed()).toBe(true);
  });

  it('does nothing without a loading element', () => {
    const page = fakePage(true);
    expect(() => dismissLoadingScreen({ ...page.env, element: null })).not.toThrow();
    vi.runAllTimers();
  });
});
