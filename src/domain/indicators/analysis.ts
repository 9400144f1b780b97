import type { Candle } from '../market/candle';
import { adx } from './adx';
import { atr } from './atr';
import { bollinger } from './bollinger';
import { ema } from './ema';
import { supportResistance } from './levels';
import { macd } from './macd';
import { rsi } from './rsi';
import { lastValue } from './series';
import {
  ADX_TRENDING,
  recommendationFor,
  recommendationScore,
  technicalSignals,
  type Recommendation,
  type TechnicalSignal,
  type Trend,
} from './signals';
import { sma, volumeSma } from './sma';

export type VolatilityLevel = 'low' | 'medium' | 'high';

/** Latest indicator values; `null` while an indicator is still warming up (too few candles). */
export interface TechnicalIndicators {
  rsi: number | null;
  macd: { macd: number | null; signal: number | null; histogram: number | null };
  sma20: number | null;
  sma50: number | null;
  ema12: number | null;
  ema26: number | null;
  bollingerBands: { upper: number | null; middle: number | null; lower: number | null };
  atr: number | null;
  adx: number | null;
  /** Volume of the latest candle. */
  volume: number | null;
  /** Beyond the spec's list, used by the rules and handy for display. */
  sma200: number | null;
  plusDI: number | null;
  minusDI: number | null;
  volumeSma20: number | null;
}

/** Spec §3 TechnicalAnalysis; the caller adds `symbol`. */
export interface TechnicalAnalysis {
  symbol: string;
  /** Epoch ms: when the analysis was made (the `now` passed in). */
  timestamp: number;
  indicators: TechnicalIndicators;
  signals: TechnicalSignal[];
  trend: Trend;
  /** ATR(14) as a percentage of the latest close, or null before ATR exists. */
  volatility: number | null;
  volatilityLevel: VolatilityLevel | null;
  support: number | null;
  resistance: number | null;
  recommendation: Recommendation;
  /** The weighted score behind `recommendation` (see signals.ts). */
  score: number;
}

/** ATR as % of price: below 1.5 is low, below 3 medium, 3 or more high (typical large caps sit around 1.5–2.5). */
export const VOLATILITY_LOW_BELOW = 1.5;
export const VOLATILITY_HIGH_FROM = 3;

/**
 * Technical analysis of ascending candles (daily bars for the app's TechnicalAnalysis), latest bar included.
 *
 * Indicators: RSI(14, Wilder), MACD(12, 26, 9, SMA-seeded EMAs), SMA20/50/200, EMA12/26, Bollinger(20, 2,
 * population σ), ATR(14, Wilder), ADX(14, Wilder) with ±DI, volume and its 20-bar average.
 *
 * Trend: 'bullish' when close > SMA20 > SMA50 and ADX ≥ 20; 'bearish' when close < SMA20 < SMA50 and
 * ADX ≥ 20; otherwise (including before SMA50 and ADX exist, i.e. under 50 candles) 'sideways'.
 * Volatility: ATR / close × 100, labelled by VOLATILITY_LOW_BELOW / VOLATILITY_HIGH_FROM.
 * Support / resistance: swing points, see ./levels. Signals and the recommendation: see ./signals.
 */
export function analyze(candles: readonly Candle[], now: number): Omit<TechnicalAnalysis, 'symbol'> {
  const n = candles.length;
  const close = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const volume = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = candles[i]!;
    close[i] = c.close;
    high[i] = c.high;
    low[i] = c.low;
    volume[i] = c.volume;
  }

  const series = {
    close,
    rsi: rsi(close, 14),
    macd: macd(close),
    bollinger: bollinger(close, 20, 2),
    sma20: sma(close, 20),
    sma50: sma(close, 50),
    sma200: sma(close, 200),
    atr: atr(high, low, close, 14),
    adx: adx(high, low, close, 14),
  };
  const indicators: TechnicalIndicators = {
    rsi: lastValue(series.rsi),
    macd: {
      macd: lastValue(series.macd.macd),
      signal: lastValue(series.macd.signal),
      histogram: lastValue(series.macd.histogram),
    },
    sma20: lastValue(series.sma20),
    sma50: lastValue(series.sma50),
    ema12: lastValue(ema(close, 12)),
    ema26: lastValue(ema(close, 26)),
    bollingerBands: {
      upper: lastValue(series.bollinger.upper),
      middle: lastValue(series.bollinger.middle),
      lower: lastValue(series.bollinger.lower),
    },
    atr: lastValue(series.atr),
    adx: lastValue(series.adx.adx),
    volume: lastValue(volume),
    sma200: lastValue(series.sma200),
    plusDI: lastValue(series.adx.plusDI),
    minusDI: lastValue(series.adx.minusDI),
    volumeSma20: lastValue(volumeSma(volume, 20)),
  };

  const lastClose = lastValue(close);
  const trend = trendOf(lastClose, indicators.sma20, indicators.sma50, indicators.adx);
  const volatility =
    lastClose !== null && lastClose > 0 && indicators.atr !== null ? (indicators.atr / lastClose) * 100 : null;
  const levels = lastClose === null ? { support: null, resistance: null } : supportResistance(high, low, lastClose);
  const signals = technicalSignals(series);
  const score = recommendationScore(signals, trend);
  return {
    timestamp: now,
    indicators,
    signals,
    trend,
    volatility,
    volatilityLevel: volatility === null ? null : volatilityLevelOf(volatility),
    support: levels.support,
    resistance: levels.resistance,
    recommendation: recommendationFor(score),
    score,
  };
}

export function trendOf(
  close: number | null,
  sma20: number | null,
  sma50: number | null,
  adxValue: number | null,
): Trend {
  if (close === null || sma20 === null || sma50 === null || adxValue === null || adxValue < ADX_TRENDING)
    return 'sideways';
  if (close > sma20 && sma20 > sma50) return 'bullish';
  if (close < sma20 && sma20 < sma50) return 'bearish';
  return 'sideways';
}

export function volatilityLevelOf(atrPercent: number): VolatilityLevel {
  if (atrPercent < VOLATILITY_LOW_BELOW) return 'low';
  if (atrPercent < VOLATILITY_HIGH_FROM) return 'medium';
  return 'high';
}
