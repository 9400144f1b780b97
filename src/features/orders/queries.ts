import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import { WATCHED_STALE_TIME_MS } from '../market/watched';
import { gqlRequest } from '../../graphql/client';
import {
  OrdersDocument,
  TradesDocument,
  type OrderFieldsFragment,
  type OrderStatus,
  type OrdersQuery,
  type TradeFieldsFragment,
  type TradesQuery,
} from '../../graphql/generated/graphql';

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (status: OrderStatus | null) => [...orderKeys.lists(), status ?? 'ALL'] as const,
};

export const tradeKeys = {
  all: ['trades'] as const,
  lists: () => [...tradeKeys.all, 'list'] as const,
  list: (symbol: string | null) => [...tradeKeys.lists(), symbol ?? 'ALL'] as const,
};

/** Orders, newest first (spec §9: 50 a page), optionally of one status. */
export function ordersQuery(status: OrderStatus | null = null) {
  return queryOptions({
    queryKey: orderKeys.list(status),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: () => gqlRequest(OrdersDocument, { limit: PAGE_SIZE.orders, status }),
  });
}

/** Trades, newest first (spec §9: 100 a page), optionally of one symbol. */
export function tradesQuery(symbol: string | null = null) {
  return queryOptions({
    queryKey: tradeKeys.list(symbol),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: () => gqlRequest(TradesDocument, { limit: PAGE_SIZE.trades, symbol }),
  });
}

/** The status a cached orders list was asked for (null: every status). */
function listStatus(queryKey: readonly unknown[]): OrderStatus | null {
  const status = queryKey[2];
  return typeof status === 'string' && status !== 'ALL' ? (status as OrderStatus) : null;
}

/**
 * An order's new state, merged into every cached list (spec §7: orders keyed by id): replaced where it is,
 * added at the top of lists whose status it matches, removed from lists whose status it no longer matches.
 */
export function mergeOrder(
  orders: readonly OrderFieldsFragment[],
  order: OrderFieldsFragment,
  status: OrderStatus | null,
  limit: number = PAGE_SIZE.orders,
): OrderFieldsFragment[] {
  const matches = status === null || order.status === status;
  const present = orders.some((item) => item.id === order.id);
  if (present) {
    return matches
      ? orders.map((item) => (item.id === order.id ? order : item))
      : orders.filter((item) => item.id !== order.id);
  }
  return matches ? [order, ...orders].slice(0, limit) : [...orders];
}

/** A new trade at the top of the cached lists it belongs to (once: trades are keyed by id). */
export function mergeTrade(
  trades: readonly TradeFieldsFragment[],
  trade: TradeFieldsFragment,
  symbol: string | null,
  limit: number = PAGE_SIZE.trades,
): TradeFieldsFragment[] {
  if ((symbol !== null && trade.symbol !== symbol) || trades.some((item) => item.id === trade.id)) return [...trades];
  return [trade, ...trades].slice(0, limit);
}

export function applyOrder(queryClient: QueryClient, order: OrderFieldsFragment): void {
  for (const [queryKey, data] of queryClient.getQueriesData<OrdersQuery>({ queryKey: orderKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<OrdersQuery>(queryKey, { orders: mergeOrder(data.orders, order, listStatus(queryKey)) });
  }
}

export function applyTrade(queryClient: QueryClient, trade: TradeFieldsFragment): void {
  for (const [queryKey, data] of queryClient.getQueriesData<TradesQuery>({ queryKey: tradeKeys.lists() })) {
    if (!data) continue;
    const symbol = typeof queryKey[2] === 'string' && queryKey[2] !== 'ALL' ? queryKey[2] : null;
    queryClient.setQueryData<TradesQuery>(queryKey, { trades: mergeTrade(data.trades, trade, symbol) });
  }
}
