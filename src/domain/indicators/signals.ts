import type { Adx } from './adx';
import type { BollingerBands } from './bollinger';
import type { Macd } from './macd';
import { valueAt } from './series';

export type SignalAction = 'BUY' | 'SELL' | 'HOLD';
export type Recommendation = 'STRONG_BUY' | 'BUY' | 'HOLD' | 'SELL' | 'STRONG_SELL';
export type Trend = 'bullish' | 'bearish' | 'sideways';
export type SignalType =
  | 'RSI_OVERBOUGHT'
  | 'RSI_OVERSOLD'
  | 'MACD_BULLISH_CROSS'
  | 'MACD_BEARISH_CROSS'
  | 'BOLLINGER_UPPER_BREAK'
  | 'BOLLINGER_LOWER_BREAK'
  | 'MA_BULLISH_CROSS'
  | 'MA_BEARISH_CROSS'
  | 'GOLDEN_CROSS'
  | 'DEATH_CROSS'
  | 'ADX_STRONG_TREND'
  | 'ADX_WEAK_TREND';

export interface TechnicalSignal {
  type: SignalType;
  /** Confidence in [0, 1]. */
  strength: number;
  description: string;
  recommendation: SignalAction;
}

/** The indicator series the rules read (all aligned to the candles, NaN during warm-up). */
export interface SignalSeries {
  close: ArrayLike<number>;
  rsi: ArrayLike<number>;
  macd: Macd;
  bollinger: BollingerBands;
  sma20: ArrayLike<number>;
  sma50: ArrayLike<number>;
  sma200: ArrayLike<number>;
  atr: ArrayLike<number>;
  adx: Adx;
}

/**
 * Signal rules, each evaluated on the latest bar (a rule whose indicators are still warming up is silent):
 * - RSI(14) ≥ 70 → RSI_OVERBOUGHT, SELL; ≤ 30 → RSI_OVERSOLD, BUY.
 *   Strength 0.5 + 0.5 × min(1, distance beyond the threshold / 20).
 * - MACD(12, 26, 9) histogram changes sign on the latest bar (the MACD line crosses its signal line):
 *   upward → MACD_BULLISH_CROSS, BUY; downward → MACD_BEARISH_CROSS, SELL.
 *   Strength 0.5 + |histogram| / (0.25 × ATR), capped at 1.
 * - The close crosses a Bollinger(20, 2) band on the latest bar (was inside or on it, now outside):
 *   above the upper band → BOLLINGER_UPPER_BREAK, SELL (stretched, expect reversion to the mean);
 *   below the lower band → BOLLINGER_LOWER_BREAK, BUY. Strength 0.5 + 0.5 × min(1, distance outside the
 *   band / half the band width).
 * - SMA20 crosses SMA50 within the last MA_CROSS_LOOKBACK bars: upward → MA_BULLISH_CROSS, BUY; downward →
 *   MA_BEARISH_CROSS, SELL; strength 0.7. With 200+ bars the SMA50/SMA200 cross is checked the same way:
 *   GOLDEN_CROSS, BUY / DEATH_CROSS, SELL; strength 0.9.
 * - ADX(14) ≥ 25 → ADX_STRONG_TREND, BUY when +DI > −DI, else SELL; strength min(1, ADX / 50), at least 0.5.
 *   ADX < 20 → ADX_WEAK_TREND, HOLD; strength 0.5 + 0.5 × (20 − ADX) / 20.
 */
export const RSI_OVERBOUGHT = 70;
export const RSI_OVERSOLD = 30;
export const ADX_STRONG = 25;
export const ADX_TRENDING = 20;
export const MA_CROSS_LOOKBACK = 5;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const fmt = (x: number) => x.toFixed(2);

