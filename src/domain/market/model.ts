import { SESSION_MINUTES } from './calendar';
import type { Instrument } from './universe';

/**
 * Parameters of the simulated price process, shared by the history generator and the live simulator.
 *
 * Log prices follow a one-factor model with a weak pull toward the instrument's reference price:
 *   d ln S = κ (ln S_ref - ln S) dt + β σ_m dW_m + σ_idio dW_i
 * where W_m is one market factor shared by all instruments, W_i is the instrument's own noise,
 * σ_idio = sqrt(max(σ² - β² σ_m², σ_min²)) so the total volatility is the instrument's `volatility`,
 * and κ keeps years-long simulations near plausible levels (stationary spread ≈ σ / sqrt(2κ) in log terms).
 * Time is counted in trading time: 252 sessions a year, of which OVERNIGHT_SHARE of the variance falls
 * between sessions (the opening gap) and the rest is spread evenly over the 390 minutes of a full session
 * (an early-close session is shorter and so carries proportionally less variance).
 */
export const TRADING_DAYS_PER_YEAR = 252;
export const MARKET_VOLATILITY = 0.16;
export const MIN_IDIOSYNCRATIC_VOLATILITY = 0.02;
export const MEAN_REVERSION_PER_YEAR = 0.5;
export const OVERNIGHT_SHARE = 0.2;
export const SESSION_SECONDS = SESSION_MINUTES * 60;

export function idiosyncraticVolatility(instrument: Instrument): number {
  const residual = instrument.volatility ** 2 - (instrument.beta * MARKET_VOLATILITY) ** 2;
  return Math.sqrt(Math.max(residual, MIN_IDIOSYNCRATIC_VOLATILITY ** 2));
}

/** Variance fraction of one trading year for the overnight gap and for `seconds` of regular session. */
export function overnightYears(): number {
  return OVERNIGHT_SHARE / TRADING_DAYS_PER_YEAR;
}

export function sessionYears(seconds: number): number {
  return ((1 - OVERNIGHT_SHARE) / TRADING_DAYS_PER_YEAR) * (seconds / SESSION_SECONDS);
}

/** Drift of the log price over `years` from the pull toward the reference price. */
export function meanReversionDrift(logPrice: number, instrument: Instrument, years: number): number {
  return MEAN_REVERSION_PER_YEAR * (Math.log(instrument.referencePrice) - logPrice) * years;
}

const profiles = new Map<number, Float64Array>();

/**
 * Share of a session's volume traded in each of its minutes (390, or 210 on early-close days): the
 * familiar U shape, heavy at the open and into the close. Sums to 1.
 */
export function minuteVolumeProfile(minutes: number = SESSION_MINUTES): Float64Array {
  const cached = profiles.get(minutes);
  if (cached) return cached;
  const weights = new Float64Array(minutes);
  let sum = 0;
  for (let k = 0; k < minutes; k++) {
    const w = 1 + 2 * Math.exp(-k / 20) + 1.5 * Math.exp(-(minutes - 1 - k) / 15);
    weights[k] = w;
    sum += w;
  }
  for (let k = 0; k < minutes; k++) weights[k]! /= sum;
  profiles.set(minutes, weights);
  return weights;
}

/** Volume share of a minute outside the regular session (only reached with the always-open demo mode). */
export const OFF_HOURS_MINUTE_SHARE = 0.2 / SESSION_MINUTES;

/**
 * Random extremes of a Brownian path that starts at 0 and ends at `end` after total variance `variance`:
 * the exact distribution of a Brownian bridge's maximum (and, drawn independently, its minimum) from a
 * uniform `u` in (0, 1]. Always `bridgeHigh >= max(0, end)` and `bridgeLow <= min(0, end)`.
 */
export function bridgeHigh(end: number, variance: number, u: number): number {
  return (end + Math.sqrt(end * end - 2 * variance * Math.log(u))) / 2;
}

export function bridgeLow(end: number, variance: number, u: number): number {
  return (end - Math.sqrt(end * end - 2 * variance * Math.log(u))) / 2;
}

/** Daily volume around the typical one: log-normal noise, larger on big moves (|return| in units of σ). */
export function dailyVolume(avgDailyVolume: number, absMoveInSigmas: number, noise: number): number {
  const factor = Math.exp(0.3 * noise - 0.045) * (0.6 + 0.5 * absMoveInSigmas);
  return Math.max(1, Math.round(avgDailyVolume * Math.max(0.2, factor)));
}
