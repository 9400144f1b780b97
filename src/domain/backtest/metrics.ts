/**
 * Performance metrics of an equity curve and its trades (issue 13 point 4; pure). Every formula is stated beside
 * its function and unit-tested against hand-computed cases in `metrics.test.ts`.
 *
 * Conventions:
 * - Returns, drawdowns, rates and exposure are fractions (0.05 = 5 %); money is dollars.
 * - The curve holds one equity value per bar (marked at the bar's close) and starts from `initialCapital`, which
 *   counts as the value before the first bar: per-bar returns are r_0 = E_0 / capital − 1 and
 *   r_t = E_t / E_{t−1} − 1, so there are as many returns as bars.
 * - Annualisation: N = bars per year from the bars' interval ({@link barsPerYear}: 252 trading days for 1D).
 *   Years = bars / N (trading time, as the interval counts it).
 * - Risk-free rate: annual, 0 unless given; per bar rf / N.
 * - Standard deviations are sample ones (divided by n − 1).
 * - A ratio whose denominator is 0 (no volatility, no drawdown, no losing trade) is `null`, never Infinity or NaN:
 *   results travel as JSON, where Infinity does not survive.
 */
import { INTERVAL_MINUTES, type Interval } from '../market/candle';
import { SESSION_MINUTES } from '../market/calendar';
import { TRADING_DAYS_PER_YEAR } from '../market/model';

/**
 * Bars in a trading year: 252 sessions × bars per session. An intraday session has ceil(390 / minutes) bars (the
 * last hourly bar is the half hour 15:30–16:00, see `bucketStart`); early closes are ignored.
 */
export function barsPerYear(interval: Interval): number {
  if (interval === '1D') return TRADING_DAYS_PER_YEAR;
  return TRADING_DAYS_PER_YEAR * Math.ceil(SESSION_MINUTES / INTERVAL_MINUTES[interval]);
}

/** Per-bar returns of the curve: r_0 = E_0 / capital − 1, r_t = E_t / E_{t−1} − 1 (one per bar). */
export function periodReturns(equity: ArrayLike<number>, initialCapital: number): Float64Array {
  const returns = new Float64Array(equity.length);
  let previous = initialCapital;
  for (let t = 0; t < equity.length; t++) {
    const value = equity[t]!;
    returns[t] = previous !== 0 ? value / previous - 1 : 0;
    previous = value;
  }
  return returns;
}

/** Arithmetic mean; 0 for no values. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length > 0 ? sum / values.length : 0;
}

/** Sample standard deviation sqrt(Σ (x − mean)² / (n − 1)); 0 for fewer than two values. */
export function sampleStdDev(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (values[i]! - m) ** 2;
  return Math.sqrt(sum / (n - 1));
}

/**
 * Downside deviation below `target` (per bar): sqrt(Σ min(0, r − target)² / (n − 1)), over all n returns (those
 * above the target count as 0), with the same n − 1 as the sample standard deviation; 0 for fewer than two values.
 */
export function downsideDeviation(returns: ArrayLike<number>, target: number): number {
  const n = returns.length;
  if (n < 2) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const shortfall = returns[i]! - target;
    if (shortfall < 0) sum += shortfall * shortfall;
  }
  return Math.sqrt(sum / (n - 1));
}

/**
 * Drawdown at each bar: E_t / peak_t − 1 (≤ 0), where peak_t is the highest of the initial capital and
 * E_0 … E_t.
 */
export function drawdownCurve(equity: ArrayLike<number>, initialCapital: number): Float64Array {
  const drawdown = new Float64Array(equity.length);
  let peak = initialCapital;
  for (let t = 0; t < equity.length; t++) {
    const value = equity[t]!;
    if (value > peak) peak = value;
    drawdown[t] = peak > 0 ? value / peak - 1 : 0;
  }
  return drawdown;
}

export interface MaxDrawdown {
  /** The lowest drawdown (≤ 0; −0.25 = 25 % below the peak); 0 when the curve never falls below a peak. */
  depth: number;
  /**
   * The longest time under water, in bars: from the bar of a peak to the first bar back at or above it (or the
   * last bar when it never recovers). A peak at the initial capital counts as bar −1 (before the first bar).
   */
  durationBars: number;
  /** The same stretch in milliseconds of the bars' times (a peak at the initial capital: the first bar's time). */
  durationMs: number;
}

