/**
 * The backtest of one strategy on one symbol's bars (issue 13 point 4; pure). Long only, one position at a time;
 * portfolios over several symbols (shared cash, one curve) come later and will reuse these rules per symbol.
 *
 * Rules:
 * - Signals: one per bar, decided at the bar's close (`../strategies` produces them; any source fits
 *   {@link BarSignal}). An entry while flat (and no exit on the same bar) buys at the next bar's open; an exit while
 *   holding sells at the next bar's open; an entry while holding and an exit while flat are ignored (no pyramiding,
 *   no shorting). A signal on the last bar does nothing. So a signal at bar i acts at bar i + 1 at the earliest: no
 *   look-ahead. Fills follow `fillModel.ts` (slippage and commission against the trader).
 * - Sizing ({@link Sizing}): the quantity is fixed when the entry fills, from the fill price (slippage included) and
 *   the equity at the signal's close (= cash, as the strategy is flat then); it is capped by what the cash buys
 *   (price and commission) and rounded down to whole shares (6 decimals with `fractional`). A quantity of 0 skips
 *   the entry.
 * - Protective exits ({@link ExitRules}, percentages of the entry fill price; and the ATR stop of
 *   `atrRisk` sizing; each level rounded to whole cents, as an order's price would be) are checked on every bar after the entry's open, the entry bar included (its low and high
 *   come after the fill at its open):
 *   - the stop is the highest of the stop loss, the ATR stop and the trailing stop; it fills when the low reaches
 *     it, at min(open, stop); the take profit fills when the high reaches it, at max(open, target);
 *   - both reached in one bar: the stop is assumed (the worse for the trader) unless the bar opened at or above
 *     the target (`bracketExit`);
 *   - the trailing stop of a bar trails the highest price seen before that bar (the entry price, then the highs of
 *     the bars held): a bar's own high only moves the stop for the next bar, since its order against the bar's low
 *     is unknown.
 *   A signal exit due at a bar's open comes before these (the open is the bar's first price).
 * - Still holding after the last bar: the position is sold at the last close (slippage and commission applied,
 *   exit kind `endOfData`), so the trades' P&L add up to the final equity minus the capital.
 * - Equity: cash plus the position marked at each bar's close, in dollars (after the end-of-data sale on the last
 *   bar). Money is counted in integer cents (`../trading/positionMath.ts`), as the paper broker does.
 * - In the market: a bar counts when a position is held just after its open (an entry at its open, a position
 *   carried in, even if a stop closes it during the bar); a trade's `holdingBars` counts its bars by the same rule,
 *   so they add up to `barsInMarket`.
 * - Buy-and-hold benchmark: the same capital buys as many shares as it can at the first bar's open (same slippage,
 *   commission and rounding) and holds them, marked at each close; never sold.
 * - Times: a trade's entry and exit time are the `time` of the bars they filled in (the bar's start).
 */
import type { Candle } from '../market/candle';
import { roundCents, toCents } from '../market/money';
import { QUANTITY_DECIMALS, valueCents } from '../trading/orderTypes';
import { applyFill, cashDeltaCents, EMPTY_POSITION, type Fill, type PositionState } from '../trading/positionMath';
import {
  bracketExit,
  commissionCents,
  limitFillPrice,
  slippedCents,
  stopFillPrice,
  type Commission,
} from './fillModel';
import { drawdownCurve, exposure, type TradeOutcome } from './metrics';
import { activeStop, entryProtection, type ExitRules, type Protection } from './protection';

/** What a strategy says at a bar's close. */
export interface BarSignal {
  entry: boolean;
  exit: boolean;
  /** Why; becomes the trade's entry or exit reason. */
  reason: string;
}

/** How many shares an entry buys (before the cap by cash and rounding down). */
export type Sizing =
  /** A fixed number of shares. */
  | { kind: 'fixedShares'; shares: number }
  /** A fixed amount of money: dollars / fill price. */
  | { kind: 'fixedDollars'; dollars: number }
  /** A share of the equity at the signal: equity × percent / 100 / fill price. */
  | { kind: 'percentOfEquity'; percent: number }
  /**
   * Risk `riskPercent` of the equity on a stop `atrMultiple` × ATR below the entry: quantity = equity ×
   * riskPercent / 100 / (atr[signal bar] × atrMultiple), and that stop protects the trade. `atr` is given per bar
   * (e.g. `atr()` of `../indicators`); no entry where it is NaN (warm-up) or ≤ 0.
   */
  | { kind: 'atrRisk'; riskPercent: number; atrMultiple: number; atr: ArrayLike<number> };

/** Protective exits, each optional, in percent of the entry fill price (5 = 5 %): ./protection.ts. */
export type { ExitRules };

/** How a trade ended. */
export type ExitKind =
  /** An exit signal, sold at the next open. */
  | 'signal'
  | 'stopLoss'
  /** The stop of `atrRisk` sizing. */
  | 'atrStop'
  | 'takeProfit'
  | 'trailingStop'
  /** Still open after the last bar, sold at its close. */
  | 'endOfData';

