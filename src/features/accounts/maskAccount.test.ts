import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from './maskAccount';

describe('maskAccountNumber', () => {
  it('shows only the last 4 characters', () => {
    expect(maskAccountNumber('PA3X8Q1Z2K9')).toBe('••••Z2K9');
    expect(maskAccountNumber('12345')).toBe('••••2345');
  });

  it('hides a number of 4 characters or fewer whole', () => {
    expect(maskAccountNumber('1234')).toBe('••••');
    expect(maskAccountNumber('')).toBe('••••');
  });

  it('ignores surrounding spaces', () => {
    expect(maskAccountNumber('  987654321 ')).toBe('••••4321');
  });
});
