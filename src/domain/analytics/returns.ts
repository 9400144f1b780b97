/**
 * Returns of a daily equity history with cash flows (issue 15 point 2; pure).
 *
 * Rules:
 * - A history is one {@link EquityPoint} per trading day, ascending: the equity at the day's close and the
 *   cumulative net deposits (deposits − withdrawals, the starting cash included) up to that close.
 * - A day's flow is F_t = D_t − D_{t−1}, made at the day's close (end-of-day convention): it is in E_t but earned
 *   nothing that day. The day's return neutralises it: r_t = (E_t − F_t) / E_{t−1} − 1 (a deposit is not a return).
 *   There is one return per day after the first (the first day is the base); a day after a zero equity returns 0.
 * - Time-weighted return (TWR): Π (1 + r_t) − 1, chained over the days, so the size and timing of the flows do not
 *   change it.
 * - CAGR: (1 + TWR)^(1 / years) − 1 with years = days / 252 trading days ({@link TRADING_DAYS_PER_YEAR}), the
 *   formula of the backtest metrics (`compoundAnnualGrowth`).
 * - Fractions throughout (0.05 = 5 %); money in dollars.
 */
import { compoundAnnualGrowth } from '../backtest/metrics';
import { TRADING_DAYS_PER_YEAR } from '../market/model';

export interface EquityPoint {
  /** The trading day (00:00 America/New_York of the session's date, epoch ms). */
  time: number;
  /** Equity at the day's close, dollars. */
  equity: number;
  /** Cumulative net deposits up to the day's close, dollars. */
  netDeposits: number;
}

/** One flow-neutral return per day after the first: r_t = (E_t − F_t) / E_{t−1} − 1. */
export function dailyReturns(history: readonly EquityPoint[]): Float64Array {
  const returns = new Float64Array(Math.max(0, history.length - 1));
  for (let t = 1; t < history.length; t++) {
    const previous = history[t - 1]!;
    const today = history[t]!;
    const flow = today.netDeposits - previous.netDeposits;
    returns[t - 1] = previous.equity !== 0 ? (today.equity - flow) / previous.equity - 1 : 0;
  }
  return returns;
}

/** Chains returns: Π (1 + r_t) − 1 (0 for none). */
export function chainReturns(returns: ArrayLike<number>): number {
  let growth = 1;
  for (let i = 0; i < returns.length; i++) growth *= 1 + returns[i]!;
  return growth - 1;
}

/** The time-weighted return of the history (0 with fewer than two days). */
export function timeWeightedReturn(history: readonly EquityPoint[]): number {
  return chainReturns(dailyReturns(history));
}

/** CAGR of a total return over `days` trading days (252 a year). */
export function annualisedReturn(totalReturn: number, days: number): number {
  return compoundAnnualGrowth(1 + totalReturn, days / TRADING_DAYS_PER_YEAR);
}
