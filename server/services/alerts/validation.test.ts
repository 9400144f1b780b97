import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { parseIdempotencyKey } from '../idempotency';
import { defaultAlertMessage, parseAlertsList, parseCreateAlert } from './validation';

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other error';
  }
  return 'accepted';
};

describe('price alert input', () => {
  it('turns a dollar trigger price with up to 2 decimals into integer cents', () => {
    expect(parseCreateAlert({ symbol: ' aapl ', condition: 'above', triggerPrice: 19.99 })).toEqual({
      symbol: 'AAPL',
      condition: 'above',
      triggerPrice: 1999,
    });
    expect(parseCreateAlert({ symbol: 'KO', condition: 'below', triggerPrice: 0.1 }).triggerPrice).toBe(10);
    expect(parseCreateAlert({ symbol: 'KO', condition: 'below', triggerPrice: 1234.5 }).triggerPrice).toBe(123450);
  });

  it('refuses zero, negative, non-finite and sub-cent prices and unknown conditions', () => {
    for (const triggerPrice of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1.005, 0.001]) {
      expect(
        refused(() => parseCreateAlert({ symbol: 'KO', condition: 'above', triggerPrice })),
        String(triggerPrice),
      ).toBe('BAD_USER_INPUT');
    }
    expect(refused(() => parseCreateAlert({ symbol: 'KO', condition: 'sideways', triggerPrice: 1 }))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('writes the default message like "AAPL above $200.00"', () => {
    expect(defaultAlertMessage('AAPL', 'above', 20000)).toBe('AAPL above $200.00');
    expect(defaultAlertMessage('KO', 'below', 6005)).toBe('KO below $60.05');
  });

  it('pages alerts 50 by default, 1 to 100', () => {
    expect(parseAlertsList({})).toEqual({ limit: 50, unreadOnly: false });
    expect(parseAlertsList({ limit: null, unreadOnly: null })).toEqual({ limit: 50, unreadOnly: false });
    expect(parseAlertsList({ limit: 100, unreadOnly: true })).toEqual({ limit: 100, unreadOnly: true });
    expect(refused(() => parseAlertsList({ limit: 101 }))).toBe('BAD_USER_INPUT');
    expect(refused(() => parseAlertsList({ limit: 0 }))).toBe('BAD_USER_INPUT');
  });
});

describe('Idempotency-Key header', () => {
  it('accepts 1 to 100 visible ASCII characters, treats an absent or empty header as none', () => {
    expect(parseIdempotencyKey('3f0c1c52-9d7e-4b7e-9a53-0e8c0c7f4a11')).toBe('3f0c1c52-9d7e-4b7e-9a53-0e8c0c7f4a11');
    expect(parseIdempotencyKey(null)).toBeNull();
    expect(parseIdempotencyKey('')).toBeNull();
    expect(parseIdempotencyKey('x'.repeat(100))).toHaveLength(100);
    for (const key of ['x'.repeat(101), 'two words', 'clé']) {
      expect(
        refused(() => parseIdempotencyKey(key)),
        key,
      ).toBe('BAD_USER_INPUT');
    }
  });
});
