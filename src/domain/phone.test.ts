import { describe, expect, it } from 'vitest';
import { formatUsPhone, isValidUsPhone, normalizeUsPhone } from './phone';

describe('normalizeUsPhone', () => {
  it('turns 10 digits into +1 and the digits, and 11 digits starting with 1 into + and the digits', () => {
    expect(normalizeUsPhone('(555) 223-4567')).toBe('+15552234567');
    expect(normalizeUsPhone('5552234567')).toBe('+15552234567');
    expect(normalizeUsPhone('1 555 223 4567')).toBe('+15552234567');
    expect(normalizeUsPhone('+1 (555) 223-4567')).toBe('+15552234567');
  });

  it('refuses anything that is not a US number', () => {
    for (const bad of ['', '555123', '25552234567', '+44 20 7946 0958', '(055) 223-4567', '(555) 123-4567x']) {
      expect(normalizeUsPhone(bad)).toBeNull();
    }
    expect(isValidUsPhone('555-223-4567')).toBe(true);
    expect(isValidUsPhone('123')).toBe(false);
  });
});

describe('formatUsPhone', () => {
  it('formats as (555) 123-4567 while typing, at most 14 characters', () => {
    expect(formatUsPhone('')).toBe('');
    expect(formatUsPhone('5')).toBe('(5');
    expect(formatUsPhone('5551')).toBe('(555) 1');
    expect(formatUsPhone('5551234')).toBe('(555) 123-4');
    expect(formatUsPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555123456789')).toBe('(555) 123-4567');
    expect(formatUsPhone('15551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('abc555')).toBe('(555');
    expect(formatUsPhone('5551234567').length).toBe(14);
  });
});
