import type { Candle } from './candle';

/**
 * A fixed-capacity store of bars, oldest first: once full, each new bar replaces the oldest, so memory is
 * bounded by the capacity. The newest bar is the "forming" one and may be updated in place.
 */
export class CandleRing {
  readonly capacity: number;
  private readonly bars: (Candle | undefined)[];
  private start = 0;
  private count = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.capacity = capacity;
    this.bars = new Array<Candle | undefined>(capacity);
  }

  get length(): number {
    return this.count;
  }

  /** The newest bar (live object), or undefined when empty. */
  last(): Candle | undefined {
    return this.count === 0 ? undefined : this.bars[(this.start + this.count - 1) % this.capacity];
  }

  /** The bar `back` places before the newest (0 = newest). */
  fromEnd(back: number): Candle | undefined {
    if (back < 0 || back >= this.count) return undefined;
    return this.bars[(this.start + this.count - 1 - back) % this.capacity];
  }

  push(bar: Candle): void {
    if (this.count < this.capacity) {
      this.bars[(this.start + this.count) % this.capacity] = bar;
      this.count++;
    } else {
      this.bars[this.start] = bar;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Copies of the newest `limit` bars (all when omitted), oldest first. */
  toArray(limit = this.count): Candle[] {
    const n = Math.max(0, Math.min(limit, this.count));
    const out: Candle[] = new Array<Candle>(n);
    for (let k = 0; k < n; k++) {
      const bar = this.bars[(this.start + this.count - n + k) % this.capacity]!;
      out[k] = { ...bar };
    }
    return out;
  }
}

/**
 * Adds a trade interval `[open … close]` with extremes `high`/`low` and `volume` to the bar starting at
 * `time`: merged into the newest bar when it has that start, otherwise opened as a new bar. Applying the
 * same updates to every interval keeps coarser bars the exact aggregate of finer ones.
 */
export function accumulate(
  ring: CandleRing,
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): void {
  const bar = ring.last();
  if (bar && bar.time === time) {
    if (high > bar.high) bar.high = high;
    if (low < bar.low) bar.low = low;
    bar.close = close;
    bar.volume += volume;
  } else {
    ring.push({ time, open, high, low, close, volume });
  }
}
