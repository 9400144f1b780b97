import { describe, expect, it } from 'vitest';
import { fillToastText, orderEndedToastText } from './fillToast';

describe('fill toasts', () => {
  it('says what was bought or sold, how many and at what price', () => {
    expect(fillToastText({ side: 'BUY', quantity: 10, symbol: 'AAPL', price: 161.23 })).toEqual({
      title: 'Order filled',
      description: 'Bought 10 AAPL at $161.23',
    });
    expect(fillToastText({ side: 'SELL', quantity: 2.5, symbol: 'MSFT', price: 1200 }).description).toBe(
      'Sold 2.5 MSFT at $1,200.00',
    );
  });

  it('tells rejected and expired orders with their reason, and nothing for others', () => {
    const order = { side: 'BUY', quantity: 5, symbol: 'TSLA', reason: 'Market closed' } as const;
    expect(orderEndedToastText({ ...order, status: 'EXPIRED' })).toEqual({
      title: 'Order expired',
      description: 'Buy 5 TSLA: Market closed',
    });
    expect(orderEndedToastText({ ...order, status: 'REJECTED', reason: null })?.description).toBe('Buy 5 TSLA');
    expect(orderEndedToastText({ ...order, status: 'FILLED' })).toBeNull();
    expect(orderEndedToastText({ ...order, status: 'CANCELLED' })).toBeNull();
  });
});
