/**
 * Support and resistance from swing points (5-bar fractals).
 *
 * A bar is a swing low when its low is the lowest of the 2 bars before it, itself and the 2 bars after it
 * (ties allowed), and a swing high likewise with highs. Only the last LEVELS_LOOKBACK bars are searched,
 * and the newest 2 bars cannot be swing points yet (they lack 2 bars after them).
 * - support: the highest swing low strictly below the latest close; if there is none, the lowest low of
 *   the lookback window when that is below the close; otherwise null.
 * - resistance: the lowest swing high strictly above the latest close; if there is none, the highest high
 *   of the window when that is above the close; otherwise null.
 */
export const LEVELS_LOOKBACK = 60;
export const SWING_SPAN = 2;

export interface Levels {
  support: number | null;
  resistance: number | null;
}

export function supportResistance(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: number,
  lookback = LEVELS_LOOKBACK,
  span = SWING_SPAN,
): Levels {
  const n = Math.min(high.length, low.length);
  const from = Math.max(0, n - lookback);
  let support: number | null = null;
  let resistance: number | null = null;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (let i = from; i < n; i++) {
    const l = low[i]!;
    const h = high[i]!;
    if (l < lowest) lowest = l;
    if (h > highest) highest = h;
    if (i - span < from || i + span >= n) continue;
    let isSwingLow = true;
    let isSwingHigh = true;
    for (let k = i - span; k <= i + span; k++) {
      if (low[k]! < l) isSwingLow = false;
      if (high[k]! > h) isSwingHigh = false;
    }
    if (isSwingLow && l < close && (support === null || l > support)) support = l;
    if (isSwingHigh && h > close && (resistance === null || h < resistance)) resistance = h;
  }
  if (support === null && lowest < close) support = lowest;
  if (resistance === null && highest > close) resistance = highest;
  return { support, resistance };
}