/** The exit reason of a trade not ended by a signal. */
export const EXIT_REASONS: Readonly<Record<Exclude<ExitKind, 'signal'>, string>> = {
  stopLoss: 'Stop loss',
  atrStop: 'ATR stop',
  takeProfit: 'Take profit',
  trailingStop: 'Trailing stop',
  endOfData: 'End of data',
};

export interface BacktestTrade extends TradeOutcome {
  /** Bar indexes and times (bar starts, epoch ms) of the entry and exit fills. */
  entryIndex: number;
  exitIndex: number;
  entryTime: number;
  exitTime: number;
  /** Fill prices in dollars, slippage included. */
  entryPrice: number;
  exitPrice: number;
  quantity: number;
  /** Dollars: exit value − entry value − both commissions. */
  pnl: number;
  /** pnl / (entry value + entry commission). */
  return: number;
  /** Bars in the market (see the header). */
  holdingBars: number;
  /** exitTime − entryTime. */
  holdingMs: number;
  entryReason: string;
  exitReason: string;
  exitKind: ExitKind;
}

export interface BacktestInput {
  bars: readonly Candle[];
  /** One per bar. */
  signals: readonly BarSignal[];
  /** Initial capital in dollars. */
  capital: number;
  sizing: Sizing;
  exits?: ExitRules;
  commission?: Commission;
  slippageBps?: number;
  /** Fractional shares (6 decimals); whole shares by default. */
  fractional?: boolean;
}

export interface BacktestResult {
  /** Dollars at each bar's close. */
  equity: Float64Array;
  /** equity / running peak − 1 at each bar (≤ 0), the capital being the first peak. */
  drawdown: Float64Array;
  /** Buy-and-hold of the same capital, dollars at each bar's close. */
  benchmark: Float64Array;
  trades: BacktestTrade[];
  barsInMarket: number;
  /** barsInMarket / bars. */
  exposure: number;
  finalEquity: number;
}

const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;
/** Lets a quotient such as 2.9999999999 (from binary fractions) round down to 3, not 2. */
const QUANTITY_TOLERANCE = 1e-9;

/**
 * The most shares `cashCents` buys at `priceCents` with commission, rounded down to whole shares (or 6 decimals
 * when `fractional`), and never more than `wanted`.
 */
export function affordableQuantity(
  wanted: number,
  cashCents: number,
  priceCents: number,
  commission: Commission,
  fractional: boolean,
): number {
  const perShareCents = priceCents + (commission.perShare ?? 0) * 100;
  const cap = (cashCents - (commission.perTrade ?? 0) * 100) / perShareCents;
  const raw = wanted < cap ? wanted : cap;
  if (!(raw > 0)) return 0;
  const scale = fractional ? QUANTITY_SCALE : 1;
  let quantity = Math.floor(raw * scale + QUANTITY_TOLERANCE) / scale;
  if (valueCents(quantity, priceCents) + commissionCents(quantity, commission) > cashCents) {
    quantity = Math.max(0, Math.round((quantity - 1 / scale) * scale) / scale);
  }
  return quantity;
}

/** Shares an entry wants (before the cap by cash): see {@link Sizing}. */
export function wantedQuantity(sizing: Sizing, signalIndex: number, equityCents: number, priceCents: number): number {
  switch (sizing.kind) {
    case 'fixedShares':
      return sizing.shares;
    case 'fixedDollars':
      return toCents(sizing.dollars) / priceCents;
    case 'percentOfEquity':
      return (equityCents * sizing.percent) / 100 / priceCents;
    case 'atrRisk': {
      const distanceCents = atrStopDistance(sizing, signalIndex) * 100;
      return distanceCents > 0 ? (equityCents * sizing.riskPercent) / 100 / distanceCents : 0;
    }
  }
}

/** The ATR stop's distance below the entry in dollars (NaN in the ATR's warm-up). */
export function atrStopDistance(sizing: Extract<Sizing, { kind: 'atrRisk' }>, signalIndex: number): number {
  return sizing.atr[signalIndex]! * sizing.atrMultiple;
}

/** Buy-and-hold of `capital` dollars bought at the first bar's open: dollars at each bar's close. */
export function buyAndHold(
  bars: readonly Candle[],
  capital: number,
  commission: Commission,
  slippageBps: number,
  fractional: boolean,
): Float64Array {
  const curve = new Float64Array(bars.length);
  if (bars.length === 0) return curve;
  let cashCents = toCents(capital);
  const priceCents = slippedCents('BUY', bars[0]!.open, slippageBps);
  const quantity = affordableQuantity(Number.POSITIVE_INFINITY, cashCents, priceCents, commission, fractional);
  if (quantity > 0) {
    cashCents += cashDeltaCents({
      side: 'BUY',
      quantity,
      priceCents,
      commissionCents: commissionCents(quantity, commission),
    });
  }
  for (let i = 0; i < bars.length; i++) {
    curve[i] = (cashCents + valueCents(quantity, toCents(bars[i]!.close))) / 100;
  }
  return curve;
}

