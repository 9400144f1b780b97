import type { CandlestickData, HistogramData, LineData, SeriesMarker, UTCTimestamp } from 'lightweight-charts';
import { bollinger, ema, macd, rsi, sma } from '../../domain/indicators';
import type { Ohlcv } from '../../domain/market/candle';
import type { ChartMarker } from './chartProps';

/** One OHLCV bar as the server sends it: `time` in epoch seconds (UTC), not the domain `Candle`'s milliseconds. */
export type ChartCandle = Ohlcv;

export interface ChartSeriesData {
  candles: CandlestickData<UTCTimestamp>[];
  volume: HistogramData<UTCTimestamp>[];
  sma20: LineData<UTCTimestamp>[];
  sma50: LineData<UTCTimestamp>[];
  ema12: LineData<UTCTimestamp>[];
  ema26: LineData<UTCTimestamp>[];
  bollingerUpper: LineData<UTCTimestamp>[];
  bollingerMiddle: LineData<UTCTimestamp>[];
  bollingerLower: LineData<UTCTimestamp>[];
  rsi: LineData<UTCTimestamp>[];
  macd: LineData<UTCTimestamp>[];
  macdSignal: LineData<UTCTimestamp>[];
  macdHistogram: HistogramData<UTCTimestamp>[];
}

export interface ChartColors {
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
}

/**
 * The chart draws times as UTC; shifting each bar by the viewer's UTC offset at that moment makes the axis
 * read in local time (a daily bar at 00:00 New York keeps its date west of UTC+5).
 */
export function localChartTime(
  epochSeconds: number,
  offsetMinutes = new Date(epochSeconds * 1000).getTimezoneOffset(),
) {
  return (epochSeconds - offsetMinutes * 60) as UTCTimestamp;
}

/** A line's point, or null where the indicator has no value (its warm-up). */
export function linePoint(time: UTCTimestamp, value: number | undefined): LineData<UTCTimestamp> | null {
  return value !== undefined && Number.isFinite(value) ? { time, value } : null;
}

/** A MACD histogram bar coloured by its sign, or null where it has no value. */
export function histogramPoint(
  time: UTCTimestamp,
  value: number | undefined,
  colors: ChartColors,
): HistogramData<UTCTimestamp> | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  return { time, value, color: value >= 0 ? colors.upVolume : colors.downVolume };
}

export function candlePoint(bar: ChartCandle, time: UTCTimestamp): CandlestickData<UTCTimestamp> {
  return { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
}

/** A volume bar coloured by the candle's direction. */
export function volumePoint(bar: ChartCandle, time: UTCTimestamp, colors: ChartColors): HistogramData<UTCTimestamp> {
  return { time, value: bar.volume, color: bar.close >= bar.open ? colors.upVolume : colors.downVolume };
}

/** The points of a series at `times` with their values, leaving out those without a value. */
function points<P>(
  times: readonly UTCTimestamp[],
  values: ArrayLike<number>,
  point: (time: UTCTimestamp, value: number | undefined) => P | null,
): P[] {
  const out: P[] = [];
  times.forEach((time, index) => {
    const made = point(time, values[index]);
    if (made) out.push(made);
  });
  return out;
}

/** Everything the chart draws from the bars: candles, volume, overlays and the RSI/MACD panes (warm-up left out). */
export function chartSeriesData(
  bars: readonly ChartCandle[],
  colors: ChartColors,
  toTime: (epochSeconds: number) => UTCTimestamp = (seconds) => localChartTime(seconds),
): ChartSeriesData {
  const times = bars.map((bar) => toTime(bar.time));
  const closes = bars.map((bar) => bar.close);
  const bands = bollinger(closes, 20, 2);
  const macdValues = macd(closes);
  const line = (values: ArrayLike<number>) => points(times, values, linePoint);
  return {
    candles: bars.map((bar, index) => candlePoint(bar, times[index]!)),
    volume: bars.map((bar, index) => volumePoint(bar, times[index]!, colors)),
    sma20: line(sma(closes, 20)),
    sma50: line(sma(closes, 50)),
    ema12: line(ema(closes, 12)),
    ema26: line(ema(closes, 26)),
    bollingerUpper: line(bands.upper),
    bollingerMiddle: line(bands.middle),
    bollingerLower: line(bands.lower),
    rsi: line(rsi(closes, 14)),
    macd: line(macdValues.macd),
    macdSignal: line(macdValues.signal),
    macdHistogram: points(times, macdValues.histogram, (time, value) => histogramPoint(time, value, colors)),
  };
}

/** Each series' point at one bar (null where the series has none there, its warm-up): what a live tick moves. */
export type ChartPoints = { [K in keyof ChartSeriesData]: ChartSeriesData[K][number] | null };

/**
 * Whether `next` differs from `prev` only in its newest bar (same count, same times, every older bar the same
 * object, the newest another object): a live tick, which the chart applies by updating each series' last point
 * instead of all its data. The same bars again are not a tick: whatever else changed (colours, say) needs all data.
 */
export function onlyLastBarMoved(prev: readonly ChartCandle[], next: readonly ChartCandle[]): boolean {
  const count = next.length;
  if (count === 0 || prev.length !== count || prev[count - 1] === next[count - 1]) return false;
  if (prev[count - 1]?.time !== next[count - 1]?.time) return false;
  for (let index = 0; index < count - 1; index++) if (prev[index] !== next[index]) return false;
  return true;
}

/** Marker colours: apart from the candles' green and red, so that an arrow stands out beside them. */
export interface MarkerColors {
  buyMarker: string;
  sellMarker: string;
}

/** Markers as the chart draws them, oldest first (its order): buys as up arrows below the bar, sells down arrows above. */
export function chartMarkers(
  markers: readonly ChartMarker[],
  colors: MarkerColors,
  toTime: (epochSeconds: number) => UTCTimestamp = (seconds) => localChartTime(seconds),
): SeriesMarker<UTCTimestamp>[] {
  return [...markers]
    .sort((a, b) => a.time - b.time)
    .map((marker) => ({
      time: toTime(marker.time),
      position: marker.side === 'buy' ? 'belowBar' : 'aboveBar',
      shape: marker.side === 'buy' ? 'arrowUp' : 'arrowDown',
      color: marker.side === 'buy' ? colors.buyMarker : colors.sellMarker,
      size: 1.5,
      ...(marker.text === undefined ? {} : { text: marker.text }),
    }));
}
