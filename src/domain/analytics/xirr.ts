/**
 * Money-weighted return: XIRR (issue 15 point 2; pure), as Excel defines it.
 *
 * Rules:
 * - Cash flows from the investor's side: money put in is negative, money taken out (and the final value) positive.
 * - XIRR is the annual rate r with Σ v_i / (1 + r)^((d_i − d_0) / 365) = 0, d_0 the first flow's date, days counted
 *   as calendar days (Excel's convention: 365, no leap-year adjustment).
 * - Solved by Newton's method from 0.1 (at most 100 steps, until |Δr| < 1e-10); when Newton leaves (−1, ∞), stalls
 *   on a zero derivative or does not converge, by bisection on a bracket found by widening [−0.9999, 1] upwards.
 * - null when the flows have no sign change (no rate exists) or no root is bracketed.
 */
import { DAY_MS } from '../market/calendar';

export interface CashFlow {
  /** Epoch ms. */
  time: number;
  /** Dollars; negative = paid in. */
  amount: number;
}

const TOLERANCE = 1e-10;
const MAX_STEPS = 100;

function presentValue(flows: readonly CashFlow[], rate: number): { value: number; derivative: number } {
  const t0 = flows[0]!.time;
  let value = 0;
  let derivative = 0;
  for (const flow of flows) {
    const years = (flow.time - t0) / DAY_MS / 365;
    const discount = (1 + rate) ** years;
    value += flow.amount / discount;
    derivative -= (years * flow.amount) / (discount * (1 + rate));
  }
  return { value, derivative };
}

function newton(flows: readonly CashFlow[]): number | null {
  let rate = 0.1;
  for (let step = 0; step < MAX_STEPS; step++) {
    const { value, derivative } = presentValue(flows, rate);
    if (derivative === 0 || !Number.isFinite(derivative)) return null;
    const next = rate - value / derivative;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  return null;
}

function bisection(flows: readonly CashFlow[]): number | null {
  let low = -0.9999;
  let high = 1;
  const at = (rate: number) => presentValue(flows, rate).value;
  while (Math.sign(at(low)) === Math.sign(at(high))) {
    high *= 2;
    if (high > 1e6) return null;
  }
  for (let step = 0; step < 200 && high - low > TOLERANCE; step++) {
    const middle = (low + high) / 2;
    if (Math.sign(at(middle)) === Math.sign(at(low))) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The XIRR of `flows` (any order), or null when none exists. */
export function xirr(flows: readonly CashFlow[]): number | null {
  const sorted = [...flows].sort((a, b) => a.time - b.time);
  if (!sorted.some((f) => f.amount < 0) || !sorted.some((f) => f.amount > 0)) return null;
  return newton(sorted) ?? bisection(sorted);
}

/**
 * The money-weighted return of an equity history (see ./returns.ts): the first day's equity paid in, each later
 * day's flow F_t paid in (a withdrawal taken out), the last day's equity taken out; null with fewer than two days.
 */
export function moneyWeightedReturn(
  history: readonly { time: number; equity: number; netDeposits: number }[],
): number | null {
  if (history.length < 2) return null;
  const flows: CashFlow[] = [{ time: history[0]!.time, amount: -history[0]!.equity }];
  for (let t = 1; t < history.length; t++) {
    const flow = history[t]!.netDeposits - history[t - 1]!.netDeposits;
    if (flow !== 0) flows.push({ time: history[t]!.time, amount: -flow });
  }
  const last = history[history.length - 1]!;
  flows.push({ time: last.time, amount: last.equity });
  return xirr(flows);
}
