import { describe, expect, it } from 'vitest';
import { bollinger } from './bollinger';
import { donchian } from './donchian';
import { ema } from './ema';
import { randomWalk } from './fixtures';
import { macd } from './macd';
import { rsi } from './rsi';
import { sma } from './sma';
import { BollingerStepper, EmaStepper, MacdStepper, RollingExtreme, RsiStepper, SmaStepper } from './steppers';

const { close, high, low } = randomWalk(400, 7);

/** Peeks then pushes each value, returning both series: a provisional value must equal the committed one. */
function stepThrough(stepper: { peek(x: number): number; push(x: number): number }, values: ArrayLike<number>) {
  const peeked: number[] = [];
  const pushed: number[] = [];
  for (let i = 0; i < values.length; i++) {
    peeked.push(stepper.peek(values[i]!));
    pushed.push(stepper.push(values[i]!));
  }
  return { peeked, pushed };
}

function sameSeries(actual: readonly number[], expected: ArrayLike<number>) {
  expect(actual).toHaveLength(expected.length);
  expect(actual).toEqual(Array.from(expected));
}

describe('incremental indicators agree with the batch functions, and peek with push', () => {
  it.each([
    ['EMA 10, sma seed', () => new EmaStepper(10), () => ema(close, 10)],
    ['EMA 12, first seed', () => new EmaStepper(12, undefined, 'first'), () => ema(close, 12, { seed: 'first' })],
    ['SMA 20', () => new SmaStepper(20), () => sma(close, 20)],
    ['SMA 200', () => new SmaStepper(200), () => sma(close, 200)],
    ['RSI 14', () => new RsiStepper(14), () => rsi(close, 14)],
  ])('%s', (_name, make, batch) => {
    const { peeked, pushed } = stepThrough(make(), close);
    sameSeries(pushed, batch());
    sameSeries(peeked, batch());
  });

  it('MACD 12/26/9: line, signal and histogram', () => {
    const stepper = new MacdStepper();
    const expected = macd(close);
    for (let i = 0; i < close.length; i++) {
      const peek = stepper.peek(close[i]!);
      const pushed = stepper.push(close[i]!);
      const value = { macd: pushed.macd, signal: pushed.signal, histogram: pushed.histogram };
      expect(peek).toEqual(value);
      expect(value).toEqual({ macd: expected.macd[i], signal: expected.signal[i], histogram: expected.histogram[i] });
    }
  });

  it('Bollinger 20/2: upper, middle and lower band', () => {
    const stepper = new BollingerStepper(20, 2);
    const expected = bollinger(close, 20, 2);
    for (let i = 0; i < close.length; i++) {
      const peek = stepper.peek(close[i]!);
      const pushed = stepper.push(close[i]!);
      const value = { upper: pushed.upper, middle: pushed.middle, lower: pushed.lower };
      expect(peek).toEqual(value);
      expect(value).toEqual({ upper: expected.upper[i], middle: expected.middle[i], lower: expected.lower[i] });
    }
    expect(Number.isNaN(expected.middle[18]!) && Number.isFinite(expected.middle[19]!)).toBe(true);
  });

  it('a peek changes nothing: many provisional values, then the push gives what one peek would', () => {
    const bands = new BollingerStepper(5, 2);
    const average = new SmaStepper(5);
    for (let i = 0; i < 30; i++) {
      for (const x of [close[i]! + 3, close[i]! - 7, close[i]! * 2]) {
        bands.peek(x);
        average.peek(x);
      }
      const peek = bands.peek(close[i]!);
      const { upper, middle, lower } = bands.push(close[i]!);
      expect(peek).toEqual({ upper, middle, lower });
      expect(average.peek(close[i]!)).toBe(average.push(close[i]!));
    }
  });

  it('rolling highest high and lowest low (Donchian 20 and a 252-bar window) against a naive scan', () => {
    const channel = donchian(high, low, 20);
    for (const period of [20, 252]) {
      const highest = new RollingExtreme(period, 'max');
      const lowest = new RollingExtreme(period, 'min');
      for (let i = 0; i < high.length; i++) {
        const windowStart = Math.max(0, i - period + 1);
        const naiveHigh = Math.max(...Array.from(high).slice(windowStart, i + 1));
        const naiveLow = Math.min(...Array.from(low).slice(windowStart, i + 1));
        const full = i >= period - 1;
        expect(highest.peek(high[i]!)).toEqual(full ? naiveHigh : Number.NaN);
        expect(lowest.peek(low[i]!)).toEqual(full ? naiveLow : Number.NaN);
        highest.push(high[i]!);
        lowest.push(low[i]!);
        expect(highest.partial).toBe(naiveHigh);
        expect(lowest.partial).toBe(naiveLow);
        if (period === 20) {
          expect(highest.value).toEqual(channel.upper[i]);
          expect(lowest.value).toEqual(channel.lower[i]);
        }
      }
    }
  });

  it('a monotonic series keeps the deque full without overflowing its ring', () => {
    const falling = new RollingExtreme(3, 'max');
    [5, 4, 3, 2, 1].forEach((x) => falling.push(x));
    expect(falling.value).toBe(3);
    expect(falling.peek(0)).toBe(2);
    expect(falling.peek(9)).toBe(9);
  });
});
