/**
 * How well each template category suits the current market regime (issue 16 point 5; pure). The regime is the
 * market's trend (bullish, bearish, neutral) and volatility regime (low, normal, high) as `marketConditions` reports
 * them; every template is long only.
 *
 * Rules:
 * - marketCompatibility = trend fit × volatility fit, each in [0, 1] from the table below, so it lies in [0, 1]
 *   (1: the regime the rules are made for).
 * - The table, with why:
 *   | category      | bullish | neutral | bearish | low vol | normal vol | high vol |
 *   | trend         | 1.0     | 0.4     | 0.3     | 0.8     | 1.0        | 0.6      |
 *   | momentum      | 0.9     | 0.5     | 0.3     | 0.6     | 1.0        | 0.8      |
 *   | meanReversion | 0.6     | 1.0     | 0.4     | 0.6     | 1.0        | 0.7      |
 *   | breakout      | 0.9     | 0.5     | 0.3     | 0.5     | 0.8        | 1.0      |
 *   Trend followers (SMA/EMA crossovers) need a trend to ride; sideways prices whipsaw them and, long only, a
 *   downtrend leaves them in cash or stopped out; wild swings cut trends short. Momentum (MACD) needs moves: quiet
 *   markets make its lines cross often for small losses. Mean reversion needs a range: in a downtrend it buys into
 *   the fall, in an uptrend it rarely gets a signal, and with little volatility there is little to revert.
 *   Breakouts need volatility to carry a break beyond the band or channel; in quiet or sideways markets most
 *   breakouts fail.
 */
import type { TemplateCategory } from '../strategies/templates';

export type MarketTrend = 'bullish' | 'bearish' | 'neutral';
export type VolatilityRegime = 'low' | 'normal' | 'high';

export interface MarketRegime {
  trend: MarketTrend;
  volatility: VolatilityRegime;
  /** The VIX-like annualised volatility (%) behind `volatility`. */
  vixLevel: number;
}

interface CategoryFit {
  trend: Record<MarketTrend, number>;
  volatility: Record<VolatilityRegime, number>;
  /** What the rules need, in words (the reasoning's clause). */
  needs: string;
}

export const REGIME_FIT: Readonly<Record<TemplateCategory, CategoryFit>> = {
  trend: {
    trend: { bullish: 1, neutral: 0.4, bearish: 0.3 },
    volatility: { low: 0.8, normal: 1, high: 0.6 },
    needs: 'trend-following rules need a steady uptrend',
  },
  momentum: {
    trend: { bullish: 0.9, neutral: 0.5, bearish: 0.3 },
    volatility: { low: 0.6, normal: 1, high: 0.8 },
    needs: 'momentum rules need moves with follow-through',
  },
  meanReversion: {
    trend: { bullish: 0.6, neutral: 1, bearish: 0.4 },
    volatility: { low: 0.6, normal: 1, high: 0.7 },
    needs: 'mean-reversion rules need a sideways, range-bound market',
  },
  breakout: {
    trend: { bullish: 0.9, neutral: 0.5, bearish: 0.3 },
    volatility: { low: 0.5, normal: 0.8, high: 1 },
    needs: 'breakout rules need volatility to carry a break',
  },
};

export interface Compatibility {
  /** In [0, 1]. */
  score: number;
  /** One clause: the regime, what the rules need, and the fit. */
  reason: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function marketCompatibility(category: TemplateCategory, regime: MarketRegime): Compatibility {
  const fit = REGIME_FIT[category];
  const trendFit = fit.trend[regime.trend];
  const volatilityFit = fit.volatility[regime.volatility];
  const score = round2(trendFit * volatilityFit);
  return {
    score,
    reason:
      `The market is ${regime.trend} with ${regime.volatility} volatility (${regime.vixLevel.toFixed(1)} %); ` +
      `${fit.needs}: trend fit ${trendFit.toFixed(1)} × volatility fit ${volatilityFit.toFixed(1)} = ` +
      `${Math.round(score * 100)} % compatibility.`,
  };
}