/** The deepest drawdown and the longest drawdown duration (they may be different drawdowns). */
export function maxDrawdown(drawdown: ArrayLike<number>, times: ArrayLike<number>): MaxDrawdown {
  let depth = 0;
  let durationBars = 0;
  let durationMs = 0;
  let peakIndex = -1;
  const n = drawdown.length;
  for (let t = 0; t < n; t++) {
    const value = drawdown[t]!;
    if (value < depth) depth = value;
    const recovered = value >= 0;
    // A stretch under water ends at a recovery (after at least one bar below the peak) or at the last bar.
    if (recovered ? t - peakIndex > 1 : t === n - 1) {
      const bars = t - peakIndex;
      if (bars > durationBars) {
        durationBars = bars;
        durationMs = times[t]! - times[Math.max(peakIndex, 0)]!;
      }
    }
    if (recovered) peakIndex = t;
  }
  return { depth, durationBars, durationMs };
}

/** CAGR: growth^(1 / years) − 1; −1 when the growth is at or below 0, 0 over no time. */
export function compoundAnnualGrowth(growth: number, years: number): number {
  return growth <= 0 ? -1 : years > 0 ? growth ** (1 / years) - 1 : 0;
}

/** Annualised volatility: sampleStdDev(r) × √N. */
export function annualisedVolatility(returns: ArrayLike<number>, perYear: number): number {
  return sampleStdDev(returns) * Math.sqrt(perYear);
}

/** Sharpe: (mean(r) − rf / N) / sampleStdDev(r) × √N; null when the standard deviation is 0. */
export function sharpeRatio(returns: ArrayLike<number>, riskFreeRate: number, perYear: number): number | null {
  const std = sampleStdDev(returns);
  return std > 0 ? ((mean(returns) - riskFreeRate / perYear) / std) * Math.sqrt(perYear) : null;
}

/** Sortino: (mean(r) − rf / N) / downsideDeviation(r, rf / N) × √N; null when the downside deviation is 0. */
export function sortinoRatio(returns: ArrayLike<number>, riskFreeRate: number, perYear: number): number | null {
  const target = riskFreeRate / perYear;
  const downside = downsideDeviation(returns, target);
  return downside > 0 ? ((mean(returns) - target) / downside) * Math.sqrt(perYear) : null;
}

/** Calmar: CAGR / |max drawdown|; null when there is no drawdown (depth ≥ 0). */
export function calmarRatio(cagr: number, maxDrawdownDepth: number): number | null {
  return maxDrawdownDepth < 0 ? cagr / -maxDrawdownDepth : null;
}

/** What the trade statistics read of a closed trade. */
export interface TradeOutcome {
  /** Profit or loss in dollars, commissions included. */
  pnl: number;
  /** P&L as a fraction of the money the trade put in (entry value + entry commission). */
  return: number;
}

export interface TradeStats {
  totalTrades: number;
  /** wins / totalTrades, a win being pnl > 0 (0 with no trades). */
  winRate: number;
  /** Gross profit / gross loss = Σ pnl of wins / |Σ pnl of losses|; null when there is no losing trade. */
  profitFactor: number | null;
  /** Mean of the trades' returns (0 with no trades). */
  averageReturn: number;
  /**
   * winRate × average win − lossRate × average |loss| in dollars (a trade with pnl = 0 is neither), which equals the
   * mean P&L per trade (0 with no trades).
   */
  expectancy: number;
}

/** Wins (pnl > 0), losses (pnl < 0), their P&L sums (gross loss as a positive number) and averages (0 when none). */
export interface WinLoss {
  wins: number;
  losses: number;
  grossProfit: number;
  grossLoss: number;
  averageWin: number;
  averageLoss: number;
}

