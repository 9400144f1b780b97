/**
 * The strategy runner (issue 13 point 3): singleton work (run by the leader, server/services/leader) that trades every
 * active strategy with a definition, of every user, through the normal order path.
 *
 * - `start()` loads the active strategies (so that they resume after a restart or on a new leader), subscribes to the
 *   quotes of their symbols and handles the newest closed bar of each at once (an order already placed for that bar,
 *   before the restart, is found and not placed again). A `strategyChanged` notice on the event bus (activation,
 *   deactivation, a change, a deletion, from any process) reads that strategy again.
 * - A bar of the definition's interval has closed when a quote's bar bucket differs from the previous quote's; the
 *   rules then act on the newest closed bar (./runnerDecision.ts): one MARKET DAY order at most per strategy, symbol and
 *   bar, with the strategy's id, the signal's reason and a deterministic client order id.
 * - Each order goes through `placeOrder` like the user's: every risk check, the emergency stop and the user's trading
 *   parameters apply. A refusal is logged and the runner goes on with the next bar.
 * - Protective exits (stop loss, ATR stop, take profit, trailing stop; ./runnerProtection.ts): a strategy holding shares
 *   is guarded quote by quote, read again after each closed bar and each of its fills (the user's tradeExecuted
 *   events); the exit is one market sell of its shares with a client order id per position.
 * - Bars are handled one at a time, in the order they closed. Before placing, the strategy's row is read again: a
 *   deactivation committed meanwhile stops it even before its notice arrives.
 */
import type { Logger } from 'pino';
import { bucketStart, type Candle } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { PaperSettings } from '../../config';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { listen } from '../../listen';
import { createSerialQueue } from '../../serialQueue';
import type { BrokerProvider } from '../brokers';
import type { MarketDataProvider } from '../market';
import { barOrderId, closedBars, entryQuantity, signalOnNewestBar } from './runnerDecision';
import {
  checkQuote,
  exitReason,
  guards,
  loadGuard,
  protectiveOrderId,
  type GuardedPosition,
  type ProtectiveExit,
} from './runnerProtection';
import { loadRunningStrategies, loadRunningStrategy, loadStanding, type RunningStrategy } from './runnerQueries';

/** Bars of a strategy's interval read as one of them closes (the indicators' warm-up reads them). */
export const RUNNER_BARS = 500;

export interface StrategyRunnerDeps {
  db: Database;
  events: EventBus;
  market: MarketDataProvider;
  broker: Pick<BrokerProvider, 'placeOrder' | 'portfolio'>;
  paper: Pick<PaperSettings, 'commissionCents' | 'fractional'>;
  now: () => Date;
  log: Pick<Logger, 'warn' | 'error'>;
  /** Told of each BUY entry signal on a closed bar before it is sized and placed (opportunity alerts); it never changes the trade. */
  onEntrySignal?: (entry: EntrySignal) => void;
}

/** A BUY entry signal: the strategy, the symbol, the closed bars evaluated (the last is the signal's) and why. */
export interface EntrySignal {
  strategyId: string;
  userId: string;
  symbol: string;
  definition: RunningStrategy['definition'];
  bars: readonly Candle[];
  reason: string;
}

export interface StrategyRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no bar or notice is being handled. */
  idle(): Promise<void>;
  /** How many strategies run here now. */
  running(): number;
  /**
   * Reads every active strategy again: for the changes made through another process when notices do not travel
   * between processes (PostgreSQL without Redis; the leader's singleton work calls it periodically).
   */
  refresh(): Promise<void>;
}

interface Feed {
  unsubscribe(): void;
  /** Time of the symbol's previous quote (undefined until the first one). */
  lastQuoteAt: number | undefined;
  strategies: Set<string>;
}

