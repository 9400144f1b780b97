import { assertSameLength, trueRange } from './atr';
import { assertPeriod, warmupSeries, type Series } from './series';

/**
 * How the directional system warms up.
 * - `'wilder'` (default; Wilder 1978, StockCharts, TA-Lib, `technicalindicators`): +DM, -DM and TR are
 *   summed over the first `period` bar-to-bar changes (bars 1..period), so +DI/-DI/DX start at index
 *   `period`; ADX is the mean of the first `period` DX values, first at index `2 * period - 1`.
 *   A tie (up move = down move) counts for neither side.
 * - `'tulip'` (Tulip Indicators, reproducing Achelis' companion spreadsheet): the first sums cover
 *   `period - 1` changes, so DI/DX start at `period - 1` and ADX at `2 * (period - 1)`; a positive tie
 *   counts for both sides.
 * After the warm-up both use Wilder's smoothing: `S = S - S / period + x` for the sums and
 * `ADX = (ADX * (period - 1) + DX) / period`, so they converge geometrically.
 */
export type AdxWarmup = 'wilder' | 'tulip';

export interface Adx {
  adx: Series;
  plusDI: Series;
  minusDI: Series;
  dx: Series;
}

/** Average Directional Index with +DI / -DI (J. Welles Wilder). Default period 14; see {@link AdxWarmup}. */
export function adx(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  period = 14,
  warmup: AdxWarmup = 'wilder',
): Adx {
  assertPeriod(period);
  assertSameLength(high, low, close);
  const tulip = warmup === 'tulip';
  if (tulip && period < 2) throw new RangeError('the tulip warm-up needs a period of at least 2');
  const n = close.length;
  const first = tulip ? period - 1 : period; // index of the first DI / DX; ADX follows period - 1 bars later
  const result: Adx = {
    adx: warmupSeries(n, first + period - 1),
    plusDI: warmupSeries(n, first),
    minusDI: warmupSeries(n, first),
    dx: warmupSeries(n, first),
  };
  if (n <= first) return result;
  const { plusDI, minusDI, dx } = result;
  const adxOut = result.adx;

  let trSum = 0;
  let upSum = 0;
  let downSum = 0;
  let adxValue = 0;
  let dxCount = 0;
  const keep = (period - 1) / period;
  for (let i = 1; i < n; i++) {
    let up = high[i]! - high[i - 1]!;
    let down = low[i - 1]! - low[i]!;
    if (tulip) {
      if (up < 0) up = 0;
      else if (up > down) down = 0;
      if (down < 0) down = 0;
      else if (down > up) up = 0;
    } else {
      const plus = up > down && up > 0 ? up : 0;
      down = down > up && down > 0 ? down : 0;
      up = plus;
    }
    const tr = trueRange(high[i]!, low[i]!, close[i - 1]!);
    if (i <= first) {
      trSum += tr;
      upSum += up;
      downSum += down;
      if (i < first) continue;
    } else {
      trSum = trSum * keep + tr;
      upSum = upSum * keep + up;
      downSum = downSum * keep + down;
    }
    const pdi = trSum > 0 ? (100 * upSum) / trSum : 0;
    const mdi = trSum > 0 ? (100 * downSum) / trSum : 0;
    const diSum = pdi + mdi;
    const dxValue = diSum > 0 ? (100 * Math.abs(pdi - mdi)) / diSum : 0;
    plusDI[i] = pdi;
    minusDI[i] = mdi;
    dx[i] = dxValue;
    if (dxCount < period) {
      adxValue += dxValue;
      dxCount++;
      if (dxCount === period) {
        adxValue /= period;
        adxOut[i] = adxValue;
      }
    } else {
      adxValue = (adxValue * (period - 1) + dxValue) / period;
      adxOut[i] = adxValue;
    }
  }
  return result;
}
