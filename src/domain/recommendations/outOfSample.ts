/**
 * A template's recent out-of-sample record on one symbol (issue 16 point 5; pure): its default parameters
 * backtested on the walk-forward windows of the symbol's daily bars, the scores of the out-of-sample windows only.
 *
 * Rules:
 * - Windows from `../backtest/walkForward.ts` (rolling): the first WARM_UP_BARS bars are the first in-sample window
 *   and only warm the indicators up (the parameters are the template's defaults: nothing is fitted there), then
 *   out-of-sample windows of WINDOW_BARS bars tile the rest; bars after the last complete window are not scored.
 *   756 daily bars (three years) give 4 half-year windows.
 * - Each window is backtested on its own slice, flat at its start, with the whole capital (`backtestEvaluator`:
 *   signals over the whole series, no look-ahead), with COMMISSION and SLIPPAGE_BPS.
 * - The windows chain into one out-of-sample curve (`chainCurves`): its CAGR, worst drawdown, volatility and Sharpe
 *   are the record's; `positiveWindows` counts windows whose return is above 0; `trades` all their trades.
 * - Too few bars for one window: null (the symbol is not scored).
 */
import type { Candle } from '../market/candle';
import { backtestEvaluator } from '../backtest/optimise/evaluator';
import { chainCurves } from '../backtest/optimise/report';
import { walkForwardWindows } from '../backtest/walkForward';
import type { StrategyTemplate } from '../strategies/templates';

/** Bars before the first scored window (a year of daily bars: the 200-bar trend filter needs them). */
export const WARM_UP_BARS = 252;
/** Bars of each out-of-sample window (half a year of daily bars). */
export const WINDOW_BARS = 126;
export const CAPITAL = 100_000;
export const SLIPPAGE_BPS = 5;

export interface OutOfSampleRecord {
  templateId: string;
  symbol: string;
  /** Out-of-sample windows scored. */
  windows: number;
  /** Windows whose return is above 0. */
  positiveWindows: number;
  trades: number;
  /** Chained out-of-sample CAGR (a fraction). */
  annualReturn: number;
  /** Deepest fall of the chained curve (≤ 0). */
  maxDrawdown: number;
  /** Annualised volatility of the chained curve. */
  volatility: number;
  sharpeRatio: number | null;
  winRate: number;
  /** Epoch ms of the first and last scored bar. */
  from: number;
  to: number;
}

export function defaultParams(template: Pick<StrategyTemplate, 'parameters'>): Record<string, number> {
  return Object.fromEntries(template.parameters.map((p) => [p.name, p.default]));
}

export function outOfSampleRecord(
  template: Pick<StrategyTemplate, 'id' | 'parameters' | 'build'>,
  symbol: string,
  bars: readonly Candle[],
): OutOfSampleRecord | null {
  const windows = walkForwardWindows({
    range: { start: 0, end: bars.length },
    inSample: WARM_UP_BARS,
    outOfSample: WINDOW_BARS,
  });
  if (windows.length === 0) return null;
  const evaluator = backtestEvaluator({
    template,
    setup: { symbols: [symbol], interval: '1D' },
    bars: [bars],
    options: { capital: CAPITAL, slippageBps: SLIPPAGE_BPS },
  });
  const ranges = windows.map((w) => w.outOfSample);
  const evaluated = evaluator.evaluate({ sets: [defaultParams(template)], ranges, curves: true });
  if (!Array.isArray(evaluated)) throw new Error('the in-thread evaluator answers at once');
  const scored = evaluated[0]!;
  const chained = chainCurves(
    evaluator,
    scored.map((evaluation, i) => ({ range: ranges[i]!, curve: evaluation.curve! })),
  );
  const { metrics } = chained;
  return {
    templateId: template.id,
    symbol,
    windows: windows.length,
    positiveWindows: scored.filter((evaluation) => evaluation.metrics.totalReturn > 0).length,
    trades: metrics.totalTrades,
    annualReturn: metrics.cagr,
    maxDrawdown: metrics.maxDrawdown,
    volatility: metrics.volatility,
    sharpeRatio: metrics.sharpeRatio,
    winRate: metrics.winRate,
    from: chained.times[0]!,
    to: chained.times[chained.times.length - 1]!,
  };
}
