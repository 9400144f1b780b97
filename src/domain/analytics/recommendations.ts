/**
 * Portfolio recommendations from documented rules (issue 15 point 3; pure). Each carries the number that triggered
 * it and the threshold it crossed.
 *
 * Rules:
 * - POSITION_CONCENTRATION: a position above MAX_POSITION_WEIGHT (20 %) of equity (one per position).
 * - SECTOR_CONCENTRATION: a sector above MAX_SECTOR_WEIGHT (40 %) of equity (one per sector).
 * - CASH_DRAG: cash above MAX_CASH_WEIGHT (25 %) of equity while the portfolio holds positions or has traded
 *   (idle cash earns nothing in the simulation).
 * - HIGH_CORRELATION: two holdings whose daily close-to-close returns correlate above MAX_CORRELATION (0.8) over
 *   the pairs given (the caller passes pairs computed from at least MIN_RISK_RETURNS common days).
 * - DRAWDOWN_BEYOND_LOSS_LIMIT: the current drawdown in dollars — the highest cumulative P&L (equity − net
 *   deposits) of the window minus today's — above the user's daily loss limit (when one is set, > 0).
 */

export const MAX_POSITION_WEIGHT = 0.2;
export const MAX_SECTOR_WEIGHT = 0.4;
export const MAX_CASH_WEIGHT = 0.25;
export const MAX_CORRELATION = 0.8;

export type RecommendationRule =
  'POSITION_CONCENTRATION' | 'SECTOR_CONCENTRATION' | 'CASH_DRAG' | 'HIGH_CORRELATION' | 'DRAWDOWN_BEYOND_LOSS_LIMIT';

export interface Recommendation {
  rule: RecommendationRule;
  /** The symbol, sector or "A/B" pair concerned; null for the whole portfolio. */
  subject: string | null;
  /** The number that triggered the rule and the threshold it crossed (fractions, or dollars for the drawdown). */
  value: number;
  threshold: number;
  message: string;
}

export interface RecommendationInput {
  /** Shares of equity. */
  symbolWeights: readonly { key: string; weight: number }[];
  sectorWeights: readonly { key: string; weight: number }[];
  cashWeight: number | null;
  hasPositions: boolean;
  correlations: readonly { a: string; b: string; correlation: number }[];
  /** Dollars; null when there is no history. */
  currentDrawdown: number | null;
  /** Dollars; 0 or null: no limit. */
  dailyLossLimit: number | null;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Highest cumulative P&L minus the last one, over points with equity and net deposits (null for none). */
export function currentDrawdownDollars(points: readonly { equity: number; netDeposits: number }[]): number | null {
  if (points.length === 0) return null;
  let peak = -Infinity;
  for (const p of points) peak = Math.max(peak, p.equity - p.netDeposits);
  const last = points[points.length - 1]!;
  return peak - (last.equity - last.netDeposits);
}

export function recommendations(input: RecommendationInput): Recommendation[] {
  const out: Recommendation[] = [];
  for (const w of input.symbolWeights) {
    if (w.weight > MAX_POSITION_WEIGHT)
      out.push({
        rule: 'POSITION_CONCENTRATION',
        subject: w.key,
        value: w.weight,
        threshold: MAX_POSITION_WEIGHT,
        message: `${w.key} is ${pct(w.weight)} of equity, above ${pct(MAX_POSITION_WEIGHT)}: consider trimming it`,
      });
  }
  for (const w of input.sectorWeights) {
    if (w.weight > MAX_SECTOR_WEIGHT)
      out.push({
        rule: 'SECTOR_CONCENTRATION',
        subject: w.key,
        value: w.weight,
        threshold: MAX_SECTOR_WEIGHT,
        message: `${w.key} is ${pct(w.weight)} of equity, above ${pct(MAX_SECTOR_WEIGHT)}: diversify across sectors`,
      });
  }
  if (input.hasPositions && input.cashWeight !== null && input.cashWeight > MAX_CASH_WEIGHT)
    out.push({
      rule: 'CASH_DRAG',
      subject: null,
      value: input.cashWeight,
      threshold: MAX_CASH_WEIGHT,
      message: `Cash is ${pct(input.cashWeight)} of equity, above ${pct(MAX_CASH_WEIGHT)}: idle cash earns nothing`,
    });
  for (const c of input.correlations) {
    if (c.correlation > MAX_CORRELATION)
      out.push({
        rule: 'HIGH_CORRELATION',
        subject: `${c.a}/${c.b}`,
        value: c.correlation,
        threshold: MAX_CORRELATION,
        message: `${c.a} and ${c.b} move together (correlation ${c.correlation.toFixed(2)}): they diversify little`,
      });
  }
  const limit = input.dailyLossLimit;
  if (limit && limit > 0 && input.currentDrawdown !== null && input.currentDrawdown > limit)
    out.push({
      rule: 'DRAWDOWN_BEYOND_LOSS_LIMIT',
      subject: null,
      value: input.currentDrawdown,
      threshold: limit,
      message: `The portfolio is $${input.currentDrawdown.toFixed(2)} below its peak, beyond the daily loss limit of $${limit.toFixed(2)}`,
    });
  return out;
}
