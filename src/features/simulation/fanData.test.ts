import { describe, expect, it } from 'vitest';
import { fanData, tradingDayTimes } from './fanData';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('tradingDayTimes', () => {
  it('starts at the current session and skips weekends and NYSE holidays', () => {
    // Wednesday 26 November 2025, 15:00 New York (20:00 UTC): Thanksgiving (27th) and the weekend are skipped.
    const times = tradingDayTimes(3, Date.parse('2025-11-26T20:00:00Z'));
    expect(times).toEqual([day('2025-11-26'), day('2025-11-28'), day('2025-12-01'), day('2025-12-02')]);
  });

  it('before the open, starts at the previous session', () => {
    expect(tradingDayTimes(0, Date.parse('2025-12-01T13:00:00Z'))).toEqual([day('2025-11-28')]);
  });
});

describe('fanData', () => {
  it('pairs the 5–95 and 25–75 percentiles into bands and keeps the median', () => {
    const curve = (value: number) => Float64Array.of(100, value);
    const data = fanData(
      { horizon: 1, fan: [curve(90), curve(95), curve(100), curve(105), curve(110)] },
      Date.parse('2025-11-26T20:00:00Z'),
    );
    expect(data.outer[1]).toEqual({ time: day('2025-11-28'), lower: 90, upper: 110 });
    expect(data.inner[1]).toEqual({ time: day('2025-11-28'), lower: 95, upper: 105 });
    expect(data.median.map((point) => point.value)).toEqual([100, 100]);
  });
});