export function winLoss(trades: readonly { pnl: number }[]): WinLoss {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  for (const trade of trades) {
    if (trade.pnl > 0) {
      wins++;
      grossProfit += trade.pnl;
    } else if (trade.pnl < 0) {
      losses++;
      grossLoss -= trade.pnl;
    }
  }
  const averageWin = wins > 0 ? grossProfit / wins : 0;
  const averageLoss = losses > 0 ? grossLoss / losses : 0;
  return { wins, losses, grossProfit, grossLoss, averageWin, averageLoss };
}

export function tradeStats(trades: readonly TradeOutcome[]): TradeStats {
  const n = trades.length;
  if (n === 0) return { totalTrades: 0, winRate: 0, profitFactor: null, averageReturn: 0, expectancy: 0 };
  const { wins, losses, grossProfit, grossLoss, averageWin, averageLoss } = winLoss(trades);
  let returns = 0;
  for (const trade of trades) returns += trade.return;
  const winRate = wins / n;
  const lossRate = losses / n;
  return {
    totalTrades: n,
    winRate,
    profitFactor: grossLoss > 0 ? grossProfit / grossLoss : null,
    averageReturn: returns / n,
    expectancy: winRate * averageWin - lossRate * averageLoss,
  };
}

/** Share of bars in the market: barsInMarket / bars (0 with no bars). */
export function exposure(barsInMarket: number, bars: number): number {
  return bars > 0 ? barsInMarket / bars : 0;
}

export interface MetricsInput {
  /** Equity in dollars at each bar's close. */
  equity: ArrayLike<number>;
  /** Each bar's time (epoch ms), for the drawdown duration. */
  times: ArrayLike<number>;
  initialCapital: number;
  trades: readonly TradeOutcome[];
  /** Bars during which a position was held (see the engine's rule). */
  barsInMarket: number;
  /** N, e.g. {@link barsPerYear}('1D') = 252. */
  barsPerYear: number;
  /** Annual risk-free rate as a fraction; 0 by default. */
  riskFreeRate?: number;
}

export interface BacktestMetrics extends TradeStats {
  /** E_last / capital − 1. */
  totalReturn: number;
  /** (E_last / capital)^(1 / years) − 1 with years = bars / N; −1 when the equity ends at or below 0. */
  cagr: number;
  /** (mean(r) − rf / N) / sampleStdDev(r) × √N; null when the standard deviation is 0. */
  sharpeRatio: number | null;
  /** (mean(r) − rf / N) / downsideDeviation(r, rf / N) × √N; null when the downside deviation is 0. */
  sortinoRatio: number | null;
  /** CAGR / |maxDrawdown|; null when there is no drawdown. */
  calmarRatio: number | null;
  /** See {@link MaxDrawdown}.depth (≤ 0). */
  maxDrawdown: number;
  maxDrawdownDurationBars: number;
  maxDrawdownDurationMs: number;
  /** Annualised volatility: sampleStdDev(r) × √N. */
  volatility: number;
  /** barsInMarket / bars. */
  exposure: number;
}

export function computeMetrics(input: MetricsInput): BacktestMetrics {
  const { equity, initialCapital, barsPerYear: perYear } = input;
  const n = equity.length;
  const final = n > 0 ? equity[n - 1]! : initialCapital;
  const growth = initialCapital > 0 ? final / initialCapital : 1;
  const years = n / perYear;
  const cagr = compoundAnnualGrowth(growth, years);

  const returns = periodReturns(equity, initialCapital);
  const riskFreeRate = input.riskFreeRate ?? 0;
  const drawdown = maxDrawdown(drawdownCurve(equity, initialCapital), input.times);

  return {
    totalReturn: growth - 1,
    cagr,
    sharpeRatio: sharpeRatio(returns, riskFreeRate, perYear),
    sortinoRatio: sortinoRatio(returns, riskFreeRate, perYear),
    calmarRatio: calmarRatio(cagr, drawdown.depth),
    maxDrawdown: drawdown.depth,
    maxDrawdownDurationBars: drawdown.durationBars,
    maxDrawdownDurationMs: drawdown.durationMs,
    volatility: annualisedVolatility(returns, perYear),
    exposure: exposure(input.barsInMarket, n),
    ...tradeStats(input.trades),
  };
}
