/**
 * Opportunity alerts (issue 16 point 3; spec §3 Opportunity alert): what a setup's backtested statistics
 * (./statistics.ts) say about it, whether it fits the user's risk tolerance, its de-duplication key and its expiry.
 *
 * Rules:
 * - confidence (0–1) = (wins + 1) / (sampleSize + 2): the past win rate pulled towards one half while the sample is
 *   small (0.5 with no sample; 8 wins of 10 give 0.75, 80 of 100 give 0.79).
 * - potentialReturn = the mean forward return of the past occurrences (a fraction; 0 with no sample).
 * - riskLevel from the mean drawdown before the horizon: low ≤ 2 %, medium ≤ 5 %, high above; a sample smaller
 *   than {@link MIN_SAMPLE} is high whatever its figures (too few outcomes to know).
 * - A followed scan's hit becomes an alert only if it has at least {@link MIN_SAMPLE} outcomes, a positive
 *   potentialReturn and fits the user's riskTolerance ({@link TOLERANCE_FIT}): conservative → low risk and
 *   confidence ≥ 0.6; moderate → low or medium risk and confidence ≥ 0.55; aggressive → any risk level and
 *   confidence ≥ 0.5. An active strategy's entry is always an alert (the user chose those rules); its figures
 *   still say how it went before.
 * - The setup key names the setup per user: `strategy:<strategy id>:<symbol>` or `scan:<scan type>:<symbol>`. With
 *   the bar the setup was seen on it is unique: the same setup on the same bar is one alert.
 * - An alert expires at the close of the bar after the one it was seen on (bar start + 2 intervals);
 *   timeToExpiry is the seconds left until then at read time (0 once expired).
 */
import { DAY_MS, MINUTE_MS } from '../market/calendar';
import { INTERVAL_MINUTES, type Interval } from '../market/candle';
import type { RiskTolerance } from '../constants';
import type { SetupStatistics } from './statistics';

export type OpportunityRiskLevel = 'low' | 'medium' | 'high';
export type OpportunitySource = 'STRATEGY' | 'SCAN';

/** Fewer outcomes than this: risk high, and a scan's hit is no alert. */
export const MIN_SAMPLE = 5;
export const LOW_RISK_DRAWDOWN = 0.02;
export const MEDIUM_RISK_DRAWDOWN = 0.05;

export const TOLERANCE_FIT: Readonly<
  Record<RiskTolerance, { levels: readonly OpportunityRiskLevel[]; minConfidence: number }>
> = {
  conservative: { levels: ['low'], minConfidence: 0.6 },
  moderate: { levels: ['low', 'medium'], minConfidence: 0.55 },
  aggressive: { levels: ['low', 'medium', 'high'], minConfidence: 0.5 },
};

export interface OpportunityFigures {
  confidence: number;
  potentialReturn: number;
  riskLevel: OpportunityRiskLevel;
  sampleSize: number;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function opportunityFigures(stats: SetupStatistics): OpportunityFigures {
  const wins = Math.round(stats.winRate * stats.sampleSize);
  const riskLevel: OpportunityRiskLevel =
    stats.sampleSize < MIN_SAMPLE || stats.meanDrawdown > MEDIUM_RISK_DRAWDOWN
      ? 'high'
      : stats.meanDrawdown > LOW_RISK_DRAWDOWN
        ? 'medium'
        : 'low';
  return {
    confidence: round4((wins + 1) / (stats.sampleSize + 2)),
    potentialReturn: round4(stats.meanReturn),
    riskLevel,
    sampleSize: stats.sampleSize,
  };
}

/** Whether a followed scan's hit with these figures is an alert for a user of `tolerance`. */
export function fitsTolerance(figures: OpportunityFigures, tolerance: RiskTolerance): boolean {
  const fit = TOLERANCE_FIT[tolerance];
  return (
    figures.sampleSize >= MIN_SAMPLE &&
    figures.potentialReturn > 0 &&
    fit.levels.includes(figures.riskLevel) &&
    figures.confidence >= fit.minConfidence
  );
}

export function strategySetupKey(strategyId: string, symbol: string): string {
  return `strategy:${strategyId}:${symbol}`;
}

export function scanSetupKey(scanType: string, symbol: string): string {
  return `scan:${scanType}:${symbol}`;
}

function intervalMs(interval: Interval): number {
  return interval === '1D' ? DAY_MS : INTERVAL_MINUTES[interval] * MINUTE_MS;
}

/** Epoch ms the alert of a setup seen on the bar starting at `barTime` expires. */
export function expiresAt(barTime: number, interval: Interval): number {
  return barTime + 2 * intervalMs(interval);
}

/** Seconds left until `expires` (epoch ms) at `now`, never below 0. */
export function timeToExpiry(expires: number, now: number): number {
  return Math.max(0, Math.round((expires - now) / 1000));
}

const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

/** The statistics in words, sample size first. */
export function statisticsInWords(stats: SetupStatistics, barWord: string): string {
  if (stats.sampleSize === 0)
    return `No earlier occurrence in the last ${stats.barsExamined} ${barWord}s had a complete outcome (sample size 0): no track record.`;
  const wins = Math.round(stats.winRate * stats.sampleSize);
  return (
    `Sample size ${stats.sampleSize} (earlier occurrences in the last ${stats.barsExamined} ${barWord}s): ` +
    `${stats.horizon} ${barWord}s later the price was higher ${wins} times (${percent(stats.winRate, 0)}), ` +
    `by ${percent(stats.meanReturn, 2)} on average, with an average drawdown of ${percent(stats.meanDrawdown)} ` +
    `(worst ${percent(stats.worstDrawdown)}) on the way.`
  );
}

/** The reasoning of an alert: what happened, the statistics, and what the figures mean. */
export function opportunityReasoning(
  what: string,
  stats: SetupStatistics,
  figures: OpportunityFigures,
  barWord: string,
): string {
  return (
    `${what} ${statisticsInWords(stats, barWord)} Confidence ${percent(figures.confidence, 0)}, ` +
    `${figures.riskLevel} risk. Past results, no promise.`
  );
}
