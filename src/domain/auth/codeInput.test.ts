import { describe, expect, it } from 'vitest';
import { isCompleteCode, sanitizeCode } from './codeInput';

describe('code field (spec §5 Code)', () => {
  it('keeps digits only', () => {
    expect(sanitizeCode('12a3-4 5')).toBe('12345');
    expect(sanitizeCode('abc')).toBe('');
  });

  it('keeps at most 6 digits, also when pasted', () => {
    expect(sanitizeCode('1234567890')).toBe('123456');
    expect(sanitizeCode('Your code is 654321.')).toBe('654321');
  });

  it('is complete with exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});
