import { describe, expect, it } from 'vitest';
import { barsFromCloses } from '../strategies/fixtures';
import { findTemplate } from '../strategies/templates';
import { outOfSampleRecord, WARM_UP_BARS, WINDOW_BARS } from './outOfSample';

/** A rising (or falling) line with a 60-bar swing of ±10 around it: fixed, no randomness. */
function swingBars(length: number, slope: number, start = 100) {
  return barsFromCloses(Array.from({ length }, (_, i) => start + slope * i + 10 * Math.sin((2 * Math.PI * i) / 60)));
}

const donchian = findTemplate('donchian-breakout')!;
const emaTrend = findTemplate('ema-crossover-trend')!;

describe('outOfSampleRecord', () => {
  it('scores only the complete out-of-sample windows after the warm-up year', () => {
    const bars = swingBars(WARM_UP_BARS + 4 * WINDOW_BARS + 40, 0.2);
    const record = outOfSampleRecord(donchian, 'UP', bars)!;
    expect(record.windows).toBe(4);
    expect(record.from).toBe(bars[WARM_UP_BARS]!.time);
    expect(record.to).toBe(bars[WARM_UP_BARS + 4 * WINDOW_BARS - 1]!.time);
  });

  it('is null when not even one window fits', () => {
    expect(outOfSampleRecord(donchian, 'UP', swingBars(WARM_UP_BARS + WINDOW_BARS - 1, 0.2))).toBeNull();
  });

  it('reads no bar after the last scored window', () => {
    const bars = swingBars(756, 0.2);
    const crash = bars.map((bar, i) => (i < 756 - 1 ? bar : { ...bar, close: 1, low: 0.5, open: 1, high: 1.5 }));
    const extended = [...bars, ...swingBars(60, -3, 250).map((bar, i) => ({ ...bar, time: 756 + i }))];
    expect(outOfSampleRecord(donchian, 'UP', extended)).toEqual(outOfSampleRecord(donchian, 'UP', bars));
    expect(outOfSampleRecord(donchian, 'UP', crash)).not.toEqual(outOfSampleRecord(donchian, 'UP', bars));
  });

  it('shows a channel breakout winning in a steady uptrend and idle in a downtrend', () => {
    const up = outOfSampleRecord(donchian, 'UP', swingBars(756, 0.2))!;
    expect(up).toMatchObject({ templateId: 'donchian-breakout', symbol: 'UP', positiveWindows: 4, winRate: 1 });
    expect(up.trades).toBeGreaterThan(0);
    expect(up.annualReturn).toBeGreaterThan(0.05);
    expect(up.maxDrawdown).toBeLessThan(0);
    const down = outOfSampleRecord(emaTrend, 'DOWN', swingBars(756, -0.2, 300))!;
    expect(down).toMatchObject({ trades: 0, positiveWindows: 0, annualReturn: 0, sharpeRatio: null });
  });
});
