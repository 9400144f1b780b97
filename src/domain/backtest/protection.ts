/**
 * A long position's protective exits (issue 13 points 1 and 3), one rule for the backtester (./engine.ts) and the
 * live runner (server/services/strategies/runner.ts), pure:
 * - Fixed stop: the entry price less `stopLossPercent` %, or the ATR stop of `atrRisk` sizing when that is higher
 *   (tighter); none without either.
 * - Target (take profit): the entry price plus `takeProfitPercent` %; none without it.
 * - Trailing stop: the highest price seen since the entry (the entry price at first) less `trailingStopPercent` %.
 * - The active stop is the higher of the fixed and the trailing stop, and says which one it is.
 * Prices are rounded to whole cents (an order's price).
 */
import { roundCents } from '../market/money';

export interface ExitRules {
  stopLossPercent?: number;
  takeProfitPercent?: number;
  trailingStopPercent?: number;
}

export type StopKind = 'stopLoss' | 'atrStop' | 'trailingStop';

export interface Protection {
  /** −Infinity: no fixed stop. */
  fixedStop: number;
  fixedStopKind: 'stopLoss' | 'atrStop';
  /** +Infinity: no target. */
  target: number;
}

/** `price` less `percent` %, rounded to whole cents; −Infinity without a positive percent. */
export function percentBelow(price: number, percent: number | undefined): number {
  return percent !== undefined && percent > 0 ? roundCents(price * (1 - percent / 100)) : Number.NEGATIVE_INFINITY;
}

/** The protection of a position entered at `entryPrice` (dollars); `atrStop` is the ATR sizing's stop price, if any. */
export function entryProtection(entryPrice: number, exits: ExitRules, atrStop?: number): Protection {
  let fixedStop = percentBelow(entryPrice, exits.stopLossPercent);
  let fixedStopKind: Protection['fixedStopKind'] = 'stopLoss';
  if (atrStop !== undefined && atrStop > fixedStop) {
    fixedStop = atrStop;
    fixedStopKind = 'atrStop';
  }
  const takeProfit = exits.takeProfitPercent;
  const target =
    takeProfit !== undefined && takeProfit > 0
      ? roundCents(entryPrice * (1 + takeProfit / 100))
      : Number.POSITIVE_INFINITY;
  return { fixedStop, fixedStopKind, target };
}

/** The stop in force with `highWater` the highest price since the entry: its price (−Infinity: none) and kind. */
export function activeStop(
  protection: Protection,
  highWater: number,
  trailingStopPercent: number | undefined,
): { price: number; kind: StopKind } {
  const trailing = percentBelow(highWater, trailingStopPercent);
  return trailing > protection.fixedStop
    ? { price: trailing, kind: 'trailingStop' }
    : { price: protection.fixedStop, kind: protection.fixedStopKind };
}

/** Whether a position has any protective exit (the runner watches its quotes only then). */
export function hasProtection(exits: ExitRules, atrSizing: boolean): boolean {
  return (
    atrSizing ||
    (exits.stopLossPercent ?? 0) > 0 ||
    (exits.takeProfitPercent ?? 0) > 0 ||
    (exits.trailingStopPercent ?? 0) > 0
  );
}
