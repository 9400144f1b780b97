/**
 * What every live broker adapter does the same way over its own calls (./alpaca/alpacaBroker.ts,
 * ./tradier/tradierBroker.ts): cancel one order, read one, cancel all, close a position, the portfolio after each
 * order change.
 *
 * Rules:
 * - Cancel all: the user's working orders (of `symbol`, of `strategyId`, when given) cancelled one by one; the ones
 *   the broker refused are in `errors` with their reason.
 * - Close a position: 0 < percentage ≤ 100 of the shares held, as a market DAY sell (whole shares where the broker
 *   takes no fractions), refused with no_position when none are held.
 * - portfolioUpdates: the account read again on each orderUpdated of the user; a failed read is logged and skipped.
 * - A failed call: an AppError as it is, the broker's refusal as its adapter maps it, credentials that no longer
 *   open (another CREDENTIALS_KEY) or a broker out of reach as broker_error.
 */
import type { Logger } from 'pino';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { CancelAllResult, Order, OrderInput } from '../../../src/domain/trading/orders';
import { isWorking, roundQuantity } from '../../../src/domain/trading/orderTypes';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { AppError } from '../errors';
import type { MarketDataProvider } from '../market';
import type { RateLimitRule } from '../rateLimits';
import { orderError } from '../trading/engineContext';
import { MAX_PAGE } from '../trading/ordersQueries';
import type { OrdersQuery } from './provider';

/** What every live broker adapter is built with. */
export interface LiveBrokerDeps {
  db: Database;
  events: EventBus;
  market: MarketDataProvider;
  /** The universe keyed by symbol (the market service's `instruments`): an order's instrument looked up. */
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
  log: Pick<Logger, 'warn' | 'error'>;
  /** The broker's live API host (ALPACA_TRADING_LIVE_URL, TRADIER_LIVE_URL). */
  liveUrl: string;
  /** ORDERS_PER_MINUTE: the user's orders placed here (./brokerOrders.ts counts them). */
  orderLimit: RateLimitRule;
  fetch?: typeof fetch;
}

/** The app's error for a failed call to broker `name` (`refusal`: the adapter's mapping of its own errors, else null). */
export function liveFailure(error: unknown, name: string, refusal: (error: unknown) => AppError | null): unknown {
  if (error instanceof AppError) return error;
  const mapped = refusal(error);
  if (mapped) return mapped;
  if (error instanceof Error && error.name === 'SecretUnreadableError')
    return new AppError('broker_error', 'The stored credentials cannot be read on this server: connect again.');
  return new AppError('broker_error', `${name} could not be reached; try again.`);
}

/** An adapter's calls that its cancelOrder and order are made of ({@link liveOrderCalls}); `Wire`: its API's order. */
export interface LiveOrderCalls<Wire> {
  events: EventBus;
  /** Whether `id` is of the form the broker issues (else NOT_FOUND, or null, without a call). */
  isOrderId: (id: string) => boolean;
  /** The user's client for the broker's order calls. */
  orders: (userId: string) => Promise<{ cancelOrder(id: string): Promise<unknown>; order(id: string): Promise<Wire> }>;
  /** Whether a failed call says the broker has no such order. */
  isNotFound: (error: unknown) => boolean;
  /** A broker call with its failure mapped to the app's error. */
  ask: <T>(call: Promise<T>) => Promise<T>;
  /** The broker's orders as the app's, with the app's notes (strategy, reason). */
  withNotes: (userId: string, list: readonly Wire[]) => Promise<Order[]>;
}

/**
 * cancelOrder: cancelled at the broker, read back with its notes, published as orderUpdated, returned; order: the
 * order with its notes, null when the broker has none of that id.
 */
export function liveOrderCalls<Wire>(calls: LiveOrderCalls<Wire>) {
  return {
    async cancelOrder(userId: string, orderId: string): Promise<Order> {
      if (!calls.isOrderId(orderId)) throw new AppError('NOT_FOUND', 'order not found');
      const client = await calls.orders(userId);
      await calls.ask(client.cancelOrder(orderId));
      const [order] = await calls.withNotes(userId, [await calls.ask(client.order(orderId))]);
      calls.events.publish('orderUpdated', userId, order!);
      return order!;
    },
    async order(userId: string, orderId: string): Promise<Order | null> {
      if (!calls.isOrderId(orderId)) return null;
      const client = await calls.orders(userId);
      const found = await calls.ask(
        client.order(orderId).catch((error: unknown) => {
          if (calls.isNotFound(error)) return null;
          throw error;
        }),
      );
      return found === null ? null : (await calls.withNotes(userId, [found]))[0]!;
    },
  };
}

export async function cancelAllLive(
  broker: {
    orders(userId: string, query: OrdersQuery): Promise<Order[]>;
    cancelOrder(userId: string, orderId: string): Promise<Order>;
  },
  userId: string,
  symbol?: string | null,
  strategyId?: string | null,
): Promise<CancelAllResult> {
  const open = await broker.orders(userId, { status: null, strategyId, limit: MAX_PAGE });
  const chosen = open.filter((order) => isWorking(order.status) && (!symbol || order.symbol === symbol.toUpperCase()));
  const errors: string[] = [];
  let cancelled = 0;
  for (const order of chosen) {
    await broker.cancelOrder(userId, order.id).then(
      () => cancelled++,
      (error: unknown) => errors.push(`${order.id}: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  return { cancelled, errors };
}

/** The order closing `percentage` of a position of `held` shares (checked as the header says). */
export function closePositionOrder(symbol: string, held: number, percentage: number, wholeShares: boolean): OrderInput {
  if (!Number.isFinite(percentage) || percentage <= 0 || percentage > 100) throw orderError('invalid_percentage');
  if (!(held > 0)) throw orderError('no_position');
  const share = (held * percentage) / 100;
  const quantity = wholeShares ? Math.floor(share + 1e-9) : roundQuantity(share);
  if (!(quantity > 0)) throw orderError('invalid_fractional_quantity');
  return {
    symbol,
    side: 'SELL',
    type: 'MARKET',
    timeInForce: 'DAY',
    quantity,
    reason: `Close position (${percentage}%)`,
  };
}

export async function* livePortfolioUpdates(
  events: EventBus,
  log: Pick<Logger, 'warn'>,
  userId: string,
  portfolio: (userId: string) => Promise<Portfolio>,
): AsyncGenerator<Portfolio> {
  for await (const _order of events.subscribe('orderUpdated', userId)) {
    try {
      yield await portfolio(userId);
    } catch (error) {
      log.warn({ err: error }, 'live portfolio update not read');
    }
  }
}
