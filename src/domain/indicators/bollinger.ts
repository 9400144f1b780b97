import { assertPeriod, warmupSeries, type Series } from './series';

export interface BollingerBands {
  upper: Series;
  middle: Series;
  lower: Series;
}

/**
 * Bollinger Bands: `middle = SMA(period)`, `upper/lower = middle ± multiplier × σ`, where σ is the
 * POPULATION standard deviation of the same `period` closes (divide by `period`, not `period - 1`), as
 * John Bollinger defines it and StockCharts, TA-Lib, Tulip and `technicalindicators` compute it.
 * Defaults 20 and 2. First defined value at index `period - 1`.
 *
 * One pass: the window's mean and sum of squared deviations are updated as a value enters and another
 * leaves (a sliding Welford update), which stays accurate where the textbook `E[x²] - E[x]²` cancels.
 */
export function bollinger(closes: ArrayLike<number>, period = 20, multiplier = 2): BollingerBands {
  assertPeriod(period);
  const n = closes.length;
  const upper = warmupSeries(n, period - 1);
  const middle = warmupSeries(n, period - 1);
  const lower = warmupSeries(n, period - 1);
  let mean = 0;
  let m2 = 0; // sum of squared deviations from the mean over the window
  for (let i = 0; i < n; i++) {
    const x = closes[i]!;
    if (i < period) {
      // Growing window: ordinary Welford.
      const delta = x - mean;
      mean += delta / (i + 1);
      m2 += delta * (x - mean);
    } else {
      const old = closes[i - period]!;
      const newMean = mean + (x - old) / period;
      m2 += (x - old) * (x - newMean + old - mean);
      mean = newMean;
    }
    if (i >= period - 1) {
      const sd = Math.sqrt(m2 > 0 ? m2 / period : 0);
      middle[i] = mean;
      upper[i] = mean + multiplier * sd;
      lower[i] = mean - multiplier * sd;
    }
  }
  return { upper, middle, lower };
}
