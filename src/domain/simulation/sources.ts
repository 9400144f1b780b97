/**
 * The samples a Monte Carlo simulation resamples (./monteCarlo.ts), from bars the caller already has.
 *
 * Strategy ({@link strategyTradeSample}):
 * - The capital is split equally among the symbols that have bars; each symbol is backtested on its own bars
 *   with its share by `backtestStrategy` (../backtest, the engine the server uses), as the server's
 *   multi-symbol backtest does. Each trade's return is its P&L / the whole capital.
 * - Trades per trading day = all trades / the trading days the bars span, that span being the longest symbol's
 *   bar count / bars per trading day of the interval (1 for daily bars; ../backtest/metrics.ts barsPerYear / 252).
 *   That is the simulation's draws per step.
 *
 * Portfolio ({@link portfolioReturnSample}):
 * - Weights: each holding's market value / their sum (holdings without a positive value are left out).
 * - The days: bar times every weighted symbol has. Day t's return = Σ weight × (close_t / close_{t−1} − 1)
 *   over consecutive common days: a portfolio rebalanced to today's weights every day.
 */
import { barsPerYear } from '../backtest/metrics';
import { backtestStrategy } from '../backtest/strategyBacktest';
import type { Candle } from '../market/candle';
import { TRADING_DAYS_PER_YEAR } from '../market/model';
import type { StrategyDefinition } from '../strategies/definition';

export interface TradeSample {
  /** Each trade's P&L / the capital. */
  returns: Float64Array;
  /** Trades per trading day. */
  drawsPerStep: number;
  /** Trading days the bars span. */
  days: number;
}

/** The trades of a definition backtested on `bars` (by symbol) as a sample; null when it made no trade. */
export function strategyTradeSample(
  definition: StrategyDefinition,
  bars: ReadonlyMap<string, readonly Candle[]>,
  capital: number,
): TradeSample | null {
  const traded = [...bars].filter(([, symbolBars]) => symbolBars.length > 0);
  if (traded.length === 0) return null;
  const share = capital / traded.length;
  const returns: number[] = [];
  let longest = 0;
  for (const [, symbolBars] of traded) {
    longest = Math.max(longest, symbolBars.length);
    for (const trade of backtestStrategy(definition, symbolBars, { capital: share }).trades) {
      returns.push(trade.pnl / capital);
    }
  }
  if (returns.length === 0) return null;
  const days = longest / (barsPerYear(definition.interval) / TRADING_DAYS_PER_YEAR);
  return { returns: Float64Array.from(returns), drawsPerStep: returns.length / days, days };
}

export interface Holding {
  symbol: string;
  marketValue: number;
}

/** The daily returns of the holdings weighted by market value (see the header); empty without common days. */
export function portfolioReturnSample(
  holdings: readonly Holding[],
  bars: ReadonlyMap<string, readonly Candle[]>,
): Float64Array {
  const weighted = holdings.filter((holding) => holding.marketValue > 0 && (bars.get(holding.symbol)?.length ?? 0));
  const total = weighted.reduce((sum, holding) => sum + holding.marketValue, 0);
  if (weighted.length === 0) return new Float64Array(0);
  const closes = weighted.map((holding) => new Map(bars.get(holding.symbol)!.map((bar) => [bar.time, bar.close])));
  const days = [...closes[0]!.keys()].filter((time) => closes.every((byTime) => byTime.has(time)));
  days.sort((a, b) => a - b);
  const returns = new Float64Array(Math.max(0, days.length - 1));
  for (let t = 1; t < days.length; t++) {
    let sum = 0;
    weighted.forEach((holding, s) => {
      sum += (holding.marketValue / total) * (closes[s]!.get(days[t]!)! / closes[s]!.get(days[t - 1]!)! - 1);
    });
    returns[t - 1] = sum;
  }
  return returns;
}
