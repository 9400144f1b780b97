/**
 * The paper broker (issue 5 point 4): accepts orders after the risk checks, keeps the book of working orders,
 * matches it on every quote tick of a symbol with working orders, expires DAY orders at the close, and tells
 * the user's subscribers (orderUpdated, tradeExecuted; portfolioUpdates recomputed where someone watches).
 *
 * Matching and expiry are singleton work (`start()`/`stop()`, run by the leader: server/services/leader): of several
 * server processes on one database only the leader matches; an order left working by another process reaches it as
 * a `workingOrder` notice on the event bus. Placing, cancelling and closing run in every process.
 *
 * Every check-then-write is one transaction holding the lock of the accounts it touches (./accountLocks.ts): placing
 * (./orderPlacement.ts), matching (./orderMatching.ts), cancelling and expiring (./orderCancellation.ts). Requests
 * run side by side; the quotes of one symbol are matched one at a time (./engineJobs.ts).
 */
import { inArray } from 'drizzle-orm';
import { createPubSub } from 'graphql-yoga';
import type pg from 'pg';
import type { Logger } from 'pino';
import { isMarketOpen } from '../../../src/domain/market/calendar';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio, Position } from '../../../src/domain/trading/account';
import type { BrokerInfo } from '../../../src/domain/trading/broker';
import type { CancelAllResult, Order, OrderInput, ParsedOrderInput, Trade } from '../../../src/domain/trading/orders';
import {
  isWorking,
  ORDER_TYPES,
  roundQuantity,
  TIME_IN_FORCE,
  WORKING_STATUSES,
} from '../../../src/domain/trading/orderTypes';
import type { PaperSettings } from '../../config';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { EventBus } from '../../events';
import { listen } from '../../listen';
import type { MarketDataProvider } from '../market';
import {
  PAPER_BROKER_ID,
  PAPER_BROKER_NAME,
  paperBroker,
  type BrokerProvider,
  type OrdersQuery,
  type TradesQuery,
} from '../brokers';
import { createAccountLocks } from './accountLocks';
import { readAccountState } from './accountState';
import { orderError, type EngineContext } from './engineContext';
import type { AppliedDecision } from './engineFill';
import { DayActivityCache } from './dayActivity';
import { createEngineJobs } from './engineJobs';
import { createStatements } from './engineStatements';
import { cancelAllOrders, cancelOrder, expireDue } from './orderCancellation';
import { matchBook } from './orderMatching';
import { placeOrder } from './orderPlacement';
import { parseOrderInput } from './ordersInput';
import { findOrder, listOrders, listTrades } from './ordersQueries';
import { toOrder, toTrade } from './ordersView';
import { loadPortfolioSummary, toPortfolio, toPositions, type PortfolioDeps } from './portfolioState';

export { CANCELLED_BY_USER, CANCELLED_STRATEGY_STOPPED, EXPIRED_AT_CLOSE } from './orderCancellation';

export interface TradingEngineDeps {
  db: Database;
  /** The PostgreSQL pool under `db` (DatabaseHandle.pool), null on PGlite: where the account locks run. */
  pool: pg.Pool | null;
  events: EventBus;
  market: MarketDataProvider;
  /** The universe keyed by symbol (the market service's `instruments`): an order's instrument looked up. */
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
  paper: PaperSettings;
  log: Pick<Logger, 'warn' | 'error'>;
  /** Refuses an order over the user's rate limit, in the placing transaction (services/rateLimits.ts); none: no limit. */
  admitOrder?: EngineContext['admitOrder'];
}

/** The paper broker: a BrokerProvider, and the hooks tests and benchmarks drive it with. */
export interface PaperBroker extends BrokerProvider {
  /** Matches `symbol`'s working orders against `quote` now; resolves with the number of fills. */
  match(symbol: string, quote: MarketQuote): Promise<number>;
  /** Expires working DAY orders whose session has closed; resolves with how many expired. */
  expireDue(): Promise<number>;
  /** Resolves when no engine job (order, match, expiry, portfolio update) is under way. */
  idle(): Promise<void>;
}

/** How often working DAY orders are checked for expiry (the close) while the app runs. */
export const EXPIRY_CHECK_MS = 5000;

