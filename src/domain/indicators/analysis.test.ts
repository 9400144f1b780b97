import { describe, expect, it } from 'vitest';
import type { Candle } from '../market/candle';
import { generateHistory } from '../market/history';
import { findInstrument } from '../market/universe';
import { analyze, trendOf, volatilityLevelOf } from './analysis';
import { macd } from './macd';
import { rsi } from './rsi';
import { lastValue } from './series';
import { recommendationFor, recommendationScore, type SignalType, type TechnicalSignal } from './signals';
import { sma } from './sma';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T22:00:00Z');

/** Candles from closes: open = previous close, high/low `range` (fraction of price) around the close. */
function fromCloses(closes: readonly number[], range = 0.01): Candle[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1]!;
    return {
      time: i * DAY,
      open,
      high: Math.max(open, close) * (1 + range / 2),
      low: Math.min(open, close) * (1 - range / 2),
      close,
      volume: 1000 + i,
    };
  });
}

const types = (candles: Candle[]): SignalType[] => analyze(candles, NOW).signals.map((s) => s.type);
const signal = (candles: Candle[], type: SignalType) => analyze(candles, NOW).signals.find((s) => s.type === type);
/** A decline of `down` bars followed by a rise: crossovers of every kind happen somewhere after the turn. */
const vShape = (down: number, up: number, step = 0.5) => [
  ...Array.from({ length: down }, (_, i) => 200 - i * step),
  ...Array.from({ length: up }, (_, i) => 200 - down * step + (i + 1) * step * 1.5),
];
/** First index after `from` where `fast` moves from ≤ `slow` to > `slow`. */
function crossUp(fast: ArrayLike<number>, slow: ArrayLike<number>, from = 1): number {
  for (let i = Math.max(1, from); i < fast.length; i++) {
    if (fast[i - 1]! <= slow[i - 1]! && fast[i]! > slow[i]!) return i;
  }
  throw new Error('no cross');
}

