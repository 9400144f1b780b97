/**
 * The paper broker (issue 5 point 4): accepts orders after the risk checks, keeps the book of working orders,
 * matches it on every quote tick of a symbol with working orders, expires DAY orders at the close, and tells
 * the user's subscribers (orderUpdated, tradeExecuted, portfolioUpdated).
 *
 * Every write goes through one serial queue, so each check sees the previous write; every fill is one
 * database transaction (order, trade, position and cash).
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { RISK_PRESETS } from '../../../src/domain/constants';
import { isMarketOpen, nextClose } from '../../../src/domain/market/calendar';
import { toCents } from '../../../src/domain/market/money';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Portfolio, Position } from '../../../src/domain/trading/account';
import type { BrokerInfo } from '../../../src/domain/trading/broker';
import { availableQuantity, decideFill, type QuoteCents } from '../../../src/domain/trading/fills';
import { ORDER_ERROR_TEXTS, type OrderErrorCode } from '../../../src/domain/trading/orderErrors';
import type { CancelAllResult, Order, OrderInput, ParsedOrderInput, Trade } from '../../../src/domain/trading/orders';
import {
  ORDER_TYPES,
  roundQuantity,
  TIME_IN_FORCE,
  WORKING_STATUSES,
  type OrderStatus,
} from '../../../src/domain/trading/orderTypes';
import { checkOrder } from '../../../src/domain/trading/risk';
import type { PaperSettings } from '../../config';
import type { Database } from '../../db/client';
import { orders, paperAccounts } from '../../db/schema';
import type { EventBus } from '../../events';
import { AppError, notFound } from '../errors';
import type { MarketDataProvider } from '../market';
import { loadPreferencesRow } from '../preferences';
import {
  availableBrokers,
  canTradeLive,
  PAPER_BROKER_ID,
  PAPER_BROKER_NAME,
  paperBroker,
  type BrokerProvider,
  type OrdersQuery,
  type TradesQuery,
} from '../brokers';
import { applyDecision, type AppliedDecision } from './engineFill';
import { createSerialQueue } from './engineQueue';
import { isUuid, parseOrderInput } from './ordersInput';
import { findOrder, listOrders, listTrades } from './ordersQueries';
import { toOrder, toTrade, type OrderRow } from './ordersView';
import { loadPortfolioSummary, toPortfolio, toPositions, type PortfolioDeps } from './portfolioState';

export interface TradingEngineDeps {
  db: Database;
  events: EventBus;
  market: MarketDataProvider;
  now: () => Date;
  paper: PaperSettings;
  log: Pick<Logger, 'warn' | 'error'>;
}

/** The paper broker: a BrokerProvider, and the hooks tests and benchmarks drive it with. */
export interface PaperBroker extends BrokerProvider {
  /** Matches `symbol`'s working orders against `quote` now (queued); resolves with the number of fills. */
  match(symbol: string, quote: MarketQuote): Promise<number>;
  /** Expires working DAY orders whose session has closed (queued); resolves with how many expired. */
  expireDue(): Promise<number>;
  /** Resolves when every queued engine job has finished. */
  idle(): Promise<void>;
}

/** How often working DAY orders are checked for expiry (the close) while the app runs. */
export const EXPIRY_CHECK_MS = 5000;

export const CANCELLED_BY_USER = 'Cancelled by user';
export const EXPIRED_AT_CLOSE = 'Day order expired at the close';

function orderError(code: OrderErrorCode): AppError {
  return new AppError(code, ORDER_ERROR_TEXTS[code]);
}

function quoteCents(quote: Pick<MarketQuote, 'bid' | 'ask'>): QuoteCents {
  return { bidCents: toCents(quote.bid), askCents: toCents(quote.ask) };
}

