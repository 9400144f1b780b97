import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_TEXTS } from '../../domain/trading/orderErrors';
import { UNEXPECTED_ERROR_TEXT } from '../../graphql/errors';
import { orderFailureText } from './orderFailure';

const failure = (message: string, code?: string, limit?: unknown) => ({
  response: { status: 200, errors: [{ message, extensions: code ? { code, ...(limit ? { limit } : {}) } : {} }] },
});

describe('orderFailureText', () => {
  it('shows the text of a known order error code', () => {
    expect(orderFailureText(failure('whatever', 'insufficient_buying_power'))).toBe(
      ORDER_ERROR_TEXTS.insufficient_buying_power,
    );
  });

  it('names the user’s limit and its value when the server sends it', () => {
    expect(orderFailureText(failure('x', 'max_position_size_exceeded', { cents: 100_000 }))).toBe(
      'Order exceeds your max position size of $1,000.00.',
    );
    expect(orderFailureText(failure('x', 'allocation_exceeded', { percent: 50 }))).toBe(
      "Order exceeds your account size allocation of 50% of the account's equity.",
    );
    expect(orderFailureText(failure('x', 'asset_type_excluded', { assetType: 'etfs' }))).toBe(
      'ETFs are excluded by your asset preferences.',
    );
    // A malformed detail is ignored: the code's own text.
    expect(orderFailureText(failure('x', 'daily_loss_limit_reached', { cents: 'lots' }))).toBe(
      ORDER_ERROR_TEXTS.daily_loss_limit_reached,
    );
  });

  it('falls back to the server message, then to the generic text', () => {
    expect(orderFailureText(failure('Symbol is halted', 'SOMETHING_ELSE'))).toBe('Symbol is halted');
    expect(orderFailureText(new Error('boom'))).toBe(UNEXPECTED_ERROR_TEXT);
  });
});
