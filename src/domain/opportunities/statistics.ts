/**
 * A setup's backtested statistics (issue 16 point 3): what followed the setup's past occurrences on the same
 * symbol, in the bars the caller hands in (the scanner's daily bars, a strategy's bars of its interval).
 *
 * Rules:
 * - An occurrence is a bar index where the setup held: for a scan type, its rule (src/domain/scanner/scans.ts)
 *   matched that session replayed through the scanner's own per-symbol state ({@link scanOccurrences}); for a
 *   strategy, its entry rule fired there (the one signal engine, {@link entryOccurrences}).
 * - Outcomes are long: the forward return of occurrence i is close[i + horizon] / close[i] − 1 (horizon
 *   {@link FORWARD_BARS} bars); its drawdown is how far the lowest low of bars i+1…i+horizon fell below close[i]
 *   (a fraction ≥ 0).
 * - Occurrences whose horizon is not complete yet are left out, and so is one starting inside the horizon of the
 *   previous counted one (no overlapping outcomes: the same move is never counted twice).
 * - sampleSize is the number of outcomes counted; winRate the share with a forward return > 0; meanReturn and
 *   meanDrawdown their means, worstDrawdown the largest. No occurrence: sampleSize 0 and every figure 0.
 */
import type { Ohlcv } from '../market/candle';
import { SCAN_RULES } from '../scanner/scans';
import type { ScanType } from '../scanner/scanTypes';
import { SymbolScanState } from '../scanner/symbolState';
import { evaluate, type StrategyDefinition } from '../strategies';

/** Bars after an occurrence over which its outcome is measured. */
export const FORWARD_BARS = 5;

export interface SetupStatistics {
  sampleSize: number;
  winRate: number;
  meanReturn: number;
  meanDrawdown: number;
  worstDrawdown: number;
  /** Bars the occurrences were looked for in. */
  barsExamined: number;
  horizon: number;
}

export function forwardStatistics(
  bars: readonly Ohlcv[],
  occurrences: readonly number[],
  horizon: number = FORWARD_BARS,
): SetupStatistics {
  let sampleSize = 0;
  let wins = 0;
  let returns = 0;
  let drawdowns = 0;
  let worstDrawdown = 0;
  let nextFree = 0;
  for (const i of occurrences) {
    if (i < nextFree || i + horizon >= bars.length) continue;
    const entry = bars[i]!.close;
    if (!(entry > 0)) continue;
    let lowest = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j <= i + horizon; j++) lowest = Math.min(lowest, bars[j]!.low);
    const forward = bars[i + horizon]!.close / entry - 1;
    const drawdown = Math.max(0, 1 - lowest / entry);
    sampleSize++;
    if (forward > 0) wins++;
    returns += forward;
    drawdowns += drawdown;
    worstDrawdown = Math.max(worstDrawdown, drawdown);
    nextFree = i + horizon;
  }
  const mean = (sum: number) => (sampleSize === 0 ? 0 : sum / sampleSize);
  return {
    sampleSize,
    winRate: mean(wins),
    meanReturn: mean(returns),
    meanDrawdown: mean(drawdowns),
    worstDrawdown,
    barsExamined: bars.length,
    horizon,
  };
}

/** The sessions (indices of daily `bars`, oldest first) on which `scanType` matched at the session's close. */
export function scanOccurrences(bars: readonly Ohlcv[], scanType: ScanType): number[] {
  const rule = SCAN_RULES[scanType];
  const state = new SymbolScanState('', '');
  const found: number[] = [];
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    const previousClose = i > 0 ? bars[i - 1]!.close : bar.open;
    const change = bar.close - previousClose;
    state.update({
      day: i,
      price: bar.close,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      volume: bar.volume,
      previousClose,
      change,
      changePercent: previousClose > 0 ? (change / previousClose) * 100 : 0,
    });
    if (state.snapshot && Number.isFinite(rule.score(state.snapshot))) found.push(i);
  }
  return found;
}

/** The bars (indices of `bars`) on which the strategy's entry rule fired. */
export function entryOccurrences(definition: StrategyDefinition, bars: readonly Ohlcv[]): number[] {
  const { entry } = evaluate(definition, bars);
  const found: number[] = [];
  for (let i = 0; i < entry.length; i++) if (entry[i]) found.push(i);
  return found;
}
