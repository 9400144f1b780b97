import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThemeName } from '../domain/themeClock';
import { memoryStorage } from '../lib/storage';
import { createThemeStore, THEME_KEY, THEME_MODE_KEY } from './createThemeStore';

const NOON = new Date(2026, 0, 15, 12, 0);
const EVENING = new Date(2026, 0, 15, 18, 0);

function setup(initial: Record<string, string> = {}, start = NOON) {
  let clock = start;
  const storage = memoryStorage(initial);
  const applied: ThemeName[] = [];
  const store = createThemeStore({ storage, now: () => clock, apply: (theme) => void applied.push(theme) });
  return { store, storage, applied, setClock: (date: Date) => void (clock = date) };
}

describe('theme store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is automatic by default and follows the clock', () => {
    expect(setup().store.getState()).toEqual({ mode: 'auto', theme: 'light' });
    expect(setup({}, EVENING).store.getState()).toEqual({ mode: 'auto', theme: 'dark' });
  });

  it('restores a stored manual choice, and ignores invalid stored values', () => {
    expect(setup({ [THEME_MODE_KEY]: 'manual', [THEME_KEY]: 'dark' }).store.getState()).toEqual({
      mode: 'manual',
      theme: 'dark',
    });
    expect(setup({ [THEME_MODE_KEY]: 'auto', [THEME_KEY]: 'dark' }).store.getState().theme).toBe('light');
    expect(setup({ [THEME_MODE_KEY]: 'bogus', [THEME_KEY]: 'purple' }).store.getState()).toEqual({
      mode: 'auto',
      theme: 'light',
    });
  });

  it('choosing a theme by hand turns automatic off, applies and stores it', () => {
    const { store, storage, applied } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setTheme('dark');
    expect(store.getState()).toEqual({ mode: 'manual', theme: 'dark' });
    expect(applied).toEqual(['dark']);
    expect(storage.dump()).toEqual({ [THEME_MODE_KEY]: 'manual', [THEME_KEY]: 'dark' });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('toggle flips the theme and turns automatic off', () => {
    const { store } = setup();
    store.toggle();
    expect(store.getState()).toEqual({ mode: 'manual', theme: 'dark' });
    store.toggle();
    expect(store.getState()).toEqual({ mode: 'manual', theme: 'light' });
  });

  it('re-enabling automatic recomputes at once', () => {
    const { store, applied } = setup();
    store.setTheme('dark');
    store.setAutomatic(true);
    expect(store.getState()).toEqual({ mode: 'auto', theme: 'light' });
    expect(applied).toEqual(['dark', 'light']);
  });

  it('turning automatic off keeps the current theme', () => {
    const { store, applied } = setup({}, EVENING);
    store.setAutomatic(false);
    expect(store.getState()).toEqual({ mode: 'manual', theme: 'dark' });
    expect(applied).toEqual([]);
  });

  it('rechecks the clock every 60 s in automatic mode only', () => {
    const { store, applied, setClock } = setup();
    const stop = store.start();
    expect(applied).toEqual(['light']);
    setClock(EVENING);
    vi.advanceTimersByTime(59_999);
    expect(store.getState().theme).toBe('light');
    vi.advanceTimersByTime(1);
    expect(store.getState().theme).toBe('dark');
    expect(applied).toEqual(['light', 'dark']);

    store.setTheme('light');
    vi.advanceTimersByTime(60_000);
    expect(store.getState()).toEqual({ mode: 'manual', theme: 'light' });

    store.setAutomatic(true);
    stop();
    setClock(NOON);
    vi.advanceTimersByTime(120_000);
    expect(store.getState().theme).toBe('dark');
  });

  it('does not notify when nothing changes', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.refresh();
    store.setAutomatic(true);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    store.setTheme('dark');
    expect(listener).not.toHaveBeenCalled();
  });
});
