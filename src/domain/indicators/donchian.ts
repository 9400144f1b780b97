import { assertSameLength } from './atr';
import { assertPeriod, warmupSeries, type Series } from './series';

export interface DonchianChannel {
  /** Highest high of the last `period` bars, this bar included. */
  upper: Series;
  /** Lowest low of the last `period` bars, this bar included. */
  lower: Series;
  /** (upper + lower) / 2. */
  middle: Series;
}

/**
 * Donchian channel (Richard Donchian): the highest high and lowest low of the last `period` bars, the current
 * bar included (as charting packages draw it). A breakout rule compares a close with the channel of the bars
 * BEFORE it (the previous bar's value), since a bar's close can never exceed its own high.
 * First defined value at index `period - 1`. One pass with monotonic queues of indices (O(n) overall).
 */
export function donchian(high: ArrayLike<number>, low: ArrayLike<number>, period = 20): DonchianChannel {
  assertPeriod(period);
  assertSameLength(high, low, high);
  const n = high.length;
  const upper = warmupSeries(n, period - 1);
  const lower = warmupSeries(n, period - 1);
  const middle = warmupSeries(n, period - 1);
  // Ring-free deques: every index enters and leaves once, so plain arrays of n slots with head/tail suffice.
  const maxQueue = new Int32Array(n);
  const minQueue = new Int32Array(n);
  let maxHead = 0;
  let maxTail = 0;
  let minHead = 0;
  let minTail = 0;
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    while (maxTail > maxHead && high[maxQueue[maxTail - 1]!]! <= h) maxTail--;
    maxQueue[maxTail++] = i;
    while (minTail > minHead && low[minQueue[minTail - 1]!]! >= l) minTail--;
    minQueue[minTail++] = i;
    const oldest = i - period + 1;
    if (maxQueue[maxHead]! < oldest) maxHead++;
    if (minQueue[minHead]! < oldest) minHead++;
    if (oldest >= 0) {
      const top = high[maxQueue[maxHead]!]!;
      const bottom = low[minQueue[minHead]!]!;
      upper[i] = top;
      lower[i] = bottom;
      middle[i] = (top + bottom) / 2;
    }
  }
  return { upper, lower, middle };
}
