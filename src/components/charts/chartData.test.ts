import { describe, expect, it } from 'vitest';
import { chartMarkers, chartSeriesData, localChartTime, onlyLastBarMoved, type ChartCandle } from './chartData';

const colors = { up: 'green', down: 'red', upVolume: 'g', downVolume: 'r' };
const bars: ChartCandle[] = Array.from({ length: 60 }, (_, index) => {
  const close = 100 + index;
  return {
    time: 1_700_000_000 + index * 86_400,
    open: close - (index % 2 === 0 ? 1 : -1),
    high: close + 2,
    low: close - 2,
    close,
    volume: 1000 + index,
  };
});

describe('chartSeriesData', () => {
  it('draws every bar as a candle and a volume bar coloured by direction', () => {
    const data = chartSeriesData(bars, colors, (seconds) => localChartTime(seconds, 0));
    expect(data.candles).toHaveLength(60);
    expect(data.candles[0]).toEqual({ time: 1_700_000_000, open: 99, high: 102, low: 98, close: 100 });
    expect(data.volume[0]).toEqual({ time: 1_700_000_000, value: 1000, color: 'g' });
    expect(data.volume[1]?.color).toBe('r');
  });

  it('leaves indicator warm-up out: SMA20 starts at the 20th bar with the mean of the first 20 closes', () => {
    const data = chartSeriesData(bars, colors, (seconds) => localChartTime(seconds, 0));
    expect(data.sma20).toHaveLength(41);
    expect(data.sma20[0]).toEqual({ time: bars[19]?.time, value: 109.5 });
    expect(data.sma50).toHaveLength(11);
    expect(data.rsi.every((point) => point.value >= 0 && point.value <= 100)).toBe(true);
    expect(data.macdHistogram.length).toBeGreaterThan(0);
  });

  it('shifts times by the UTC offset so the axis reads local time', () => {
    expect(localChartTime(1_700_000_000, 300)).toBe(1_700_000_000 - 18_000);
    expect(localChartTime(1_700_000_000, -60)).toBe(1_700_003_600);
  });
});

describe('chartMarkers', () => {
  it('sorts the markers by time and draws buys as up arrows below the bar, sells as down arrows above', () => {
    const markers = chartMarkers(
      [
        { time: 200, side: 'sell', text: 'Exit' },
        { time: 100, side: 'buy' },
      ],
      { buyMarker: 'blue', sellMarker: 'orange' },
      (seconds) => localChartTime(seconds, 0),
    );
    expect(markers).toEqual([
      { time: 100, position: 'belowBar', shape: 'arrowUp', color: 'blue', size: 1.5 },
      { time: 200, position: 'aboveBar', shape: 'arrowDown', color: 'orange', size: 1.5, text: 'Exit' },
    ]);
  });
});

describe('onlyLastBarMoved', () => {
  const moved = [...bars.slice(0, -1), { ...bars[59]!, close: 170 }];

  it('is a live tick when only the newest bar is another object at the same time', () => {
    expect(onlyLastBarMoved(bars, moved)).toBe(true);
  });

  it('is not one when a bar was added, an older bar changed, or the newest bar is a new period', () => {
    expect(onlyLastBarMoved(bars, [...bars, { ...bars[59]!, time: bars[59]!.time + 86_400 }])).toBe(false);
    expect(onlyLastBarMoved(bars, [{ ...bars[0]! }, ...moved.slice(1)])).toBe(false);
    expect(onlyLastBarMoved(bars, [...bars.slice(0, -1), { ...bars[59]!, time: bars[59]!.time + 60 }])).toBe(false);
    expect(onlyLastBarMoved([], [])).toBe(false);
  });

  it('is not one for the same bars again (the data changed for another reason, e.g. the theme)', () => {
    expect(onlyLastBarMoved(bars, bars)).toBe(false);
    expect(onlyLastBarMoved(bars, [...bars])).toBe(false);
  });
});
