/**
 * The live runner's protective exits (issue 13 point 3; the rule is src/domain/backtest/protection.ts, the
 * backtester's):
 * - A strategy with a stop loss, a take profit, a trailing stop or ATR-risk sizing that holds shares in a symbol is
 *   guarded: its entry is the average fill price of its latest filled buy there; the ATR stop uses the ATR of the
 *   bar that signalled that buy (the bar in its client order id); the high-water mark starts at the highest of the
 *   entry and the highs of the bars since the entry, and rises with each quote.
 * - Each quote is checked (pure, {@link checkQuote}): at or below the active stop → the stop's exit; at or above the
 *   target → take profit; otherwise the high-water mark rises to the quote. The check is on the quote's price, so a
 *   stop fires on the first quote through it (the backtester fills inside the bar; a live exit is a market order).
 * - The exit is one MARKET DAY sell of every share the strategy holds, through the normal order path, with the
 *   reason ("Stop loss at 91.80") and the client order id `strategy-<id>-<symbol>-<entry ms>-P`, one per
 *   position, so a restart or a second runner never sells twice.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { atrStopDistance, EXIT_REASONS } from '../../../src/domain/backtest/engine';
import { activeStop, entryProtection, hasProtection, type Protection } from '../../../src/domain/backtest/protection';
import { engineSizing } from '../../../src/domain/backtest/strategyBacktest';
import { bucketStart, type Candle } from '../../../src/domain/market/candle';
import { roundCents } from '../../../src/domain/market/money';
import { barColumns, type StrategyDefinition } from '../../../src/domain/strategies';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { RunningStrategy } from './runnerQueries';

export interface GuardedPosition {
  strategyId: string;
  symbol: string;
  entryPrice: number;
  /** When the entry order was placed (epoch ms): names the exit's client order id. */
  entryAt: number;
  protection: Protection;
  trailingStopPercent: number | undefined;
  highWater: number;
  /** An exit was asked for (not asked again until the guard is read anew). */
  fired: boolean;
}

export type ProtectiveExit = { kind: 'stopLoss' | 'atrStop' | 'trailingStop' | 'takeProfit'; level: number };

export function guards(definition: StrategyDefinition): boolean {
  return hasProtection(definition.stops, definition.sizing.kind === 'atrRisk');
}

export function protectiveOrderId(strategyId: string, symbol: string, entryAt: number): string {
  return `strategy-${strategyId}-${symbol}-${entryAt}-P`;
}

export function exitReason(exit: ProtectiveExit, price: number): string {
  return `${EXIT_REASONS[exit.kind]} at ${price.toFixed(2)}`;
}

/** The exit a quote at `price` calls for, or null (then the high-water mark has risen to it). */
export function checkQuote(guard: GuardedPosition, price: number): ProtectiveExit | null {
  const stop = activeStop(guard.protection, guard.highWater, guard.trailingStopPercent);
  if (price <= stop.price) return { kind: stop.kind, level: stop.price };
  if (price >= guard.protection.target) return { kind: 'takeProfit', level: guard.protection.target };
  if (price > guard.highWater) guard.highWater = price;
  return null;
}

/** The strategy's latest filled buy in `symbol`: its average fill price, time and client order id. */
async function latestEntry(db: Database, strategy: Pick<RunningStrategy, 'id' | 'userId'>, symbol: string) {
  const [row] = await db
    .select({
      valueCents: orders.fillValueCents,
      filled: orders.filledQuantity,
      createdAt: orders.createdAt,
      clientOrderId: orders.clientOrderId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, strategy.userId),
        eq(orders.strategyId, strategy.id),
        eq(orders.symbol, symbol),
        eq(orders.side, 'BUY'),
        gt(orders.filledQuantity, 0),
      ),
    )
    .orderBy(desc(orders.seq))
    .limit(1);
  if (!row || !(row.filled > 0)) return null;
  return {
    price: roundCents(row.valueCents / row.filled / 100),
    at: row.createdAt.getTime(),
    clientOrderId: row.clientOrderId,
  };
}

/** The ATR stop of an ATR-risk entry signalled at `barTime` (undefined without ATR sizing or that bar). */
function atrStop(definition: StrategyDefinition, bars: readonly Candle[], barTime: number, entryPrice: number) {
  if (definition.sizing.kind !== 'atrRisk') return undefined;
  const index = bars.findIndex((bar) => bar.time === barTime);
  if (index < 0) return undefined;
  const sizing = engineSizing(definition.sizing, barColumns(bars));
  if (sizing.kind !== 'atrRisk') return undefined;
  const distance = atrStopDistance(sizing, index);
  return Number.isFinite(distance) ? roundCents(entryPrice - distance) : undefined;
}

/** The guard of a strategy holding shares of `symbol` (`bars`: its interval's recent bars), or null. */
export async function loadGuard(
  db: Database,
  strategy: RunningStrategy,
  symbol: string,
  bars: readonly Candle[],
): Promise<GuardedPosition | null> {
  const entry = await latestEntry(db, strategy, symbol);
  if (!entry) return null;
  const { definition } = strategy;
  const signalBar = Number(/-(\d+)-B$/.exec(entry.clientOrderId ?? '')?.[1] ?? NaN);
  const since = bucketStart(entry.at, definition.interval);
  const highs = bars.filter((bar) => bar.time >= since).map((bar) => bar.high);
  return {
    strategyId: strategy.id,
    symbol,
    entryPrice: entry.price,
    entryAt: entry.at,
    protection: entryProtection(entry.price, definition.stops, atrStop(definition, bars, signalBar, entry.price)),
    trailingStopPercent: definition.stops.trailingStopPercent,
    highWater: Math.max(entry.price, ...highs),
    fired: false,
  };
}