export function technicalSignals(s: SignalSeries): TechnicalSignal[] {
  const signals: TechnicalSignal[] = [];
  const close = valueAt(s.close, -1);
  const atr = valueAt(s.atr, -1);

  const rsi = valueAt(s.rsi, -1);
  if (rsi !== null && rsi >= RSI_OVERBOUGHT) {
    signals.push({
      type: 'RSI_OVERBOUGHT',
      strength: 0.5 + 0.5 * clamp01((rsi - RSI_OVERBOUGHT) / 20),
      description: `RSI(14) at ${fmt(rsi)} is at or above ${RSI_OVERBOUGHT}: overbought`,
      recommendation: 'SELL',
    });
  } else if (rsi !== null && rsi <= RSI_OVERSOLD) {
    signals.push({
      type: 'RSI_OVERSOLD',
      strength: 0.5 + 0.5 * clamp01((RSI_OVERSOLD - rsi) / 20),
      description: `RSI(14) at ${fmt(rsi)} is at or below ${RSI_OVERSOLD}: oversold`,
      recommendation: 'BUY',
    });
  }

  const hist = valueAt(s.macd.histogram, -1);
  const prevHist = valueAt(s.macd.histogram, -2);
  if (hist !== null && prevHist !== null && atr !== null) {
    const strength = Math.min(1, 0.5 + Math.abs(hist) / (0.25 * atr || Number.POSITIVE_INFINITY));
    if (prevHist <= 0 && hist > 0) {
      signals.push({
        type: 'MACD_BULLISH_CROSS',
        strength,
        description: 'MACD(12, 26, 9) crossed above its signal line on the latest bar',
        recommendation: 'BUY',
      });
    } else if (prevHist >= 0 && hist < 0) {
      signals.push({
        type: 'MACD_BEARISH_CROSS',
        strength,
        description: 'MACD(12, 26, 9) crossed below its signal line on the latest bar',
        recommendation: 'SELL',
      });
    }
  }

  const upper = valueAt(s.bollinger.upper, -1);
  const lower = valueAt(s.bollinger.lower, -1);
  const middle = valueAt(s.bollinger.middle, -1);
  const prevClose = valueAt(s.close, -2);
  const prevUpper = valueAt(s.bollinger.upper, -2);
  const prevLower = valueAt(s.bollinger.lower, -2);
  if (close !== null && prevClose !== null && upper !== null && lower !== null && middle !== null) {
    const halfWidth = upper - middle || Number.POSITIVE_INFINITY;
    if (prevUpper !== null && prevClose <= prevUpper && close > upper) {
      signals.push({
        type: 'BOLLINGER_UPPER_BREAK',
        strength: 0.5 + 0.5 * clamp01((close - upper) / halfWidth),
        description: `Close ${fmt(close)} crossed above the upper Bollinger band (${fmt(upper)})`,
        recommendation: 'SELL',
      });
    } else if (prevLower !== null && prevClose >= prevLower && close < lower) {
      signals.push({
        type: 'BOLLINGER_LOWER_BREAK',
        strength: 0.5 + 0.5 * clamp01((lower - close) / halfWidth),
        description: `Close ${fmt(close)} crossed below the lower Bollinger band (${fmt(lower)})`,
        recommendation: 'BUY',
      });
    }
  }

  signals.push(
    ...movingAverageCross(s.sma20, s.sma50, 'SMA20', 'SMA50', ['MA_BULLISH_CROSS', 'MA_BEARISH_CROSS'], 0.7),
  );
  signals.push(...movingAverageCross(s.sma50, s.sma200, 'SMA50', 'SMA200', ['GOLDEN_CROSS', 'DEATH_CROSS'], 0.9));

  const adx = valueAt(s.adx.adx, -1);
  const plusDI = valueAt(s.adx.plusDI, -1);
  const minusDI = valueAt(s.adx.minusDI, -1);
  if (adx !== null && plusDI !== null && minusDI !== null) {
    if (adx >= ADX_STRONG) {
      const up = plusDI > minusDI;
      signals.push({
        type: 'ADX_STRONG_TREND',
        strength: Math.max(0.5, Math.min(1, adx / 50)),
        description: `ADX(14) at ${fmt(adx)} shows a strong ${up ? 'up' : 'down'}trend (+DI ${fmt(plusDI)}, −DI ${fmt(minusDI)})`,
        recommendation: up ? 'BUY' : 'SELL',
      });
    } else if (adx < ADX_TRENDING) {
      signals.push({
        type: 'ADX_WEAK_TREND',
        strength: 0.5 + 0.5 * clamp01((ADX_TRENDING - adx) / ADX_TRENDING),
        description: `ADX(14) at ${fmt(adx)} is below ${ADX_TRENDING}: no clear trend`,
        recommendation: 'HOLD',
      });
    }
  }
  return signals;
}

