import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OrderFieldsFragment, OrdersQuery, TradeFieldsFragment } from '../../graphql/generated/graphql';
import { applyOrder, mergeOrder, mergeTrade, orderKeys } from './queries';

const order = (id: string, status: OrderFieldsFragment['status']): OrderFieldsFragment => ({
  id,
  clientOrderId: null,
  symbol: 'AAPL',
  side: 'BUY',
  type: 'LIMIT',
  quantity: 10,
  price: 150,
  stopPrice: null,
  timeInForce: 'GTC',
  status,
  filledQuantity: status === 'FILLED' ? 10 : 0,
  averageFillPrice: status === 'FILLED' ? 150 : null,
  timestamp: '2026-11-23T15:00:00.000Z',
  updatedAt: '2026-11-23T15:00:00.000Z',
  strategyId: null,
  reason: null,
});

const trade = (id: string, symbol = 'AAPL'): TradeFieldsFragment => ({
  id,
  orderId: 'o1',
  symbol,
  side: 'BUY',
  quantity: 10,
  price: 150,
  timestamp: '2026-11-23T15:00:00.000Z',
  strategyId: null,
  brokerId: 'paper',
  status: 'FILLED',
  reason: null,
  executionPrice: 150,
  commission: 0,
  tags: [],
});

describe('mergeOrder (orders keyed by id)', () => {
  it('replaces an order where it is listed', () => {
    const merged = mergeOrder([order('a', 'OPEN'), order('b', 'OPEN')], order('b', 'FILLED'), null);
    expect(merged.map((item) => [item.id, item.status])).toEqual([
      ['a', 'OPEN'],
      ['b', 'FILLED'],
    ]);
  });

  it('adds a new order at the top of lists it matches, within the page size', () => {
    expect(mergeOrder([order('a', 'OPEN')], order('n', 'OPEN'), 'OPEN').map((item) => item.id)).toEqual(['n', 'a']);
    expect(mergeOrder([order('a', 'OPEN')], order('n', 'FILLED'), 'OPEN').map((item) => item.id)).toEqual(['a']);
    expect(mergeOrder([order('a', 'OPEN')], order('n', 'OPEN'), null, 1).map((item) => item.id)).toEqual(['n']);
  });

  it('removes an order from a status list it no longer matches', () => {
    expect(mergeOrder([order('a', 'OPEN')], order('a', 'CANCELLED'), 'OPEN')).toEqual([]);
  });
});

describe('mergeTrade', () => {
  it('adds each trade once, only to lists of its symbol', () => {
    expect(mergeTrade([trade('t1')], trade('t2'), null).map((item) => item.id)).toEqual(['t2', 't1']);
    expect(mergeTrade([trade('t1')], trade('t1'), null)).toHaveLength(1);
    expect(mergeTrade([], trade('t3', 'MSFT'), 'AAPL')).toEqual([]);
  });
});

describe('applyOrder', () => {
  it('updates every cached orders list by its status filter', () => {
    const client = new QueryClient();
    client.setQueryData<OrdersQuery>(orderKeys.list(null), { orders: [order('a', 'OPEN')] });
    client.setQueryData<OrdersQuery>(orderKeys.list('OPEN'), { orders: [order('a', 'OPEN')] });
    client.setQueryData<OrdersQuery>(orderKeys.list('FILLED'), { orders: [] });
    applyOrder(client, order('a', 'FILLED'));
    expect(client.getQueryData<OrdersQuery>(orderKeys.list(null))?.orders[0]?.status).toBe('FILLED');
    expect(client.getQueryData<OrdersQuery>(orderKeys.list('OPEN'))?.orders).toEqual([]);
    expect(client.getQueryData<OrdersQuery>(orderKeys.list('FILLED'))?.orders.map((item) => item.id)).toEqual(['a']);
  });
});
