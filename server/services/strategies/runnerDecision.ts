/**
 * What a running strategy does as a bar closes (issue 13 point 3), pure:
 * - The rules are evaluated by the one signal engine (`evaluate`) over the closed bars of the definition's interval
 *   (the still-forming bar left out); only the newest closed bar acts.
 * - Exit signal while the strategy holds shares → SELL all it holds. Entry signal while it holds none and has no
 *   working order in the symbol → BUY, sized by the definition (`wantedQuantity` of the backtester, equity from the
 *   account's value), capped by what the buying power pays for, whole shares unless fractional ones are allowed.
 * - The client order id is deterministic per strategy, symbol, bar and side, so that placing it again (a restart, a
 *   new leader) returns the first order instead of doubling it.
 * - Protective exits (stop loss, take profit, trailing stop) are watched quote by quote: ./runnerProtection.ts.
 */
import { affordableQuantity, wantedQuantity } from '../../../src/domain/backtest/engine';
import { engineSizing } from '../../../src/domain/backtest/strategyBacktest';
import { bucketStart, type Candle } from '../../../src/domain/market/candle';
import { toCents } from '../../../src/domain/market/money';
import { barColumns, evaluate, type BarColumns, type StrategyDefinition } from '../../../src/domain/strategies';
import type { OrderSide } from '../../../src/domain/trading/orderTypes';

/** The bars before the one forming at `now` (the provider's last bar is still forming while the market trades). */
export function closedBars(candles: readonly Candle[], definition: StrategyDefinition, now: number): Candle[] {
  const forming = bucketStart(now, definition.interval);
  return candles.filter((bar) => bar.time < forming);
}

/** `strategy-<strategy id>-<symbol>-<bar start, epoch ms>-<B|S>`: at most 72 characters (symbols have at most 10). */
export function barOrderId(strategyId: string, symbol: string, barTime: number, side: OrderSide): string {
  return `strategy-${strategyId}-${symbol}-${barTime}-${side === 'BUY' ? 'B' : 'S'}`;
}

/** The newest closed bar's signal for a strategy holding `held` shares, or null when it does nothing. */
export interface BarSignal {
  side: OrderSide;
  reason: string;
  barTime: number;
  /** The bar's index in `columns` (ATR-risk sizing reads its ATR there). */
  index: number;
  columns: BarColumns;
}

export function signalOnNewestBar(
  definition: StrategyDefinition,
  bars: readonly Candle[],
  standing: { held: number; working: boolean },
): BarSignal | null {
  const index = bars.length - 1;
  if (index < 0) return null;
  const columns = barColumns(bars);
  // Only the newest bar acts; the indicators still read the whole history.
  const signals = evaluate(definition, columns, { from: index });
  const side: OrderSide | null =
    standing.held > 0
      ? signals.exit[index]
        ? 'SELL'
        : null
      : !standing.working && signals.entry[index]
        ? 'BUY'
        : null;
  if (!side) return null;
  const reason = signals.reason(index, side === 'BUY' ? 'entry' : 'exit') ?? '';
  return { side, reason, barTime: columns.time[index]!, index, columns };
}

/** Shares an entry buys: the definition's sizing at `price`, capped by `buyingPower` (dollars), rounded down. */
export function entryQuantity(
  definition: StrategyDefinition,
  signal: Pick<BarSignal, 'index' | 'columns'>,
  account: { equity: number; buyingPower: number; commissionCents: number; fractional: boolean },
  price: number,
): number {
  const priceCents = toCents(price);
  if (!(priceCents > 0)) return 0;
  const wanted = wantedQuantity(
    engineSizing(definition.sizing, signal.columns),
    signal.index,
    toCents(account.equity),
    priceCents,
  );
  return affordableQuantity(
    wanted,
    toCents(account.buyingPower),
    priceCents,
    { perTrade: account.commissionCents / 100 },
    account.fractional,
  );
}
