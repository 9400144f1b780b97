import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_TEXTS } from '../../domain/trading/orderErrors';
import { UNEXPECTED_ERROR_TEXT } from '../../graphql/errors';
import { orderFailureText } from './orderFailure';

const failure = (message: string, code?: string) => ({
  response: { status: 200, errors: [{ message, extensions: code ? { code } : {} }] },
});

describe('orderFailureText', () => {
  it('shows the text of a known order error code', () => {
    expect(orderFailureText(failure('whatever', 'insufficient_buying_power'))).toBe(
      ORDER_ERROR_TEXTS.insufficient_buying_power,
    );
  });

  it('falls back to the server message, then to the generic text', () => {
    expect(orderFailureText(failure('Symbol is halted', 'SOMETHING_ELSE'))).toBe('Symbol is halted');
    expect(orderFailureText(new Error('boom'))).toBe(UNEXPECTED_ERROR_TEXT);
  });
});