function validate(input: BacktestInput): void {
  const n = input.bars.length;
  if (input.signals.length !== n) throw new RangeError('signals must have one entry per bar');
  if (!(input.capital > 0)) throw new RangeError('capital must be positive');
  if (input.sizing.kind === 'atrRisk' && input.sizing.atr.length !== n) {
    throw new RangeError('atr must have one value per bar');
  }
}

export function runBacktest(input: BacktestInput): BacktestResult {
  validate(input);
  const { bars, signals, capital, sizing } = input;
  const exits = input.exits ?? {};
  const commission = input.commission ?? {};
  const slippageBps = input.slippageBps ?? 0;
  const fractional = input.fractional ?? false;
  const trailingPercent = exits.trailingStopPercent ?? 0;
  const n = bars.length;

  const equity = new Float64Array(n);
  const trades: BacktestTrade[] = [];
  let cashCents = toCents(capital);
  let position: PositionState = EMPTY_POSITION;
  let barsInMarket = 0;
  // Orders decided at the previous close: the index of the signal bar, or −1.
  let pendingEntry = -1;
  let pendingExit = -1;
  // The open trade.
  let entryIndex = -1;
  let entryPriceCents = 0;
  let entryReason = '';
  let protection: Protection = entryProtection(0, {});
  let highWater = 0;
  let holdingBars = 0;

  const enter = (index: number, signalIndex: number): void => {
    const bar = bars[index]!;
    const priceCents = slippedCents('BUY', bar.open, slippageBps);
    const wanted = wantedQuantity(sizing, signalIndex, cashCents, priceCents);
    const quantity = affordableQuantity(wanted, cashCents, priceCents, commission, fractional);
    if (quantity <= 0) return;
    const fill: Fill = { side: 'BUY', quantity, priceCents, commissionCents: commissionCents(quantity, commission) };
    cashCents += cashDeltaCents(fill);
    position = applyFill(EMPTY_POSITION, fill);
    entryIndex = index;
    entryPriceCents = priceCents;
    entryReason = signals[signalIndex]!.reason;
    const entryPrice = priceCents / 100;
    const atrStop =
      sizing.kind === 'atrRisk' ? roundCents(entryPrice - atrStopDistance(sizing, signalIndex)) : undefined;
    protection = entryProtection(entryPrice, exits, atrStop);
    highWater = entryPrice;
    holdingBars = 0;
  };

  const exit = (index: number, priceCents: number, kind: ExitKind, reason: string): void => {
    const quantity = position.quantity;
    const fill: Fill = { side: 'SELL', quantity, priceCents, commissionCents: commissionCents(quantity, commission) };
    cashCents += cashDeltaCents(fill);
    const pnlCents = applyFill(position, fill).realizedCents;
    const entryTime = bars[entryIndex]!.time;
    const exitTime = bars[index]!.time;
    trades.push({
      entryIndex,
      exitIndex: index,
      entryTime,
      exitTime,
      entryPrice: entryPriceCents / 100,
      exitPrice: priceCents / 100,
      quantity,
      pnl: pnlCents / 100,
      return: pnlCents / position.costCents,
      holdingBars,
      holdingMs: exitTime - entryTime,
      entryReason,
      exitReason: reason,
      exitKind: kind,
    });
    position = EMPTY_POSITION;
  };

  for (let i = 0; i < n; i++) {
    const bar = bars[i]!;
    if (pendingExit >= 0) {
      exit(i, slippedCents('SELL', bar.open, slippageBps), 'signal', signals[pendingExit]!.reason);
      pendingExit = -1;
    } else if (pendingEntry >= 0) {
      enter(i, pendingEntry);
      pendingEntry = -1;
    }
    if (position.quantity > 0) {
      barsInMarket++;
      holdingBars++;
      const stop = activeStop(protection, highWater, trailingPercent);
      const leg = bracketExit(stop.price, protection.target, bar);
      if (leg === 'stop') {
        const price = stopFillPrice('SELL', stop.price, bar)!;
        exit(i, slippedCents('SELL', price, slippageBps), stop.kind, EXIT_REASONS[stop.kind]);
      } else if (leg === 'target') {
        const price = limitFillPrice('SELL', protection.target, bar)!;
        exit(i, slippedCents('SELL', price, slippageBps), 'takeProfit', EXIT_REASONS.takeProfit);
      } else if (bar.high > highWater) {
        highWater = bar.high;
      }
      if (i === n - 1 && position.quantity > 0) {
        exit(i, slippedCents('SELL', bar.close, slippageBps), 'endOfData', EXIT_REASONS.endOfData);
      }
    }
    equity[i] =
      position.quantity > 0 ? (cashCents + valueCents(position.quantity, toCents(bar.close))) / 100 : cashCents / 100;
    const signal = signals[i]!;
    if (position.quantity > 0) {
      if (signal.exit) pendingExit = i;
    } else if (signal.entry && !signal.exit) {
      pendingEntry = i;
    }
  }

  return {
    equity,
    drawdown: drawdownCurve(equity, capital),
    benchmark: buyAndHold(bars, capital, commission, slippageBps, fractional),
    trades,
    barsInMarket,
    exposure: exposure(barsInMarket, n),
    finalEquity: n > 0 ? equity[n - 1]! : capital,
  };
}
