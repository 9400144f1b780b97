import { describe, expect, it } from 'vitest';
import { isThemeMode, isThemeName, oppositeTheme, themeForTime } from './themeClock';

const at = (hours: number, minutes: number) => new Date(2026, 0, 15, hours, minutes, 0, 0);

describe('themeForTime', () => {
  it.each([
    [5, 59, 'dark'],
    [6, 0, 'light'],
    [12, 0, 'light'],
    [17, 59, 'light'],
    [18, 0, 'dark'],
    [0, 0, 'dark'],
    [23, 59, 'dark'],
  ] as const)('%i:%i local is %s', (hours, minutes, expected) => {
    expect(themeForTime(at(hours, minutes))).toBe(expected);
  });
});

describe('theme helpers', () => {
  it('flips a theme', () => {
    expect(oppositeTheme('dark')).toBe('light');
    expect(oppositeTheme('light')).toBe('dark');
  });

  it('recognises stored values only when valid', () => {
    expect(isThemeName('dark')).toBe(true);
    expect(isThemeName('DARK')).toBe(false);
    expect(isThemeName(null)).toBe(false);
    expect(isThemeMode('auto')).toBe(true);
    expect(isThemeMode('manual')).toBe(true);
    expect(isThemeMode('automatic')).toBe(false);
  });
});
