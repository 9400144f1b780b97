import { describe, expect, it } from 'vitest';
import { orderStatus, toOrderRequest } from './mapping';
import type { AlpacaOrderStatus } from './wire';

describe('Alpaca order statuses as the app’s', () => {
  it.each<[AlpacaOrderStatus, string, string]>([
    ['new', '0', 'OPEN'],
    ['accepted', '0', 'OPEN'],
    ['pending_new', '0', 'OPEN'],
    ['done_for_day', '0', 'OPEN'],
    ['partially_filled', '2', 'PARTIALLY_FILLED'],
    ['pending_cancel', '1', 'PARTIALLY_FILLED'],
    ['filled', '3', 'FILLED'],
    ['canceled', '1', 'CANCELLED'],
    ['replaced', '0', 'CANCELLED'],
    ['expired', '0', 'EXPIRED'],
    ['rejected', '0', 'REJECTED'],
  ])('%s with %s filled is %s', (status, filled, expected) => {
    expect(orderStatus({ status, filled_qty: filled })).toBe(expected);
  });
});

describe('an order of the app as Alpaca’s request', () => {
  it('sends lower-case enums, decimal strings and the client order id; no prices a type does not take', () => {
    expect(
      toOrderRequest({
        symbol: 'AAPL',
        side: 'SELL',
        type: 'STOP_LIMIT',
        quantity: 1.23456789,
        price: 99.5,
        stopPrice: 100,
        timeInForce: 'GTC',
        clientOrderId: 'c-1',
      }),
    ).toEqual({
      symbol: 'AAPL',
      qty: '1.234568',
      side: 'sell',
      type: 'stop_limit',
      time_in_force: 'gtc',
      limit_price: '99.5',
      stop_price: '100',
      client_order_id: 'c-1',
    });
    expect(toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 2 })).toEqual({
      symbol: 'SPY',
      qty: '2',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
    });
  });
});
