import { describe, expect, it } from 'vitest';
import { randomWalk } from '../../domain/indicators/fixtures';
import { mulberry32 } from '../../domain/market/prng';
import { chartSeriesData, localChartTime, type ChartCandle, type ChartPoints, type ChartSeriesData } from './chartData';
import { ChartFeed } from './chartFeed';

const colors = { up: 'green', down: 'red', upVolume: 'g', downVolume: 'r' };
const toTime = (seconds: number) => localChartTime(seconds, 0);
const DAY = 86_400;

function walk(length: number, seed: number): ChartCandle[] {
  const { open, high, low, close, volume } = randomWalk(length, seed);
  return close.map((value, index) => ({
    time: 1_700_000_000 + index * DAY,
    open: open[index]!,
    high: high[index]!,
    low: low[index]!,
    close: value,
    volume: volume[index]!,
  }));
}

/** Each series' point at the newest bar in the full computation (null where it has none there). */
function newestPoints(data: ChartSeriesData, time: number): ChartPoints {
  const entries = Object.entries(data).map(([key, series]: [string, { time: number }[]]) => {
    const last = series.at(-1);
    return [key, last?.time === time ? last : null];
  });
  return Object.fromEntries(entries) as ChartPoints;
}

/** `actual` equals `expected` with every number within 1e-9 (times, colours and which points exist exactly). */
function expectClose(actual: ChartPoints, expected: ChartPoints) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const key of Object.keys(expected) as (keyof ChartPoints)[]) {
    const want = expected[key];
    const got = actual[key];
    if (want === null) {
      expect(got, key).toBeNull();
      continue;
    }
    const gotFields: Record<string, unknown> = { ...got };
    expect(Object.keys(gotFields).sort(), key).toEqual(Object.keys(want).sort());
    for (const [field, value] of Object.entries(want)) {
      const gotValue = gotFields[field];
      if (typeof value === 'number')
        expect(Math.abs((gotValue as number) - value), `${key}.${field}`).toBeLessThan(1e-9);
      else expect(gotValue, `${key}.${field}`).toBe(value);
    }
  }
}

/** The newest bar at another price, as a live quote folds it in (close moved, high/low widened). */
function tickOf(bar: ChartCandle, price: number): ChartCandle {
  return { ...bar, close: price, high: Math.max(bar.high, price), low: Math.min(bar.low, price) };
}

describe('ChartFeed', () => {
  it('a live tick gives each series the newest point the full computation gives, over many ticks and new bars', () => {
    for (const [length, seed] of [
      [120, 1],
      [260, 2],
      [40, 3],
      [12, 4],
    ] as const) {
      const rng = mulberry32(seed * 97);
      const feed = new ChartFeed(colors, toTime);
      let bars = walk(length, seed);
      expect(feed.next(bars)).toMatchObject({ kind: 'all', refit: true });
      let ticks = 0;
      for (let step = 0; step < 400; step++) {
        const last = bars.at(-1)!;
        const roll = rng.next();
        if (roll < 0.05) {
          // A new bar (the refetch of an intraday chart): everything again, the view stays.
          bars = [...bars, { ...last, time: last.time + DAY, open: last.close }];
          const change = feed.next(bars);
          expect(change).toMatchObject({ kind: 'all', refit: false });
          continue;
        }
        const price = last.close * Math.exp(0.01 * rng.normal());
        bars = [...bars.slice(0, -1), tickOf(last, price)];
        const change = feed.next(bars);
        expect(change.kind).toBe('tick');
        if (change.kind !== 'tick') return;
        ticks++;
        expectClose(change.points, newestPoints(chartSeriesData(bars, colors, toTime), last.time));
      }
      expect(ticks).toBeGreaterThan(300);
    }
  });

  it('the warm-up: a series without a value at the newest bar gets no point', () => {
    const feed = new ChartFeed(colors, toTime);
    const bars = walk(30, 5);
    feed.next(bars);
    const change = feed.next([...bars.slice(0, -1), tickOf(bars.at(-1)!, 120)]);
    expect(change.kind).toBe('tick');
    if (change.kind !== 'tick') return;
    expect(change.points.sma50).toBeNull();
    expect(change.points.macdSignal).toBeNull();
    expect(change.points.sma20?.value).toBeTypeOf('number');
    expect(change.points.candles?.close).toBe(120);
  });

  it('the same bars change nothing; other bars (another symbol, an older bar corrected) change everything', () => {
    const feed = new ChartFeed(colors, toTime);
    const bars = walk(60, 6);
    const data = feed.all(bars);
    expect(feed.next(bars)).toEqual({ kind: 'none' });
    expect(feed.all(bars)).toBe(data);
    const corrected = [{ ...bars[0]!, close: 1 }, ...bars.slice(1)];
    expect(feed.next(corrected)).toEqual({
      kind: 'all',
      data: chartSeriesData(corrected, colors, toTime),
      refit: false,
    });
    const other = walk(60, 7).map((bar) => ({ ...bar, time: bar.time - DAY }));
    expect(feed.next(other)).toMatchObject({ kind: 'all', refit: true });
    // Ticks after the change are computed from the new bars, not the old ones.
    const moved = [...other.slice(0, -1), tickOf(other.at(-1)!, 50)];
    const change = feed.next(moved);
    expect(change.kind).toBe('tick');
    if (change.kind === 'tick') {
      expectClose(change.points, newestPoints(chartSeriesData(moved, colors, toTime), moved.at(-1)!.time));
    }
  });

  it('a tick after bars given several ticks ago (a chart out of view) is still only the newest point', () => {
    const feed = new ChartFeed(colors, toTime);
    const bars = walk(80, 8);
    feed.all(bars);
    let latest = bars;
    for (const price of [101, 99, 103]) latest = [...bars.slice(0, -1), tickOf(bars.at(-1)!, price)];
    const change = feed.next(latest);
    expect(change.kind).toBe('tick');
    if (change.kind === 'tick') {
      expectClose(change.points, newestPoints(chartSeriesData(latest, colors, toTime), latest.at(-1)!.time));
    }
  });
});
