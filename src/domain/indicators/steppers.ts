import { assertPeriod } from './series';

/**
 * Incremental indicators: O(1) work and memory bounded by the period per update. Each stepper holds the
 * indicator as of the last value it was given:
 * - `push(x)` adds the next value (a closed bar) and returns the indicator at it (`NaN` during the warm-up);
 * - `peek(x)` returns what `push(x)` would, without changing anything (a provisional value for a bar still
 *   forming, e.g. today's daily bar at the live price).
 * The batch functions (ema, sma, rsi, macd, bollinger, donchian) are these steppers folded over a series, so a value
 * computed incrementally is the very number the batch function gives at that index.
 */

/** How an exponential average gets its first value: `'sma'` (mean of the first `period` inputs) or `'first'` input. */
export type EmaSeed = 'sma' | 'first';

/** EMA: `ema = alpha * x + (1 - alpha) * ema`, seeded per {@link EmaSeed}. */
export class EmaStepper {
  /** The current value (`NaN` until seeded). */
  value = Number.NaN;
  private readonly seedLength: number;
  private readonly keep: number;
  private count = 0;
  private sum = 0;

  constructor(
    period: number,
    readonly alpha = 2 / (period + 1),
    seed: EmaSeed = 'sma',
  ) {
    assertPeriod(period);
    this.seedLength = seed === 'first' ? 1 : period;
    this.keep = 1 - alpha;
  }

  push(x: number): number {
    if (this.count < this.seedLength) {
      this.sum += x;
      if (++this.count === this.seedLength) this.value = this.sum / this.seedLength;
      return this.value;
    }
    return (this.value = this.alpha * x + this.keep * this.value);
  }

  peek(x: number): number {
    if (this.count < this.seedLength)
      return this.count === this.seedLength - 1 ? (this.sum + x) / this.seedLength : Number.NaN;
    return this.alpha * x + this.keep * this.value;
  }
}

/** Simple moving average of the last `period` values, by a rolling sum over a ring of the window. */
export class SmaStepper {
  private readonly ring: Float64Array;
  private count = 0;
  private sum = 0;
  private index = 0;

  constructor(readonly period: number) {
    assertPeriod(period);
    this.ring = new Float64Array(period);
  }

  /** The mean of the last `period` values pushed (`NaN` before `period` values). */
  get value(): number {
    return this.count >= this.period ? this.sum / this.period : Number.NaN;
  }

  push(x: number): number {
    this.sum += x;
    if (this.count >= this.period) this.sum -= this.ring[this.index]!;
    this.ring[this.index] = x;
    this.index = this.index + 1 === this.period ? 0 : this.index + 1;
    this.count++;
    return this.value;
  }

  peek(x: number): number {
    if (this.count + 1 < this.period) return Number.NaN;
    const sum = this.sum + x;
    return (this.count >= this.period ? sum - this.ring[this.index]! : sum) / this.period;
  }
}

