import { assertPeriod, warmupSeries, type Series } from './series';
import { BollingerStepper } from './steppers';

export type { BollingerValue } from './steppers';

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
 * One pass: {@link BollingerStepper} (a sliding Welford update of the window's mean and squared deviations)
 * folded over `closes`.
 */
export function bollinger(closes: ArrayLike<number>, period = 20, multiplier = 2): BollingerBands {
  assertPeriod(period);
  const n = closes.length;
  const upper = warmupSeries(n, 0);
  const middle = warmupSeries(n, 0);
  const lower = warmupSeries(n, 0);
  const stepper = new BollingerStepper(period, multiplier);
  for (let i = 0; i < n; i++) {
    const bands = stepper.push(closes[i]!);
    upper[i] = bands.upper;
    middle[i] = bands.middle;
    lower[i] = bands.lower;
  }
  return { upper, middle, lower };
}
