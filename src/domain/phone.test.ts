import { describe, expect, it } from 'vitest';
import { formatUsPhone, isValidUsPhone, normalizeUsPhone } from './phone';

describe('normalizeUsPhone (spec §5)', () => {
  it("accepts the spec's own example, (555) 123-4567, as +1 and its 10 digits", () => {
    expect(normalizeUsPhone('(555) 123-4567')).toBe('+15551234567');
    expect(isValidUsPhone('(555) 123-4567')).toBe(true);
  });

  it('accepts US numbers in the common forms', () => {
    for (const typed of [
      '5551234567',
      '555-123-4567',
      '555.123.4567',
      '555 123 4567',
      '(555)123-4567',
      ' (555) 123-4567 ',
      '1 555 123 4567',
      '1-555-123-4567',
      '1 (555) 123-4567',
      '+1 (555) 123-4567',
      '+1 555-123-4567',
      '+15551234567',
      '15551234567',
    ]) {
      expect(normalizeUsPhone(typed), typed).toBe('+15551234567');
    }
  });

  it('normalises 10 digits to +1 and the digits, and 11 digits starting with 1 to + and the digits', () => {
    expect(normalizeUsPhone('2125550100')).toBe('+12125550100');
    expect(normalizeUsPhone('12125550100')).toBe('+12125550100');
  });

  it('leaves area and exchange codes to the SMS provider (no 0/1 guesses)', () => {
    expect(normalizeUsPhone('(555) 012-3456')).toBe('+15550123456');
    expect(normalizeUsPhone('(055) 123-4567')).toBe('+10551234567');
    expect(normalizeUsPhone('(155) 123-4567')).toBe('+11551234567');
  });

  it('refuses what is not a US number: wrong digit counts, other country codes, letters, extensions', () => {
    for (const bad of [
      '',
      '   ',
      '555123',
      '555123456',
      '25551234567',
      '155512345678',
      '+44 20 7946 0958',
      '(555) 123-4567x',
      '(555) 123-4567 ext 12',
      '555-CALL-NOW',
      '555+123+4567',
    ]) {
      expect(normalizeUsPhone(bad), bad).toBeNull();
    }
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

  it('drops the country code once an eleventh digit is typed after a leading 1', () => {
    // Typing 1 5 5 5 1 2 3 4 5 6 shows ten national digits; the eleventh turns the leading 1 into the country code.
    expect(formatUsPhone('1555123456')).toBe('(155) 512-3456');
    expect(formatUsPhone('(155) 512-34567')).toBe('(555) 123-4567');
  });

  it('shows a pasted number in any common form as (555) 123-4567', () => {
    for (const pasted of ['+1 (555) 123-4567', '1-555-123-4567', '555.123.4567', '+15551234567']) {
      expect(formatUsPhone(pasted), pasted).toBe('(555) 123-4567');
    }
  });

  it('keeps what it shows a valid number once complete', () => {
    expect(normalizeUsPhone(formatUsPhone('+1 (555) 123-4567'))).toBe('+15551234567');
  });
});