describe('analyze', () => {
  it('copes with no or few candles: nulls, sideways, HOLD', () => {
    const empty = analyze([], NOW);
    expect(empty.indicators.rsi).toBeNull();
    expect(empty.indicators.volume).toBeNull();
    expect(empty).toMatchObject({
      timestamp: NOW,
      trend: 'sideways',
      recommendation: 'HOLD',
      signals: [],
      support: null,
      volatility: null,
    });
    const few = analyze(fromCloses([10, 11, 12, 11, 13]), NOW);
    expect(few.indicators.sma20).toBeNull();
    expect(few.indicators.volume).toBe(1004);
    expect(few.recommendation).toBe('HOLD');
  });

  it('reports the latest value of each indicator', () => {
    const closes = vShape(80, 60);
    const result = analyze(fromCloses(closes), NOW);
    expect(result.indicators.rsi).toBe(lastValue(rsi(closes, 14)));
    expect(result.indicators.sma50).toBe(lastValue(sma(closes, 50)));
    expect(result.indicators.macd.histogram).toBe(lastValue(macd(closes).histogram));
    expect(result.indicators.sma200).toBeNull();
    expect(result.indicators.bollingerBands.upper!).toBeGreaterThan(result.indicators.bollingerBands.lower!);
  });

  it('flags RSI overbought (SELL) and oversold (BUY)', () => {
    const up = Array.from({ length: 40 }, (_, i) => 100 + i + (i % 4 === 0 ? -0.5 : 0));
    const overbought = signal(fromCloses(up), 'RSI_OVERBOUGHT')!;
    expect(overbought.recommendation).toBe('SELL');
    expect(overbought.strength).toBeGreaterThanOrEqual(0.5);
    expect(overbought.strength).toBeLessThanOrEqual(1);
    const down = up.map((x) => 300 - x);
    expect(signal(fromCloses(down), 'RSI_OVERSOLD')!.recommendation).toBe('BUY');
    expect(types(fromCloses(Array.from({ length: 40 }, (_, i) => 100 + (i % 2))))).not.toContain('RSI_OVERBOUGHT');
  });

  it('flags a MACD signal-line cross on the latest bar only', () => {
    // An accelerating decline keeps the MACD line clearly below its signal line until the turn.
    const closes = [
      ...Array.from({ length: 60 }, (_, t) => 200 - 0.02 * t * t),
      ...Array.from({ length: 40 }, (_, t) => 200 - 0.02 * 59 * 59 + (t + 1)),
    ];
    const hist = macd(closes).histogram;
    const i = crossUp(hist, new Float64Array(closes.length), 40);
    const atCross = fromCloses(closes.slice(0, i + 1));
    expect(signal(atCross, 'MACD_BULLISH_CROSS')!.recommendation).toBe('BUY');
    expect(types(fromCloses(closes.slice(0, i + 2)))).not.toContain('MACD_BULLISH_CROSS');
    const mirrored = closes.map((x) => 400 - x);
    expect(signal(fromCloses(mirrored.slice(0, i + 1)), 'MACD_BEARISH_CROSS')!.recommendation).toBe('SELL');
  });

  it('flags the close crossing a Bollinger band', () => {
    const flat = Array.from({ length: 40 }, (_, i) => 100 + (i % 2) * 0.5);
    expect(signal(fromCloses([...flat, 104]), 'BOLLINGER_UPPER_BREAK')!.recommendation).toBe('SELL');
    expect(signal(fromCloses([...flat, 96]), 'BOLLINGER_LOWER_BREAK')!.recommendation).toBe('BUY');
    expect(types(fromCloses([...flat, 104, 105]))).not.toContain('BOLLINGER_UPPER_BREAK'); // already outside before
  });

  it('flags SMA20/SMA50 crosses within the last 5 bars and the SMA50/SMA200 golden and death crosses', () => {
    const closes = vShape(80, 80);
    const i = crossUp(sma(closes, 20), sma(closes, 50), 50);
    const twoBarsLater = signal(fromCloses(closes.slice(0, i + 3)), 'MA_BULLISH_CROSS')!;
    expect(twoBarsLater).toMatchObject({ recommendation: 'BUY', description: 'SMA20 crossed above SMA50 2 bars ago' });
    expect(types(fromCloses(closes.slice(0, i + 6)))).not.toContain('MA_BULLISH_CROSS');
    const mirrored = closes.map((x) => 400 - x);
    expect(signal(fromCloses(mirrored.slice(0, i + 1)), 'MA_BEARISH_CROSS')!.recommendation).toBe('SELL');

    const long = vShape(260, 200, 0.3);
    const g = crossUp(sma(long, 50), sma(long, 200), 200);
    expect(signal(fromCloses(long.slice(0, g + 1)), 'GOLDEN_CROSS')!.recommendation).toBe('BUY');
    const longDown = long.map((x) => 400 - x);
    expect(signal(fromCloses(longDown.slice(0, g + 1)), 'DEATH_CROSS')!.recommendation).toBe('SELL');
  });

  it('reads trend strength from ADX and direction from ±DI, and the trend from price vs SMA20/SMA50', () => {
    const up = Array.from({ length: 80 }, (_, i) => 100 * 1.01 ** i);
    const rising = analyze(fromCloses(up), NOW);
    expect(rising.indicators.adx!).toBeGreaterThanOrEqual(25);
    expect(rising.signals.find((s) => s.type === 'ADX_STRONG_TREND')!.recommendation).toBe('BUY');
    expect(rising.trend).toBe('bullish');
    const falling = analyze(fromCloses(up.map((x) => 10_000 / x)), NOW);
    expect(falling.signals.find((s) => s.type === 'ADX_STRONG_TREND')!.recommendation).toBe('SELL');
    expect(falling.trend).toBe('bearish');
    const choppy = analyze(fromCloses(Array.from({ length: 80 }, (_, i) => 100 + [0, 1, 0, -1][i % 4]!)), NOW);
    expect(choppy.indicators.adx!).toBeLessThan(20);
    expect(choppy.signals.find((s) => s.type === 'ADX_WEAK_TREND')!.recommendation).toBe('HOLD');
    expect(choppy.trend).toBe('sideways');
    expect(trendOf(110, 105, 100, 19.9)).toBe('sideways'); // aligned, but ADX too weak
    expect(trendOf(104, 105, 100, 30)).toBe('sideways'); // not aligned
  });

  it('labels volatility from ATR as a percentage of the close', () => {
    const flat = (range: number) =>
      Array.from({ length: 30 }, (_, i) => ({
        time: i * DAY,
        open: 100,
        high: 100 + range / 2,
        low: 100 - range / 2,
        close: 100,
        volume: 1,
      }));
    expect(analyze(flat(1), NOW)).toMatchObject({ volatility: 1, volatilityLevel: 'low' });
    expect(analyze(flat(2), NOW)).toMatchObject({ volatility: 2, volatilityLevel: 'medium' });
    expect(analyze(flat(4), NOW)).toMatchObject({ volatility: 4, volatilityLevel: 'high' });
    expect([volatilityLevelOf(1.49), volatilityLevelOf(1.5), volatilityLevelOf(2.99), volatilityLevelOf(3)]).toEqual([
      'low',
      'medium',
      'medium',
      'high',
    ]);
  });

  it('finds support and resistance at the nearest swing low below and swing high above the close', () => {
    const closes = [
      99, 98, 97, 96, 95, 96, 98, 101, 105, 110, 106, 103, 101, 100.5, 100, 100.2, 100, 100.1, 100, 100.2, 100,
    ];
    const result = analyze(fromCloses(closes, 0), NOW);
    expect(result.support).toBe(95);
    expect(result.resistance).toBe(110);
    const newHigh = analyze(fromCloses([...closes, 120], 0), NOW);
    expect(newHigh.resistance).toBeNull(); // nothing above a fresh high
    expect(newHigh.support).toBe(100); // the swing low at the 100 just before the breakout
  });

  it('turns the weighted score into the overall recommendation', () => {
    const s = (type: SignalType, recommendation: TechnicalSignal['recommendation'], strength = 1): TechnicalSignal => ({
      type,
      recommendation,
      strength,
      description: '',
    });
    expect(recommendationScore([], 'bullish')).toBe(0.5);
    expect(recommendationScore([s('RSI_OVERSOLD', 'BUY'), s('MACD_BULLISH_CROSS', 'BUY', 0.5)], 'sideways')).toBe(1.5);
    expect(recommendationScore([s('GOLDEN_CROSS', 'BUY', 0.9), s('ADX_WEAK_TREND', 'HOLD')], 'bearish')).toBeCloseTo(
      0.85,
      9,
    );
    expect([1.5, 0.5, 0.49, -0.49, -0.5, -1.49, -1.5].map(recommendationFor)).toEqual([
      'STRONG_BUY',
      'BUY',
      'HOLD',
      'HOLD',
      'SELL',
      'SELL',
      'STRONG_SELL',
    ]);
    const selloff = analyze(fromCloses(Array.from({ length: 60 }, (_, i) => 200 * 0.98 ** i)), NOW);
    expect(['SELL', 'STRONG_SELL', 'HOLD']).toContain(selloff.recommendation);
  });

  it('analyses simulated daily bars', () => {
    const history = generateHistory({ seed: 'ta', now: NOW, instruments: [findInstrument('MSFT')!] });
    const daily = history.symbols[0]!.bars['1D'].toArray();
    const result = analyze(daily, NOW);
    const close = daily.at(-1)!.close;
    expect(result.indicators.sma200).not.toBeNull();
    expect(result.volatilityLevel).not.toBeNull();
    if (result.support !== null) expect(result.support).toBeLessThan(close);
    if (result.resistance !== null) expect(result.resistance).toBeGreaterThan(close);
    for (const s of result.signals) expect(s.strength >= 0 && s.strength <= 1).toBe(true);
  });
});