export function createTradingEngine(deps: TradingEngineDeps): PaperBroker {
  const { db, events, market, now, paper, log } = deps;
  const portfolioDeps: PortfolioDeps = { db, market, now, paper };
  const queue = createSerialQueue();
  const watched = new Map<string, () => void>();
  const latestQuotes = new Map<string, MarketQuote>();
  const portfolioPending = new Set<string>();
  const portfolioLoads = new Set<Promise<void>>();
  /** Open portfolioUpdates subscriptions per user: portfolios are only recomputed for someone watching. */
  const portfolioWatchers = new Map<string, number>();
  let running = false;
  let stopped = false;
  let expiryTimer: ReturnType<typeof setInterval> | undefined;

  const isOpen = (at: Date) => market.isOpen?.(at.getTime()) ?? isMarketOpen(at.getTime());

  function publishPortfolio(userId: string): void {
    if (stopped || !portfolioWatchers.has(userId) || portfolioPending.has(userId)) return;
    portfolioPending.add(userId);
    const load = queue
      .barrier()
      .then(async () => {
        portfolioPending.delete(userId);
        const summary = await loadPortfolioSummary(portfolioDeps, userId);
        events.publish('portfolioUpdated', userId, toPortfolio(summary, now()));
      })
      .catch((error: unknown) => log.error({ err: error }, 'portfolio update not published'))
      .finally(() => portfolioLoads.delete(load));
    portfolioLoads.add(load);
  }

  /** The user's portfolio after each change, while subscribed. */
  async function* portfolioUpdates(userId: string): AsyncGenerator<Portfolio> {
    portfolioWatchers.set(userId, (portfolioWatchers.get(userId) ?? 0) + 1);
    try {
      yield* events.subscribe('portfolioUpdated', userId);
    } finally {
      const left = (portfolioWatchers.get(userId) ?? 1) - 1;
      if (left > 0) portfolioWatchers.set(userId, left);
      else portfolioWatchers.delete(userId);
    }
  }

  function publish(applied: readonly AppliedDecision[]): void {
    const users = new Set<string>();
    for (const { order, trade } of applied) {
      events.publish('orderUpdated', order.userId, toOrder(order));
      if (trade) events.publish('tradeExecuted', order.userId, toTrade(trade));
      users.add(order.userId);
    }
    for (const userId of users) publishPortfolio(userId);
  }

  /** Matches `symbol`'s book against its newest quote (queued; ticks arriving meanwhile are coalesced). */
  function onQuote(quote: MarketQuote): void {
    const scheduled = latestQuotes.has(quote.symbol);
    latestQuotes.set(quote.symbol, quote);
    if (scheduled) return;
    void queue
      .run(async () => {
        const latest = latestQuotes.get(quote.symbol) ?? quote;
        latestQuotes.delete(quote.symbol);
        await matchBook(quote.symbol, latest);
      })
      .catch((error: unknown) => log.error({ err: error, symbol: quote.symbol }, 'order matching failed'));
  }

  function watch(symbol: string): void {
    if (!running || watched.has(symbol)) return;
    watched.set(symbol, market.subscribe([symbol], onQuote));
  }

  function unwatch(symbol: string): void {
    watched.get(symbol)?.();
    watched.delete(symbol);
  }

  async function workingOrders(symbol: string): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.symbol, symbol), inArray(orders.status, [...WORKING_STATUSES])))
      .orderBy(orders.seq);
  }

  /** Runs the book of `symbol` against `quote`; returns the number of fills. Call inside the queue. */
  async function matchBook(symbol: string, quote: MarketQuote): Promise<number> {
    const book = await workingOrders(symbol);
    if (book.length === 0) {
      unwatch(symbol);
      return 0;
    }
    const at = now();
    const open = isOpen(at);
    const cents = quoteCents(quote);
    let available = availableQuantity(quote.avgVolume);
    const applied: AppliedDecision[] = [];
    for (const row of book) {
      const decision = decideFill(orderState(row), cents, open, available);
      if (decision.kind === 'wait' && decision.triggered === row.triggered) continue;
      const result = await db.transaction((tx) => applyDecision(tx, row, decision, paper.commissionCents, at));
      if (result.trade) available = roundQuantity(available - result.trade.quantity);
      applied.push(result);
    }
    publish(applied);
    return applied.filter((a) => a.trade).length;
  }

  async function place(userId: string, input: ParsedOrderInput): Promise<Order> {
    if (input.clientOrderId) {
      const [existing] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, input.clientOrderId)));
      if (existing) return toOrder(existing);
    }
    const at = now();
    const prefs = await loadPreferencesRow(db, userId);
    const instruments = await market.getInstruments();
    const quote = instruments.some((i) => i.symbol === input.symbol) ? await market.getQuote(input.symbol) : undefined;
    // Today's fills matter only to the daily loss limit, which only buys must respect.
    const summary = await loadPortfolioSummary(portfolioDeps, userId, { withDayActivity: input.side === 'BUY' });
    const held = summary.positions.find((p) => p.symbol === input.symbol)?.quantity ?? 0;
    const preset = RISK_PRESETS[prefs.riskTolerance];
    const marketOpen = isOpen(at);
    const verdict = checkOrder(input, {
      knownSymbol: quote !== undefined,
      fractional: paper.fractional,
      emergencyStop: prefs.emergencyStop,
      liveNotAllowed: prefs.tradingMode === 'live' && !canTradeLive(availableBrokers(userId)),
      marketOpen,
      askCents: quote ? toCents(quote.ask) : 0,
      buyingPowerCents: summary.buyingPowerCents,
      commissionCents: paper.commissionCents,
      sellableQuantity: roundQuantity(held - (summary.reservedSells.get(input.symbol) ?? 0)),
      heldQuantity: held,
      maxPositionSizeCents: preset.maxPositionSize * 100,
      dailyLossLimitCents: preset.dailyLossLimit * 100,
      dayPnLCents: summary.dayGainLossCents,
    });
    if (!verdict.ok) throw orderError(verdict.code);
    if (!quote) throw orderError('unknown_symbol');

    const applied = await db.transaction(async (tx) => {
      if (!summary.accountStored) {
        await tx
          .insert(paperAccounts)
          .values({ userId, cashCents: paper.startingCashCents, startingCashCents: paper.startingCashCents })
          .onConflictDoNothing();
      }
      const [row] = await tx
        .insert(orders)
        .values({
          userId,
          clientOrderId: input.clientOrderId,
          symbol: input.symbol,
          side: input.side,
          type: input.type,
          timeInForce: input.timeInForce,
          status: 'OPEN',
          quantity: input.quantity,
          limitPriceCents: input.price === null ? null : toCents(input.price),
          stopPriceCents: input.stopPrice === null ? null : toCents(input.stopPrice),
          reservePriceCents: verdict.reservePriceCents,
          expiresAt: input.timeInForce === 'DAY' ? new Date(nextClose(at.getTime())) : null,
          strategyId: input.strategyId,
          reason: input.reason,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('order not written');
      if (!marketOpen) return { order: row, trade: null };
      const decision = decideFill(orderState(row), quoteCents(quote), true, availableQuantity(quote.avgVolume));
      return applyDecision(tx, row, decision, paper.commissionCents, at);
    });
    publish([applied]);
    if (WORKING_STATUSES.includes(applied.order.status)) watch(applied.order.symbol);
    return toOrder(applied.order);
  }

  async function cancel(userId: string, id: string): Promise<Order> {
    if (!isUuid(id)) throw notFound('Order');
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.id, id)));
    if (!row) throw notFound('Order');
    if (!WORKING_STATUSES.includes(row.status)) throw orderError('order_not_cancellable');
    const [cancelled] = await db
      .update(orders)
      .set({ status: 'CANCELLED', reason: CANCELLED_BY_USER, updatedAt: now() })
      .where(eq(orders.id, row.id))
      .returning();
    if (!cancelled) throw notFound('Order');
    publish([{ order: cancelled, trade: null }]);
    return toOrder(cancelled);
  }

  async function expireDue(): Promise<number> {
    const at = now();
    if (isOpen(at)) return 0;
    const expired = await db
      .update(orders)
      .set({ status: 'EXPIRED' satisfies OrderStatus, reason: EXPIRED_AT_CLOSE, updatedAt: at })
      .where(
        and(inArray(orders.status, [...WORKING_STATUSES]), eq(orders.timeInForce, 'DAY'), lte(orders.expiresAt, at)),
      )
      .returning();
    publish(expired.map((order) => ({ order, trade: null })));
    return expired.length;
  }

  return {
    id: PAPER_BROKER_ID,
    name: PAPER_BROKER_NAME,
    environment: 'paper',
    capabilities: { orderTypes: ORDER_TYPES, timesInForce: TIME_IN_FORCE, fractionalShares: paper.fractional },
    account: async (userId: string): Promise<BrokerInfo> => paperBroker(userId),
    placeOrder: (userId: string, input: OrderInput): Promise<Order> => {
      const parsed = parseOrderInput(input);
      return queue.run(() => place(userId, parsed));
    },
    cancelOrder: (userId: string, id: string): Promise<Order> => queue.run(() => cancel(userId, id)),
    cancelAllOrders: (userId: string, symbol?: string | null): Promise<CancelAllResult> =>
      queue.run(async () => {
        const filter = symbol?.trim().toUpperCase();
        const rows = await db
          .select({ id: orders.id, symbol: orders.symbol })
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId),
              inArray(orders.status, [...WORKING_STATUSES]),
              filter ? eq(orders.symbol, filter) : undefined,
            ),
          )
          .orderBy(orders.seq);
        const errors: string[] = [];
        let cancelled = 0;
        for (const row of rows) {
          try {
            await cancel(userId, row.id);
            cancelled++;
          } catch (error) {
            errors.push(`${row.symbol} order ${row.id}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        return { cancelled, errors };
      }),
    closePosition: (userId: string, symbol: string, percentage: number): Promise<Order> =>
      queue.run(async () => {
        const upper = symbol.trim().toUpperCase();
        if (!Number.isFinite(percentage) || percentage <= 0 || percentage > 100) throw orderError('invalid_percentage');
        const summary = await loadPortfolioSummary(portfolioDeps, userId);
        const held = summary.positions.find((p) => p.symbol === upper)?.quantity ?? 0;
        if (!(held > 0)) throw orderError('no_position');
        const exact = (held * percentage) / 100;
        const quantity = paper.fractional ? roundQuantity(exact) : Math.floor(roundQuantity(exact));
        if (!(quantity > 0)) throw orderError(paper.fractional ? 'invalid_fractional_quantity' : 'invalid_quantity');
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
      }),
    // Reads wait for the engine jobs queued before them (e.g. the matching of a quote already received).
    orders: async (userId: string, options?: OrdersQuery): Promise<Order[]> => {
      await queue.barrier();
      return listOrders(db, userId, options);
    },
    order: async (userId: string, id: string): Promise<Order | null> => {
      await queue.barrier();
      return findOrder(db, userId, id);
    },
    trades: async (userId: string, options?: TradesQuery): Promise<Trade[]> => {
      await queue.barrier();
      return listTrades(db, userId, options);
    },
    portfolio: async (userId: string): Promise<Portfolio> => {
      await queue.barrier();
      return toPortfolio(await loadPortfolioSummary(portfolioDeps, userId), now());
    },
    positions: async (userId: string): Promise<Position[]> => {
      await queue.barrier();
      return toPositions(await loadPortfolioSummary(portfolioDeps, userId));
    },
    match: (symbol: string, quote: MarketQuote): Promise<number> => queue.run(() => matchBook(symbol, quote)),
    expireDue: (): Promise<number> => queue.run(expireDue),
    portfolioUpdates,
    idle: (): Promise<void> => queue.idle(),
    /** Subscribes to the quotes of every symbol with working orders and starts the expiry checks. */
    start: async (): Promise<void> => {
      if (running) return;
      running = true;
      const symbols = await db
        .selectDistinct({ symbol: orders.symbol })
        .from(orders)
        .where(inArray(orders.status, [...WORKING_STATUSES]));
      for (const { symbol } of symbols) watch(symbol);
      expiryTimer = setInterval(() => {
        void queue.run(expireDue).catch((error: unknown) => log.error({ err: error }, 'order expiry failed'));
      }, EXPIRY_CHECK_MS);
      expiryTimer.unref();
    },
    /** Stops matching and expiry and waits for the jobs already queued. */
    stop: async (): Promise<void> => {
      running = false;
      stopped = true;
      if (expiryTimer) clearInterval(expiryTimer);
      expiryTimer = undefined;
      for (const symbol of [...watched.keys()]) unwatch(symbol);
      await queue.idle();
      await Promise.all(portfolioLoads);
    },
  };
}

export type TradingEngine = PaperBroker;

function orderState(row: OrderRow) {
  return {
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    remaining: roundQuantity(row.quantity - row.filledQuantity),
    limitCents: row.limitPriceCents,
    stopCents: row.stopPriceCents,
    triggered: row.triggered,
  };
}
