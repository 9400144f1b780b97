import { describe, expect, it } from 'vitest';
import { alertToastText } from './alertToast';

describe('alertToastText', () => {
  it('names the alert and the price that fired it', () => {
    expect(alertToastText({ symbol: 'AAPL', message: 'AAPL above $200.00', currentPrice: 201.5 })).toEqual({
      title: 'Price alert triggered',
      description: 'AAPL above $200.00. AAPL is at $201.50.',
    });
    expect(alertToastText({ symbol: 'AAPL', message: 'AAPL above $200.00', currentPrice: null }).description).toBe(
      'AAPL above $200.00.',
    );
  });
});
