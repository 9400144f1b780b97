import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import {
  accountSnapshot,
  orderStatus,
  toOrder,
  toOrderRequest,
  toOrderUpdate,
  toPosition,
  tradierTag,
} from './mapping';
import { listOf, type TradierBalances, type TradierOrder } from './wire';

describe('Tradier order statuses as the app’s', () => {
  it.each<[string, number, string]>([
    ['pending', 0, 'OPEN'],
    ['open', 0, 'OPEN'],
    ['open', 2, 'PARTIALLY_FILLED'],
    ['partially_filled', 1, 'PARTIALLY_FILLED'],
    ['filled', 3, 'FILLED'],
    ['canceled', 1, 'CANCELLED'],
    ['expired', 0, 'EXPIRED'],
    ['rejected', 0, 'REJECTED'],
    ['error', 0, 'REJECTED'],
  ])('%s with %s executed is %s', (status, executed, expected) => {
    expect(orderStatus({ status, exec_quantity: executed })).toBe(expected);
  });
});

describe('Tradier lists', () => {
  it('reads "null", one object and an array alike', () => {
    expect(listOf({ positions: 'null' }.positions, 'position')).toEqual([]);
    expect(listOf({ position: { symbol: 'A' } }, 'position')).toEqual([{ symbol: 'A' }]);
    expect(listOf({ position: [{ symbol: 'A' }, { symbol: 'B' }] }, 'position')).toHaveLength(2);
  });
});

describe('an order of the app as Tradier’s form', () => {
  it('sends equity class, lower-case enums, duration, price and stop, the client order id as the tag', () => {
    expect(
      toOrderRequest({
        symbol: 'AAPL',
        side: 'SELL',
        type: 'STOP_LIMIT',
        quantity: 3,
        price: 99.5,
        stopPrice: 100,
        timeInForce: 'GTC',
        clientOrderId: 'strategy-1-AAPL-1700000000000-S',
      }),
    ).toEqual({
      class: 'equity',
      symbol: 'AAPL',
      side: 'sell',
      quantity: '3',
      type: 'stop_limit',
      duration: 'gtc',
      price: '99.5',
      stop: '100',
      tag: 'strategy-1-AAPL-1700000000000-S',
    });
  });

  it('refuses IOC and FOK naming timeInForce (Tradier has no such duration for equities)', () => {
    const refused = (() => {
      try {
        toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1, timeInForce: 'IOC' });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/^timeInForce: /) });
  });

  it('a client order id with characters a tag does not allow becomes a stable allowed tag', () => {
    const tag = tradierTag('strategy-1-BRK.B-17_x');
    expect(tag).toMatch(/^strategy-1-BRK-B-17-x-[0-9a-f]{12}$/);
    expect(tradierTag('strategy-1-BRK.B-17_x')).toBe(tag);
    expect(tradierTag('strategy-1-BRK_B-17_x')).not.toBe(tag);
  });
});

describe('Tradier’s order, position, balances and events as the app’s', () => {
  const order: TradierOrder = {
    id: 228175,
    type: 'stop',
    symbol: 'AAPL',
    side: 'sell',
    quantity: 2,
    status: 'partially_filled',
    duration: 'pre',
    price: 5,
    stop_price: 180,
    avg_fill_price: 181.25,
    exec_quantity: 1,
    last_fill_price: 181.25,
    last_fill_quantity: 1,
    remaining_quantity: 1,
    create_date: '2026-11-23T15:00:00.000Z',
    transaction_date: '2026-11-23T15:01:00.000Z',
    class: 'equity',
  };

  it('keeps only the prices its type takes, reads pre/post as DAY', () => {
    expect(toOrder(order)).toMatchObject({
      id: '228175',
      clientOrderId: null,
      side: 'SELL',
      type: 'STOP',
      price: null,
      stopPrice: 180,
      timeInForce: 'DAY',
      status: 'PARTIALLY_FILLED',
      filledQuantity: 1,
      averageFillPrice: 181.25,
      updatedAt: '2026-11-23T15:01:00.000Z',
    });
  });

  it('values a position at its quote; the day P&L from the previous close, or from the cost when bought today', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    const held = { id: 1, symbol: 'SPY', quantity: 10, cost_basis: 4000, date_acquired: '2026-11-20T15:00:00Z' };
    expect(toPosition(held, { symbol: 'SPY', last: 410, prevclose: 405 }, now)).toMatchObject({
      averageCost: 400,
      currentPrice: 410,
      marketValue: 4100,
      unrealizedPnL: 100,
      unrealizedPnLPercent: 2.5,
      dayPnL: 50,
      side: 'long',
    });
    const today = { ...held, date_acquired: '2026-11-24T14:45:00Z' };
    expect(toPosition(today, { symbol: 'SPY', last: 410, prevclose: 405 }, now).dayPnL).toBe(100);
    expect(toPosition(held, undefined, now)).toMatchObject({ currentPrice: 400, unrealizedPnL: 0, dayPnL: 0 });
  });

  it('a pdt margin account: stock buying power, margin used, the pattern day trader flag', () => {
    const balances = {
      account_number: 'VA1',
      account_type: 'pdt',
      total_equity: 30_000,
      total_cash: 5_000,
      current_requirement: 1_200,
      pdt: { stock_buying_power: 60_000 },
    } as TradierBalances;
    expect(accountSnapshot({ account_number: 'VA1', type: 'pdt', status: 'active' }, balances)).toEqual({
      accountNumber: 'VA1',
      buyingPower: 60_000,
      portfolioValue: 30_000,
      cashBalance: 5_000,
      dayTradeCount: 0,
      isPatternDayTrader: true,
      marginUsed: 1_200,
      tradingBlocked: false,
    });
  });

  it('an order event reports its fill only while filling; heartbeats are not updates', () => {
    const event = { event: 'order', id: 7, status: 'filled', executed_quantity: 2, avg_fill_price: 10 };
    expect(toOrderUpdate({ ...event, last_fill_quantity: 2, last_fill_price: 10 })?.fill).toEqual({
      quantity: 2,
      price: 10,
    });
    expect(toOrderUpdate({ ...event, status: 'canceled', last_fill_quantity: 1, last_fill_price: 10 })).toMatchObject({
      status: 'CANCELLED',
      filledQuantity: 2,
      fill: null,
    });
    expect(toOrderUpdate({ event: 'heartbeat', status: 'active' })).toBeNull();
  });
});
