import { describe, expect, it } from 'vitest';
import {
  checkNumber,
  checkText,
  isPriceInBounds,
  MAX_MULTILINE_TEXT_LENGTH,
  MAX_ORDER_QUANTITY,
  MAX_PRICE,
  MAX_TEXT_LENGTH,
} from './inputRules';

describe('checkText', () => {
  it('normalises to NFC', () => {
    expect(checkText('Cafe\u0301')).toEqual({ ok: true, value: 'Café' });
  });

  it('refuses NUL and every other control character in single-line text', () => {
    for (const control of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(checkText(`a${control}b`)).toEqual({ ok: false, problem: 'control characters are not allowed' });
    }
  });

  it('lets multi-line text keep tab and new lines, nothing else', () => {
    expect(checkText('a\tb\r\nc', { multiline: true })).toEqual({ ok: true, value: 'a\tb\r\nc' });
    expect(checkText('a\u0000b', { multiline: true })).toMatchObject({ ok: false });
  });

  it('refuses lone surrogate halves and keeps pairs (emoji)', () => {
    expect(checkText('a\ud800b')).toEqual({ ok: false, problem: 'not valid Unicode text' });
    expect(checkText('\udc00')).toMatchObject({ ok: false });
    expect(checkText('📈 up')).toEqual({ ok: true, value: '📈 up' });
  });

  it('bounds the length', () => {
    expect(checkText('x'.repeat(MAX_TEXT_LENGTH))).toMatchObject({ ok: true });
    expect(checkText('x'.repeat(MAX_TEXT_LENGTH + 1))).toEqual({
      ok: false,
      problem: `at most ${MAX_TEXT_LENGTH} characters`,
    });
    expect(checkText('x'.repeat(MAX_MULTILINE_TEXT_LENGTH), { multiline: true })).toMatchObject({ ok: true });
    expect(checkText('x'.repeat(1_000_000), { multiline: true })).toMatchObject({ ok: false });
  });
});

describe('checkNumber', () => {
  it('turns -0 into 0', () => {
    const result = checkNumber(-0);
    expect(result.ok && Object.is(result.value, 0)).toBe(true);
  });

  it('bounds money so that its cents are exact', () => {
    expect(checkNumber(MAX_PRICE, 'money')).toEqual({ ok: true, value: MAX_PRICE });
    expect(checkNumber(1e17, 'money')).toEqual({ ok: false, problem: `at most ${MAX_PRICE} dollars` });
    expect(Number.isSafeInteger(MAX_PRICE * 100 * MAX_ORDER_QUANTITY)).toBe(true);
  });

  it('bounds share quantities and any other number', () => {
    expect(checkNumber(MAX_ORDER_QUANTITY + 1, 'shares')).toMatchObject({ ok: false });
    expect(checkNumber(1e300)).toMatchObject({ ok: false });
    expect(checkNumber(Number.NaN)).toEqual({ ok: false, problem: 'expected a finite number' });
  });
});

describe('isPriceInBounds', () => {
  it('takes positive prices up to MAX_PRICE', () => {
    expect(isPriceInBounds(0.01)).toBe(true);
    expect(isPriceInBounds(MAX_PRICE)).toBe(true);
    expect(isPriceInBounds(0)).toBe(false);
    expect(isPriceInBounds(MAX_PRICE + 0.01)).toBe(false);
  });
});