export function createStrategyRunner({
  db,
  events,
  market,
  broker,
  paper,
  now,
  log,
  onEntrySignal,
}: StrategyRunnerDeps): StrategyRunner {
  const running = new Map<string, RunningStrategy>();
  const feeds = new Map<string, Feed>();
  /** Guarded positions by `<strategy id>:<symbol>`. */
  const guarded = new Map<string, GuardedPosition>();
  /** tradeExecuted subscriptions of the users whose running strategies have protective exits. */
  const tradeFeeds = new Map<string, () => void>();
  let unlisten: (() => void) | undefined;
  const { enqueue, idle } = createSerialQueue((error) => log.error({ err: error }, 'strategy runner: a job failed'));

  /** Acts on `strategy`'s newest bar of `symbol` closed at `at` (epoch ms). */
  async function handleBar(strategy: RunningStrategy, symbol: string, at: number): Promise<void> {
    // Stopped, deactivated or changed since the bar closed.
    if (running.get(strategy.id) !== strategy) return;
    const { definition } = strategy;
    const bars = closedBars(await market.getCandles(symbol, definition.interval, RUNNER_BARS), definition, at);
    const newest = bars.at(-1);
    if (!newest) return;
    const orderIds = {
      BUY: barOrderId(strategy.id, symbol, newest.time, 'BUY'),
      SELL: barOrderId(strategy.id, symbol, newest.time, 'SELL'),
    };
    const standing = await loadStanding(db, strategy, symbol, Object.values(orderIds));
    if (!standing.active || standing.handled) return;
    const signal = signalOnNewestBar(definition, bars, standing);
    if (!signal) return;
    let quantity = standing.held;
    if (signal.side === 'BUY') {
      try {
        const { id: strategyId, userId } = strategy;
        onEntrySignal?.({ strategyId, userId, symbol, definition, bars, reason: signal.reason });
      } catch (error) {
        log.error({ err: error, strategyId: strategy.id }, 'strategy runner: the entry listener failed');
      }
      const [portfolio, quote] = await Promise.all([broker.portfolio(strategy.userId), market.getQuote(symbol)]);
      quantity = entryQuantity(
        definition,
        signal,
        { equity: portfolio.totalValue, buyingPower: portfolio.buyingPower, ...paper },
        quote?.ask ?? newest.close,
      );
      if (!(quantity > 0)) {
        log.warn({ strategyId: strategy.id, symbol }, 'strategy runner: the entry buys no shares (sizing, cash)');
        return;
      }
    }
    try {
      await broker.placeOrder(strategy.userId, {
        symbol,
        side: signal.side,
        type: 'MARKET',
        timeInForce: 'DAY',
        quantity,
        clientOrderId: orderIds[signal.side],
        strategyId: strategy.id,
        reason: signal.reason,
      });
    } catch (error) {
      log.warn({ err: error, strategyId: strategy.id, symbol }, 'strategy runner: order refused');
    }
  }

  /** Reads the strategy's guard in `symbol` again (none when it holds nothing or has no protective exit). */
  async function refreshGuard(strategy: RunningStrategy, symbol: string): Promise<void> {
    const key = `${strategy.id}:${symbol}`;
    const standing =
      running.get(strategy.id) === strategy && guards(strategy.definition)
        ? await loadStanding(db, strategy, symbol, [])
        : null;
    if (!standing?.active || standing.held <= 0) {
      guarded.delete(key);
      return;
    }
    const bars = await market.getCandles(symbol, strategy.definition.interval, RUNNER_BARS);
    const guard = await loadGuard(db, strategy, symbol, bars);
    if (!guard || running.get(strategy.id) !== strategy) {
      guarded.delete(key);
      return;
    }
    const previous = guarded.get(key);
    if (previous?.entryAt === guard.entryAt) guard.highWater = Math.max(guard.highWater, previous.highWater);
    guarded.set(key, guard);
  }

  /** Sells every share the strategy holds in the guarded symbol, once per position. */
  async function exitPosition(strategy: RunningStrategy, guard: GuardedPosition, exit: ProtectiveExit, price: number) {
    if (running.get(strategy.id) !== strategy) return;
    const clientOrderId = protectiveOrderId(strategy.id, guard.symbol, guard.entryAt);
    const standing = await loadStanding(db, strategy, guard.symbol, [clientOrderId]);
    if (!standing.active || standing.held <= 0 || standing.handled) return;
    try {
      await broker.placeOrder(strategy.userId, {
        symbol: guard.symbol,
        side: 'SELL',
        type: 'MARKET',
        timeInForce: 'DAY',
        quantity: standing.held,
        clientOrderId,
        strategyId: strategy.id,
        reason: exitReason(exit, price),
      });
    } catch (error) {
      log.warn({ err: error, strategyId: strategy.id, symbol: guard.symbol }, 'strategy runner: exit refused');
    }
  }

  /** A bar of the strategy's interval closed: its rules act, then its guard is read again. */
  async function onBarClosed(strategy: RunningStrategy, symbol: string, at: number): Promise<void> {
    await handleBar(strategy, symbol, at);
    await refreshGuard(strategy, symbol);
  }

  function onQuote(quote: MarketQuote): void {
    const feed = feeds.get(quote.symbol);
    if (!feed) return;
    const previous = feed.lastQuoteAt;
    feed.lastQuoteAt = quote.timestamp;
    if (previous === undefined) return;
    for (const id of feed.strategies) {
      const strategy = running.get(id);
      if (!strategy) continue;
      const { interval } = strategy.definition;
      if (bucketStart(previous, interval) === bucketStart(quote.timestamp, interval)) continue;
      enqueue(() => onBarClosed(strategy, quote.symbol, quote.timestamp));
    }
    for (const id of feed.strategies) {
      const guard = guarded.get(`${id}:${quote.symbol}`);
      const strategy = running.get(id);
      if (!guard || guard.fired || !strategy) continue;
      const exit = checkQuote(guard, quote.price);
      if (!exit) continue;
      guard.fired = true;
      enqueue(() => exitPosition(strategy, guard, exit, quote.price));
    }
  }

  /** Follows the fills of the users whose running strategies have protective exits. */
  function syncTradeFeeds(): void {
    const users = new Set([...running.values()].filter((s) => guards(s.definition)).map((s) => s.userId));
    for (const [userId, unsubscribe] of tradeFeeds) {
      if (users.has(userId)) continue;
      unsubscribe();
      tradeFeeds.delete(userId);
    }
    for (const userId of users) {
      if (tradeFeeds.has(userId)) continue;
      tradeFeeds.set(
        userId,
        listen(
          events.subscribe('tradeExecuted', userId),
          (trade) => {
            const strategy = trade.strategyId ? running.get(trade.strategyId) : undefined;
            if (strategy && guards(strategy.definition)) enqueue(() => refreshGuard(strategy, trade.symbol));
          },
          (error) => log.error({ err: error }, 'strategy runner: fills listener failed'),
        ),
      );
    }
    for (const key of guarded.keys()) {
      const strategy = running.get(key.slice(0, key.indexOf(':')));
      if (!strategy || !guards(strategy.definition)) guarded.delete(key);
    }
  }

  /** Subscribes to the symbols the running strategies trade, and only to them. */
  function syncFeeds(): void {
    const wanted = new Map<string, Set<string>>();
    for (const strategy of running.values()) {
      for (const symbol of strategy.definition.symbols) {
        const ids = wanted.get(symbol) ?? new Set<string>();
        wanted.set(symbol, ids.add(strategy.id));
      }
    }
    for (const [symbol, feed] of feeds) {
      if (wanted.has(symbol)) continue;
      feed.unsubscribe();
      feeds.delete(symbol);
    }
    syncTradeFeeds();
    for (const [symbol, ids] of wanted) {
      const feed = feeds.get(symbol);
      if (feed) feed.strategies = ids;
      else
        feeds.set(symbol, {
          unsubscribe: market.subscribe([symbol], onQuote),
          lastQuoteAt: undefined,
          strategies: ids,
        });
    }
  }

  /** Reads the strategy again: it runs (with its current definition) while active with rules, else it stops. */
  async function reload(id: string): Promise<void> {
    if (!unlisten) return;
    const strategy = await loadRunningStrategy(db, id);
    if (!unlisten) return;
    if (strategy) running.set(id, strategy);
    else running.delete(id);
    syncFeeds();
    // Guards follow the current rules (their stops may have changed).
    if (strategy) for (const symbol of strategy.definition.symbols) enqueue(() => refreshGuard(strategy, symbol));
  }

  /** Reads every active strategy again: new ones run, stopped ones stop, changed ones run by their new rules. */
  async function refresh(): Promise<void> {
    if (!unlisten) return;
    const loaded = await loadRunningStrategies(db);
    if (!unlisten) return;
    const ids = new Set(loaded.map((strategy) => strategy.id));
    for (const id of running.keys()) if (!ids.has(id)) running.delete(id);
    for (const strategy of loaded)
      if (running.get(strategy.id)?.code !== strategy.code) running.set(strategy.id, strategy);
    syncFeeds();
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = listen(
        events.subscribe('strategyChanged'),
        (id) => enqueue(() => reload(id)),
        (error) => log.error({ err: error }, 'strategy runner: notice listener failed'),
      );
      const strategies = await loadRunningStrategies(db);
      if (!unlisten) return; // stopped meanwhile
      for (const strategy of strategies) running.set(strategy.id, strategy);
      syncFeeds();
      // Resuming: the newest closed bar of each (not placed twice: its order, if placed before, is found).
      const at = now().getTime();
      for (const strategy of strategies) {
        for (const symbol of strategy.definition.symbols) enqueue(() => onBarClosed(strategy, symbol, at));
      }
    },
    async stop() {
      unlisten?.();
      unlisten = undefined;
      running.clear();
      syncFeeds();
      await idle();
    },
    idle,
    running: () => running.size,
    refresh: () => {
      enqueue(refresh);
      return idle();
    },
  };
}
