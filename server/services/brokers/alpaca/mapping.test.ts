import { describe, expect, it } from 'vitest';
import { streamUrlOf } from './liveStreams';
import { activityTrade, orderStatus, toOrderRequest, updateTrade } from './mapping';
import type { AlpacaOrder, AlpacaOrderStatus } from './wire';

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

describe('Alpaca fills as the app’s trades', () => {
  const order = { id: 'o-1', symbol: 'AAPL', side: 'sell', updated_at: '2026-11-18T16:00:00Z' } as AlpacaOrder;
  const notes = { strategyId: 's-1', reason: 'exit' };
  const fill = {
    event: 'partial_fill',
    execution_id: 'x-1',
    order,
    price: '190.5',
    qty: '2',
    timestamp: '2026-11-18T16:00:01Z',
  };

  it('a fill or partial fill event is a trade of the connection, with the kept notes; any other event is none', () => {
    expect(updateTrade(fill, 'conn-1', notes)).toEqual({
      id: 'x-1',
      orderId: 'o-1',
      symbol: 'AAPL',
      side: 'SELL',
      quantity: 2,
      price: 190.5,
      timestamp: '2026-11-18T16:00:01.000Z',
      strategyId: 's-1',
      brokerId: 'conn-1',
      status: 'FILLED',
      reason: 'exit',
      executionPrice: 190.5,
      commission: 0,
      tags: [],
    });
    for (const event of ['new', 'canceled', 'expired', 'rejected'])
      expect(updateTrade({ event, order }, 'conn-1')).toBeNull();
  });

  it('a FILL activity is the same trade as its stream event', () => {
    const activity = {
      id: 'x-1',
      activity_type: 'FILL' as const,
      transaction_time: '2026-11-18T16:00:01Z',
      type: 'partial_fill' as const,
      price: '190.5',
      qty: '2',
      side: 'sell' as const,
      symbol: 'AAPL',
      order_id: 'o-1',
      cum_qty: '2',
      leaves_qty: '1',
    };
    expect(activityTrade(activity, 'conn-1', notes)).toEqual(updateTrade(fill, 'conn-1', notes));
  });
});

describe('the trade_updates address of a trading host', () => {
  it.each([
    ['https://api.alpaca.markets', 'wss://api.alpaca.markets/stream'],
    ['https://paper-api.alpaca.markets/', 'wss://paper-api.alpaca.markets/stream'],
    ['http://127.0.0.1:4010', 'ws://127.0.0.1:4010/stream'],
  ])('%s → %s', (base, stream) => {
    expect(streamUrlOf(base)).toBe(stream);
  });
});
