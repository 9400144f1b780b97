import { describe, expect, it } from 'vitest';
import { toastDuration, toastType } from './toastOptions';

describe('toast options', () => {
  it('defaults to 5 seconds', () => {
    expect(toastDuration(undefined)).toBe(5000);
  });

  it('keeps a positive duration', () => {
    expect(toastDuration(10_000)).toBe(10_000);
    expect(toastDuration(1)).toBe(1);
  });

  it('makes zero or negative durations persistent', () => {
    expect(toastDuration(0)).toBe(Number.POSITIVE_INFINITY);
    expect(toastDuration(-1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('maps destructive to the error styling, anything else to the default', () => {
    expect(toastType('destructive')).toBe('error');
    expect(toastType('default')).toBe('info');
    expect(toastType(undefined)).toBe('info');
  });
});