function movingAverageCross(
  fast: ArrayLike<number>,
  slow: ArrayLike<number>,
  fastName: string,
  slowName: string,
  [upType, downType]: [SignalType, SignalType],
  strength: number,
): TechnicalSignal[] {
  for (let back = 1; back <= MA_CROSS_LOOKBACK; back++) {
    const f = valueAt(fast, -back);
    const s = valueAt(slow, -back);
    const pf = valueAt(fast, -back - 1);
    const ps = valueAt(slow, -back - 1);
    if (f === null || s === null || pf === null || ps === null) return [];
    const when = back === 1 ? 'on the latest bar' : `${back - 1} bar${back > 2 ? 's' : ''} ago`;
    if (pf <= ps && f > s) {
      return [
        {
          type: upType,
          strength,
          description: `${fastName} crossed above ${slowName} ${when}`,
          recommendation: 'BUY',
        },
      ];
    }
    if (pf >= ps && f < s) {
      return [
        {
          type: downType,
          strength,
          description: `${fastName} crossed below ${slowName} ${when}`,
          recommendation: 'SELL',
        },
      ];
    }
  }
  return [];
}

/**
 * Weight of each signal type in the overall score. The score is
 *   Σ weight × strength × (+1 BUY, −1 SELL, 0 HOLD)  +  TREND_WEIGHT × (+1 bullish, −1 bearish, 0 sideways)
 * and maps to:
 *   score ≥ 1.5 STRONG_BUY · ≥ 0.5 BUY · > −0.5 HOLD · > −1.5 SELL · otherwise STRONG_SELL.
 */
export const SIGNAL_WEIGHTS: Readonly<Record<SignalType, number>> = {
  RSI_OVERBOUGHT: 1,
  RSI_OVERSOLD: 1,
  MACD_BULLISH_CROSS: 1,
  MACD_BEARISH_CROSS: 1,
  BOLLINGER_UPPER_BREAK: 0.75,
  BOLLINGER_LOWER_BREAK: 0.75,
  MA_BULLISH_CROSS: 1,
  MA_BEARISH_CROSS: 1,
  GOLDEN_CROSS: 1.5,
  DEATH_CROSS: 1.5,
  ADX_STRONG_TREND: 0.5,
  ADX_WEAK_TREND: 0.5,
};
export const TREND_WEIGHT = 0.5;

export function recommendationScore(signals: readonly TechnicalSignal[], trend: Trend): number {
  let score = trend === 'bullish' ? TREND_WEIGHT : trend === 'bearish' ? -TREND_WEIGHT : 0;
  for (const signal of signals) {
    const direction = signal.recommendation === 'BUY' ? 1 : signal.recommendation === 'SELL' ? -1 : 0;
    score += SIGNAL_WEIGHTS[signal.type] * signal.strength * direction;
  }
  return score;
}

export function recommendationFor(score: number): Recommendation {
  if (score >= 1.5) return 'STRONG_BUY';
  if (score >= 0.5) return 'BUY';
  if (score > -0.5) return 'HOLD';
  if (score > -1.5) return 'SELL';
  return 'STRONG_SELL';
}