/** RSI from Wilder's average gain and loss: 100 with no losses, 0 with no gains, 50 for a flat series. */
export function rsiOf(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

/**
 * Wilder RSI: average gain and loss start as the means of the first `period` changes, then
 * `avg = (avg * (period - 1) + current) / period`. Defined from the `period + 1`-th close on.
 */
export class RsiStepper {
  value = Number.NaN;
  private previous = Number.NaN;
  private changes = 0;
  private gain = 0;
  private loss = 0;

  constructor(readonly period = 14) {
    assertPeriod(period);
  }

  push(close: number): number {
    const previous = this.previous;
    this.previous = close;
    if (Number.isNaN(previous)) return this.value;
    const change = close - previous;
    const { period } = this;
    if (this.changes < period) {
      if (change > 0) this.gain += change;
      else this.loss -= change;
      if (++this.changes === period) {
        this.gain /= period;
        this.loss /= period;
        this.value = rsiOf(this.gain, this.loss);
      }
      return this.value;
    }
    this.gain = (this.gain * (period - 1) + (change > 0 ? change : 0)) / period;
    this.loss = (this.loss * (period - 1) + (change < 0 ? -change : 0)) / period;
    return (this.value = rsiOf(this.gain, this.loss));
  }

  peek(close: number): number {
    if (Number.isNaN(this.previous)) return Number.NaN;
    const change = close - this.previous;
    const { period } = this;
    if (this.changes < period) {
      if (this.changes < period - 1) return Number.NaN;
      const gain = change > 0 ? this.gain + change : this.gain;
      return rsiOf(gain / period, (change < 0 ? this.loss - change : this.loss) / period);
    }
    return rsiOf(
      (this.gain * (period - 1) + (change > 0 ? change : 0)) / period,
      (this.loss * (period - 1) + (change < 0 ? -change : 0)) / period,
    );
  }
}

export interface MacdValue {
  macd: number;
  signal: number;
  histogram: number;
}

export interface MacdOptions {
  fast?: number;
  slow?: number;
  signal?: number;
  /** EMA seeding, see {@link EmaSeed}; default `'sma'`. */
  seed?: EmaSeed;
  /** Override the fast / slow smoothing factors (Tulip uses 0.15 / 0.075 for 12 / 26); default 2 / (n + 1). */
  fastAlpha?: number;
  slowAlpha?: number;
}

/**
 * MACD: `macd = EMA(fast) - EMA(slow)` from the slow EMA's first value on, `signal = EMA(signal)` of the MACD
 * line, `histogram = macd - signal`. Defaults 12 / 26 / 9.
 */
export class MacdStepper implements MacdValue {
  macd = Number.NaN;
  signal = Number.NaN;
  histogram = Number.NaN;
  private readonly fast: EmaStepper;
  private readonly slow: EmaStepper;
  private readonly signalEma: EmaStepper;
  /** The MACD line is reported from the `slow`-th value on, whatever the seed. */
  private readonly slowPeriod: number;
  private count = 0;

  constructor(options: MacdOptions = {}) {
    const fast = options.fast ?? 12;
    const slow = options.slow ?? 26;
    const signal = options.signal ?? 9;
    assertPeriod(fast, 'fast');
    assertPeriod(slow, 'slow');
    assertPeriod(signal, 'signal');
    if (fast > slow) throw new RangeError('fast period must not exceed slow period');
    this.fast = new EmaStepper(fast, options.fastAlpha, options.seed);
    this.slow = new EmaStepper(slow, options.slowAlpha, options.seed);
    this.signalEma = new EmaStepper(signal, undefined, options.seed);
    this.slowPeriod = slow;
  }

  push(x: number): MacdValue {
    const fast = this.fast.push(x);
    const slow = this.slow.push(x);
    if (++this.count < this.slowPeriod) return this;
    this.macd = fast - slow;
    this.signal = this.signalEma.push(this.macd);
    this.histogram = this.macd - this.signal;
    return this;
  }

  /** What `push(x)` would give, written into `out` (default: a new object) and returned. */
  peek(x: number, out: MacdValue = { macd: Number.NaN, signal: Number.NaN, histogram: Number.NaN }): MacdValue {
    if (this.count + 1 < this.slowPeriod) {
      out.macd = out.signal = out.histogram = Number.NaN;
      return out;
    }
    const macd = this.fast.peek(x) - this.slow.peek(x);
    const signal = this.signalEma.peek(macd);
    out.macd = macd;
    out.signal = signal;
    out.histogram = macd - signal;
    return out;
  }
}

export interface BollingerValue {
  upper: number;
  middle: number;
  lower: number;
}

/**
 * Bollinger Bands of the last `period` values: `middle` their mean, `upper/lower = middle ± multiplier × σ` with
 * σ the population standard deviation (see `bollinger`). The window's mean and sum of squared deviations are
 * updated as a value enters and another leaves (a sliding Welford update, accurate where the textbook
 * `E[x²] - E[x]²` cancels); the ring holds the window for the value that leaves.
 */
export class BollingerStepper implements BollingerValue {
  upper = Number.NaN;
  middle = Number.NaN;
  lower = Number.NaN;
  private readonly ring: Float64Array;
  private count = 0;
  private index = 0;
  private mean = 0;
  /** The sum of squared deviations from the mean over the window. */
  private m2 = 0;
  /** The mean and m2 with the value last given to `advance`. */
  private nextMean = 0;
  private nextM2 = 0;

  constructor(
    readonly period = 20,
    readonly multiplier = 2,
  ) {
    assertPeriod(period);
    this.ring = new Float64Array(period);
  }

  push(x: number): BollingerValue {
    this.advance(x);
    this.mean = this.nextMean;
    this.m2 = this.nextM2;
    this.ring[this.index] = x;
    this.index = this.index + 1 === this.period ? 0 : this.index + 1;
    return this.bands(++this.count, this);
  }

  /** What `push(x)` would give, written into `out` (default: a new object) and returned. */
  peek(x: number, out: BollingerValue = { upper: Number.NaN, middle: Number.NaN, lower: Number.NaN }): BollingerValue {
    this.advance(x);
    return this.bands(this.count + 1, out);
  }

  private advance(x: number) {
    const { mean, m2, period } = this;
    if (this.count < period) {
      // Growing window: ordinary Welford.
      const delta = x - mean;
      this.nextMean = mean + delta / (this.count + 1);
      this.nextM2 = m2 + delta * (x - this.nextMean);
    } else {
      const old = this.ring[this.index]!;
      this.nextMean = mean + (x - old) / period;
      this.nextM2 = m2 + (x - old) * (x - this.nextMean + old - mean);
    }
  }

  /** The bands from `nextMean` and `nextM2` once `count` values are in (`NaN` before `period`). */
  private bands(count: number, out: BollingerValue): BollingerValue {
    if (count < this.period) {
      out.upper = out.middle = out.lower = Number.NaN;
      return out;
    }
    const sd = Math.sqrt(this.nextM2 > 0 ? this.nextM2 / this.period : 0);
    out.middle = this.nextMean;
    out.upper = this.nextMean + this.multiplier * sd;
    out.lower = this.nextMean - this.multiplier * sd;
    return out;
  }
}

/**
 * Highest (`'max'`) or lowest (`'min'`) of the last `period` values, by a monotonic deque of the candidates (each
 * value enters and leaves once: O(1) amortised per push, O(1) per peek).
 */
export class RollingExtreme {
  /** Candidates' values (negated for 'min', so the deque is always of a maximum) and sequence numbers, in a ring. */
  private readonly values: Float64Array;
  private readonly seqs: Float64Array;
  private readonly sign: number;
  private head = 0;
  private size = 0;
  private count = 0;

  constructor(
    readonly period: number,
    kind: 'max' | 'min',
  ) {
    assertPeriod(period);
    this.values = new Float64Array(period);
    this.seqs = new Float64Array(period);
    this.sign = kind === 'max' ? 1 : -1;
  }

  /** The extreme of the full window (`NaN` before `period` values). */
  get value(): number {
    return this.count >= this.period ? this.partial : Number.NaN;
  }

  /** The extreme of the values seen so far within the window, even before it is full (`NaN` when empty). */
  get partial(): number {
    return this.size > 0 ? this.sign * this.values[this.head]! : Number.NaN;
  }

  push(x: number): number {
    const v = this.sign * x;
    const capacity = this.period;
    // The front leaves first (it is the only candidate that can fall out of the window), so the ring never overflows.
    if (this.size > 0 && this.seqs[this.head]! <= this.count - capacity) {
      this.head = (this.head + 1) % capacity;
      this.size--;
    }
    while (this.size > 0 && this.values[(this.head + this.size - 1) % capacity]! <= v) this.size--;
    const tail = (this.head + this.size) % capacity;
    this.values[tail] = v;
    this.seqs[tail] = this.count;
    this.size++;
    this.count++;
    return this.value;
  }

  /** The full window's extreme if `x` were pushed (`NaN` if the window would not yet be full). */
  peek(x: number): number {
    if (this.count + 1 < this.period) return Number.NaN;
    const v = this.sign * x;
    if (this.size === 0) return x;
    // The front leaves the window when x enters if it is the oldest value of a full window.
    const frontLeaves = this.seqs[this.head]! <= this.count - this.period;
    if (frontLeaves && this.size === 1) return x;
    const best = this.values[frontLeaves ? (this.head + 1) % this.period : this.head]!;
    return this.sign * (best > v ? best : v);
  }
}
