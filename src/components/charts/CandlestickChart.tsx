import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LineData,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { useThemeState } from '../../theme/themeStore';
import { chartMarkers, chartSeriesData, type ChartSeriesData } from './chartData';
import { chartBoxHeight, type ChartOverlays, type PriceChartProps } from './chartProps';
import { CHART_PALETTE, chartColors, chartOptions, type ChartPalette } from './chartTheme';
import { ChartBox } from './ChartBox';

/** Puts its part of the data into one series. */
type SeriesFeed = (data: ChartSeriesData) => void;
type LineKey = {
  [K in keyof ChartSeriesData]: ChartSeriesData[K] extends LineData<UTCTimestamp>[] ? K : never;
}[keyof ChartSeriesData];

function addLine(chart: IChartApi, color: string, pane: number, width: 1 | 2 = 1): ISeriesApi<'Line'> {
  return chart.addSeries(
    LineSeries,
    { color, lineWidth: width, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false },
    pane,
  );
}

type Markers = ISeriesMarkersPluginApi<UTCTimestamp>;

/** Builds the chart's series for the chosen overlays and panes; returns each with the data it draws. */
function buildSeries(
  chart: IChartApi,
  palette: ChartPalette,
  overlays: ChartOverlays,
): { feeds: SeriesFeed[]; markers: Markers } {
  const feeds: SeriesFeed[] = [];
  const lines = (pane: number, ...specs: [string, LineKey][]) => {
    for (const [color, key] of specs) {
      const series = addLine(chart, color, pane);
      feeds.push((data) => series.setData(data[key]));
    }
  };
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: palette.up,
    downColor: palette.down,
    borderVisible: false,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
  });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
  feeds.push((data) => candles.setData(data.candles));
  const markers = createSeriesMarkers(candles as ISeriesApi<'Candlestick', UTCTimestamp>, []);
  const volume = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    priceLineVisible: false,
    lastValueVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  feeds.push((data) => volume.setData(data.volume));
  if (overlays.sma) {
    lines(0, [palette.sma20, 'sma20'], [palette.sma50, 'sma50']);
  }
  if (overlays.ema) {
    lines(0, [palette.ema12, 'ema12'], [palette.ema26, 'ema26']);
  }
  if (overlays.bollinger) {
    lines(
      0,
      [palette.bollinger, 'bollingerUpper'],
      [palette.bollinger, 'bollingerMiddle'],
      [palette.bollinger, 'bollingerLower'],
    );
  }
  let pane = 1;
  if (overlays.rsi) {
    const rsiLine = addLine(chart, palette.rsi, pane, 2);
    rsiLine.applyOptions({
      lastValueVisible: true,
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    });
    rsiLine.createPriceLine({ price: 70, color: palette.down, lineWidth: 1, lineStyle: 2, axisLabelVisible: false });
    rsiLine.createPriceLine({ price: 30, color: palette.up, lineWidth: 1, lineStyle: 2, axisLabelVisible: false });
    feeds.push((data) => rsiLine.setData(data.rsi));
    pane += 1;
  }
  if (overlays.macd) {
    const histogram = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, pane);
    const macdLine = addLine(chart, palette.macd, pane, 2);
    feeds.push(
      (data) => histogram.setData(data.macdHistogram),
      (data) => macdLine.setData(data.macd),
    );
    lines(pane, [palette.signal, 'macdSignal']);
  }
  for (const [index, chartPane] of chart.panes().entries()) chartPane.setStretchFactor(index === 0 ? 3 : 1);
  return { feeds, markers };
}

/**
 * Candlesticks with volume (own price scale at the bottom), optional SMA/EMA/Bollinger overlays and RSI and
 * MACD in panes of their own, drawn by lightweight-charts. Follows the theme, resizes with its container and is
 * disposed on unmount. Loaded on demand through PriceChart.
 */
export function CandlestickChart({ candles, overlays, intraday, label, height, markers }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const feedsRef = useRef<SeriesFeed[]>([]);
  const markersRef = useRef<Markers | null>(null);
  const { theme } = useThemeState();
  const palette = CHART_PALETTE[theme];
  const data = useMemo(() => chartSeriesData(candles, chartColors(palette)), [candles, palette]);
  const { sma, ema, bollinger, rsi, macd } = overlays;
  const markerData = useMemo(() => chartMarkers(markers ?? [], palette), [markers, palette]);

  // The bars: set whenever they change (a live tick moves the last one).
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
    for (const feed of feedsRef.current) feed(data);
  }, [data]);

  // The markers: set whenever they change (and on a rebuilt chart, below).
  const markerDataRef = useRef(markerData);
  useEffect(() => {
    markerDataRef.current = markerData;
    markersRef.current?.setMarkers(markerData);
  }, [markerData]);

  // The chart and its series: rebuilt when the theme or the chosen indicators change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, chartOptions(palette, intraday));
    chartRef.current = chart;
    const built = buildSeries(chart, palette, { sma, ema, bollinger, rsi, macd });
    feedsRef.current = built.feeds;
    markersRef.current = built.markers;
    for (const feed of feedsRef.current) feed(dataRef.current);
    built.markers.setMarkers(markerDataRef.current);
    return () => {
      chartRef.current = null;
      feedsRef.current = [];
      markersRef.current = null;
      chart.remove();
    };
  }, [palette, intraday, sma, ema, bollinger, rsi, macd]);

  // The view fits all bars when another series (symbol, interval) or another chart is shown.
  const firstTime = candles[0]?.time;
  useEffect(() => {
    chartRef.current?.timeScale().fitContent();
  }, [firstTime, palette, intraday, sma, ema, bollinger, rsi, macd]);

  return <ChartBox ref={containerRef} label={label} testId="price-chart" height={chartBoxHeight(overlays, height)} />;
}