export function createTradingEngine(deps: TradingEngineDeps): PaperBroker {
  const { db, events, market, now, paper, log } = deps;
  const statements = createStatements(db);
  const days = new DayActivityCache();
  const ctx: EngineContext = {
    db,
    statements,
    days,
    locks: createAccountLocks(db, deps.pool),
    accountSymbols: new Map(),
    market,
    instruments: deps.instruments,
    now,
    paper,
    isOpen: (at) => market.isOpen?.(at.getTime()) ?? isMarketOpen(at.getTime()),
    admitOrder: deps.admitOrder ?? (async () => undefined),
  };
  const portfolioDeps: PortfolioDeps = { statements, days, db, market, now, paper };
  const jobs = createEngineJobs((error) => log.error({ err: error }, 'paper broker job failed'));
  const watched = new Map<string, () => void>();
  /**
   * Portfolios are recomputed in the process where someone watches them: for each user with an open portfolioUpdates
   * subscription here, the user's orderUpdated events (from any process) trigger a recomputation, which only this
   * process's subscribers receive.
   */
  const portfolios = createPubSub<{ portfolio: [userId: string, portfolio: Portfolio] }>();
  const portfolioWatchers = new Map<string, { count: number; stop(): void }>();
  let closed = false;
  const onListenerError = (error: unknown) => log.error({ err: error }, 'paper broker event listener failed');
  let matching: { stop(): Promise<void> } | undefined;

  /** Recomputes the user's portfolio for this process's subscribers (one at a time per user, changes coalesced). */
  function publishPortfolio(userId: string): void {
    if (closed || !portfolioWatchers.has(userId)) return;
    jobs.coalesce(
      `portfolio ${userId}`,
      userId,
      () =>
        loadPortfolioSummary(portfolioDeps, userId).then(
          (summary) => portfolios.publish('portfolio', userId, toPortfolio(summary, now())),
          (error: unknown) => log.error({ err: error }, 'portfolio update not published'),
        ),
      userId,
    );
  }

  /** Follows the user's order changes while the first to the last portfolioUpdates subscription of the user is open. */
  function followOrders(userId: string): () => void {
    const watcher = portfolioWatchers.get(userId);
    if (watcher) watcher.count++;
    else {
      const stop = listen(events.subscribe('orderUpdated', userId), () => publishPortfolio(userId), onListenerError);
      portfolioWatchers.set(userId, { count: 1, stop });
    }
    return () => {
      const current = portfolioWatchers.get(userId);
      if (!current) return;
      if (--current.count > 0) return;
      portfolioWatchers.delete(userId);
      current.stop();
    };
  }

  /** The user's portfolio after each change, while subscribed. */
  async function* portfolioUpdates(userId: string): AsyncGenerator<Portfolio> {
    const unfollow = followOrders(userId);
    try {
      yield* portfolios.subscribe('portfolio', userId);
    } finally {
      unfollow();
    }
  }

  function publish(applied: readonly AppliedDecision[]): void {
    for (const { order, trade } of applied) {
      events.publish('orderUpdated', order.userId, toOrder(order));
      if (trade) events.publish('tradeExecuted', order.userId, toTrade(trade));
    }
  }

  async function match(symbol: string, quote: MarketQuote): Promise<number> {
    const result = await matchBook(ctx, symbol, quote);
    if (result.bookEmpty) unwatch(symbol);
    publish(result.applied);
    return result.fills;
  }

  /** Matches `symbol`'s book against its newest quote (ticks arriving meanwhile are coalesced). */
  function onQuote(quote: MarketQuote): void {
    jobs.coalesce(`match ${quote.symbol}`, quote, (_key, latest) =>
      match(latest.symbol, latest).then(
        () => undefined,
        (error: unknown) => log.error({ err: error, symbol: latest.symbol }, 'order matching failed'),
      ),
    );
  }

  function watch(symbol: string): void {
    if (!matching || watched.has(symbol)) return;
    watched.set(symbol, market.subscribe([symbol], onQuote));
  }

  function unwatch(symbol: string): void {
    watched.get(symbol)?.();
    watched.delete(symbol);
  }

  async function place(userId: string, input: ParsedOrderInput): Promise<Order> {
    const placed = await placeOrder(ctx, userId, input);
    if (!placed.replayed) publish([placed]);
    if (isWorking(placed.order.status)) {
      // Matched here when this process leads; the leader elsewhere learns of it from the notice.
      watch(placed.order.symbol);
      events.publish('workingOrder', placed.order.symbol);
    }
    return toOrder(placed.order);
  }

  async function expire(): Promise<number> {
    const expired = await expireDue(ctx);
    publish(expired.map((order) => ({ order, trade: null })));
    return expired.length;
  }

  /** Stops matching and expiry (until the next `start()`) and waits for the jobs under way. */
  async function stopMatching(): Promise<void> {
    const current = matching;
    matching = undefined;
    await current?.stop();
    await jobs.idle();
  }

  return {
    id: PAPER_BROKER_ID,
    name: PAPER_BROKER_NAME,
    environment: 'paper',
    capabilities: { orderTypes: ORDER_TYPES, timesInForce: TIME_IN_FORCE, fractionalShares: paper.fractional },
    account: async (userId: string): Promise<BrokerInfo> => paperBroker(userId),
    placeOrder: (userId: string, input: OrderInput): Promise<Order> => {
      const parsed = parseOrderInput(input);
      return jobs.run(() => place(userId, parsed), userId);
    },
    cancelOrder: (userId: string, id: string): Promise<Order> =>
      jobs.run(async () => {
        const cancelled = await cancelOrder(ctx, userId, id);
        publish([{ order: cancelled, trade: null }]);
        return toOrder(cancelled);
      }, userId),
    cancelAllOrders: (userId: string, symbol?: string | null, strategyId?: string | null): Promise<CancelAllResult> =>
      jobs.run(async () => {
        const cancelled = await cancelAllOrders(ctx, userId, symbol, strategyId);
        publish(cancelled.map((order) => ({ order, trade: null })));
        return { cancelled: cancelled.length, errors: [] };
      }, userId),
    closePosition: (userId: string, symbol: string, percentage: number): Promise<Order> =>
      jobs.run(async () => {
        const upper = symbol.trim().toUpperCase();
        if (!Number.isFinite(percentage) || percentage <= 0 || percentage > 100) throw orderError('invalid_percentage');
        const state = await readAccountState(statements, db, userId, { symbol: upper });
        const held = state.positions.find((p) => p.symbol === upper)?.quantity ?? 0;
        if (!(held > 0)) throw orderError('no_position');
        const exact = (held * percentage) / 100;
        const quantity = paper.fractional ? roundQuantity(exact) : Math.floor(roundQuantity(exact));
        if (!(quantity > 0)) throw orderError(paper.fractional ? 'invalid_fractional_quantity' : 'invalid_quantity');
        // The sale is checked again under the account's lock (shares sold meanwhile refuse it).
        return place(userId, {
          symbol: upper,
          side: 'SELL',
          type: 'MARKET',
          timeInForce: 'DAY',
          quantity,
          price: null,
          stopPrice: null,
          clientOrderId: null,
          strategyId: null,
          reason: `Close position (${percentage}%)`,
        });
      }, userId),
    // Reads wait for the engine jobs under way that can change the account (e.g. the matching of a quote already
    // received), not for other accounts' orders.
    orders: async (userId: string, options?: OrdersQuery): Promise<Order[]> => {
      await jobs.barrier(userId);
      return listOrders(db, userId, options);
    },
    order: async (userId: string, id: string): Promise<Order | null> => {
      await jobs.barrier(userId);
      return findOrder(db, userId, id);
    },
    trades: async (userId: string, options?: TradesQuery): Promise<Trade[]> => {
      await jobs.barrier(userId);
      return listTrades(db, userId, options);
    },
    portfolio: async (userId: string): Promise<Portfolio> => {
      await jobs.barrier(userId);
      return toPortfolio(await loadPortfolioSummary(portfolioDeps, userId), now());
    },
    positions: async (userId: string): Promise<Position[]> => {
      await jobs.barrier(userId);
      return toPositions(await loadPortfolioSummary(portfolioDeps, userId));
    },
    match: (symbol: string, quote: MarketQuote): Promise<number> => jobs.run(() => match(symbol, quote)),
    expireDue: (): Promise<number> => jobs.run(expire),
    portfolioUpdates,
    idle: (): Promise<void> => jobs.idle(),
    /**
     * Singleton work: subscribes to the quotes of every symbol with working orders (and of each symbol a `workingOrder`
     * notice names) and starts the expiry checks.
     */
    start: async (): Promise<void> => {
      if (matching || closed) return;
      const unlisten = listen(events.subscribe('workingOrder'), watch, onListenerError);
      const expiryTimer = setInterval(() => {
        void jobs.run(expire).catch((error: unknown) => log.error({ err: error }, 'order expiry failed'));
      }, EXPIRY_CHECK_MS);
      expiryTimer.unref();
      matching = {
        async stop() {
          clearInterval(expiryTimer);
          unlisten();
          for (const symbol of [...watched.keys()]) unwatch(symbol);
        },
      };
      const symbols = await db
        .selectDistinct({ symbol: orders.symbol })
        .from(orders)
        .where(inArray(orders.status, [...WORKING_STATUSES]));
      for (const { symbol } of symbols) watch(symbol);
    },
    stop: stopMatching,
    /** Stops everything for good: matching, expiry and portfolio recomputation. */
    close: async (): Promise<void> => {
      closed = true;
      for (const watcher of [...portfolioWatchers.values()]) watcher.stop();
      portfolioWatchers.clear();
      await stopMatching();
    },
  };
}

export type TradingEngine = PaperBroker;
