import { assertSameLength } from './atr';
import { assertPeriod, warmupSeries, type Series } from './series';
import { RollingExtreme } from './steppers';

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
 * First defined value at index `period - 1`. {@link RollingExtreme}'s monotonic deques folded over the bars (O(n) overall).
 */
export function donchian(high: ArrayLike<number>, low: ArrayLike<number>, period = 20): DonchianChannel {
  assertPeriod(period);
  assertSameLength(high, low, high);
  const n = high.length;
  const upper = warmupSeries(n, 0);
  const lower = warmupSeries(n, 0);
  const middle = warmupSeries(n, 0);
  const highest = new RollingExtreme(period, 'max');
  const lowest = new RollingExtreme(period, 'min');
  for (let i = 0; i < n; i++) {
    const top = highest.push(high[i]!);
    const bottom = lowest.push(low[i]!);
    upper[i] = top;
    lower[i] = bottom;
    middle[i] = (top + bottom) / 2;
  }
  return { upper, lower, middle };
}
