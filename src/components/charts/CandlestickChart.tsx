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
  type SeriesMarker,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useThemeState } from '../../theme/themeStore';
import { chartMarkers, type ChartPoints, type ChartSeriesData } from './chartData';
import { ChartFeed, type ChartChange } from './chartFeed';
import { chartBoxHeight, type ChartOverlays, type PriceChartProps } from './chartProps';
import { CHART_PALETTE, chartColors, chartOptions, type ChartPalette } from './chartTheme';
import { ChartBox } from './ChartBox';
import { useOutOfView } from './useOutOfView';

/** Puts its part of the data into one series: all of it, or (a live tick) only its newest point. */
interface SeriesFeed {
  set(data: ChartSeriesData): void;
  updateLast(points: ChartPoints): void;
}

/** The part of a lightweight-charts series a feed uses, typed by the data it draws. */
interface FedSeries<K extends keyof ChartSeriesData> {
  setData(data: ChartSeriesData[K]): void;
  update(point: NonNullable<ChartPoints[K]>): void;
}

function feedOf<K extends keyof ChartSeriesData>(series: FedSeries<K>, key: K): SeriesFeed {
  return {
    set: (data) => series.setData(data[key]),
    updateLast: (points) => {
      const point = points[key];
      if (point) series.update(point);
    },
  };
}

/** Shows `change` in the series of `feeds`. */
function applyChange(feeds: readonly SeriesFeed[], change: ChartChange) {
  if (change.kind === 'tick') for (const feed of feeds) feed.updateLast(change.points);
  else if (change.kind === 'all') for (const feed of feeds) feed.set(change.data);
}

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

type CandleSeries = ISeriesApi<'Candlestick', UTCTimestamp>;

/** What the chart has built so far: its series with the data each draws, and the candles (which carry the markers). */
interface BuiltSeries {
  feeds: SeriesFeed[];
  candles: CandleSeries | null;
}

/**
 * The candles' markers as `markers` lists them: the markers plugin exists only while there are markers to draw.
 * With none it draws nothing and leaves the price scale alone, but it still asks the chart for a repaint after
 * every change of the candles' data, so each live tick painted the whole chart (every pane and axis) twice.
 * Returns the plugin now on the candles, if any.
 */
function syncMarkers(candles: CandleSeries, current: Markers | null, markers: SeriesMarker<UTCTimestamp>[]) {
  if (markers.length === 0) {
    current?.detach();
    return null;
  }
  if (!current) return createSeriesMarkers(candles, markers);
  current.setMarkers(markers);
  return current;
}

/** Adds some of the chart's series (the candles and volume, or the overlays and the indicator panes' series) to `built`. */
type BuildStep = (chart: IChartApi, built: BuiltSeries) => void;

/** The panes the chosen indicators need below the price pane: RSI first, then MACD. */
function extraPanes(overlays: ChartOverlays): number {
  return Number(overlays.rsi) + Number(overlays.macd);
}

/**
 * The chart's series for the chosen overlays and panes, as steps the chart is built in one after another (each
 * in a task of its own, so that building it never holds the page for long): the candles with volume first, then
 * the overlays and the indicator panes together. Each step is followed by a full repaint of every pane (the
 * costly part, far more than adding the series), so the steps are few; the panes exist from the start (see
 * `createPanes`), so no step resizes them.
 */
function buildSteps(palette: ChartPalette, overlays: ChartOverlays): BuildStep[] {
  const lines = (chart: IChartApi, built: BuiltSeries, pane: number, ...specs: [string, LineKey][]) => {
    for (const [color, key] of specs) {
      const series = addLine(chart, color, pane);
      built.feeds.push(feedOf(series, key));
    }
  };
  const candlesWithVolume: BuildStep = (chart, built) => {
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      borderVisible: false,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
    });
    // The right price scale's margins, in every pane (the RSI and MACD panes exist already; one created after
    // this would take them from the chart's options, which this also sets).
    for (const index of chart.panes().keys()) {
      chart.priceScale('right', index).applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    }
    built.feeds.push(feedOf(candles, 'candles'));
    built.candles = candles as CandleSeries;
    const volume = chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      priceLineVisible: false,
      lastValueVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    built.feeds.push(feedOf(volume, 'volume'));
  };
  const priceOverlays: BuildStep = (chart, built) => {
    if (overlays.sma) lines(chart, built, 0, [palette.sma20, 'sma20'], [palette.sma50, 'sma50']);
    if (overlays.ema) lines(chart, built, 0, [palette.ema12, 'ema12'], [palette.ema26, 'ema26']);
    if (overlays.bollinger) {
      lines(
        chart,
        built,
        0,
        [palette.bollinger, 'bollingerUpper'],
        [palette.bollinger, 'bollingerMiddle'],
        [palette.bollinger, 'bollingerLower'],
      );
    }
  };
  const rsiPane = 1;
  const macdPane = overlays.rsi ? 2 : 1;
  const rsiSeries: BuildStep = (chart, built) => {
    const rsiLine = addLine(chart, palette.rsi, rsiPane, 2);
    rsiLine.applyOptions({
      lastValueVisible: true,
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    });
    rsiLine.createPriceLine({ price: 70, color: palette.down, lineWidth: 1, lineStyle: 2, axisLabelVisible: false });
    rsiLine.createPriceLine({ price: 30, color: palette.up, lineWidth: 1, lineStyle: 2, axisLabelVisible: false });
    built.feeds.push(feedOf(rsiLine, 'rsi'));
  };
  const macdSeries: BuildStep = (chart, built) => {
    const histogram = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, macdPane);
    const macdLine = addLine(chart, palette.macd, macdPane, 2);
    built.feeds.push(feedOf(histogram, 'macdHistogram'), feedOf(macdLine, 'macd'));
    lines(chart, built, macdPane, [palette.signal, 'macdSignal']);
  };
  const rest: BuildStep[] = [
    ...(overlays.sma || overlays.ema || overlays.bollinger ? [priceOverlays] : []),
    ...(overlays.rsi ? [rsiSeries] : []),
    ...(overlays.macd ? [macdSeries] : []),
  ];
  const steps: BuildStep[] = [candlesWithVolume];
  if (rest.length > 0) {
    steps.push((chart, built) => {
      for (const step of rest) step(chart, built);
    });
  }
  return steps;
}

/** The price pane three times as tall as each RSI or MACD pane. */
function stretchPanes(chart: IChartApi) {
  for (const [index, chartPane] of chart.panes().entries()) chartPane.setStretchFactor(index === 0 ? 3 : 1);
}

/**
 * The chart with its RSI and MACD panes in place before any series: the panes keep their heights while the
 * series are added (adding a pane later would resize every canvas of the chart and lay out the page again).
 */
function createPanes(container: HTMLElement, palette: ChartPalette, intraday: boolean, overlays: ChartOverlays) {
  const chart = createChart(container, chartOptions(palette, intraday));
  for (let pane = 0; pane < extraPanes(overlays); pane++) chart.addPane(true);
  stretchPanes(chart);
  return chart;
}

/**
 * Candlesticks with volume (own price scale at the bottom), optional SMA/EMA/Bollinger overlays and RSI and
 * MACD in panes of their own, drawn by lightweight-charts. Follows the theme, resizes with its container and is
 * disposed on unmount. Loaded on demand through PriceChart.
 *
 * Live ticks (only the newest bar moved) update each series' newest point, computed alone (see ChartFeed). While
 * the chart is out of view they wait: no computing, no repaint; back in view, it shows the latest bars at once.
 */
export function CandlestickChart({ candles, overlays, intraday, label, height, markers }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const feedsRef = useRef<SeriesFeed[]>([]);
  const candleSeriesRef = useRef<CandleSeries | null>(null);
  const markersRef = useRef<Markers | null>(null);
  const { theme } = useThemeState();
  const palette = CHART_PALETTE[theme];
  const feed = useMemo(() => new ChartFeed(chartColors(palette)), [palette]);
  const { sma, ema, bollinger, rsi, macd } = overlays;
  const markerData = useMemo(() => chartMarkers(markers ?? [], palette), [markers, palette]);

  // The bars: the chart shows the latest (all of them after a change, each series' newest point after a tick),
  // unless it is out of view, where they wait until it comes back.
  const candlesRef = useRef(candles);
  const outOfView = useOutOfView(containerRef);
  const show = useCallback(() => {
    const chart = chartRef.current;
    if (!chart || feedsRef.current.length === 0 || outOfView.isOut()) return;
    const change = feed.next(candlesRef.current);
    applyChange(feedsRef.current, change);
    if (change.kind === 'all' && change.refit) chart.timeScale().fitContent();
  }, [feed, outOfView]);
  useEffect(() => {
    candlesRef.current = candles;
    show();
  }, [candles, show]);
  useEffect(() => outOfView.onBack(show), [outOfView, show]);

  // The markers: set whenever they change (and on a rebuilt chart, below).
  const markerDataRef = useRef(markerData);
  useEffect(() => {
    markerDataRef.current = markerData;
    const candleSeries = candleSeriesRef.current;
    if (candleSeries) markersRef.current = syncMarkers(candleSeries, markersRef.current, markerData);
  }, [markerData]);

  // The chart and its series: rebuilt when the theme or the chosen indicators change. Built in slices, each in a
  // task of its own after the page has painted: the chart with its panes and the candles, then the rest.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let chart: IChartApi | null = null;
    const built: BuiltSeries = { feeds: [], candles: null };
    feedsRef.current = built.feeds;
    const steps = buildSteps(palette, { sma, ema, bollinger, rsi, macd });
    let timer = 0;
    const next = () => {
      timer = window.setTimeout(slice, 0);
    };
    const slice = () => {
      // The chart comes with the candles: a paint of the empty chart would cost as much as one with them.
      if (!chart) {
        chart = createPanes(container, palette, intraday, { sma, ema, bollinger, rsi, macd });
        chartRef.current = chart;
      }
      const step = steps.shift();
      if (!step) return;
      const fed = built.feeds.length;
      step(chart, built);
      // The series built before catch up with bars that came since; the new ones get all data of the latest.
      const bars = candlesRef.current;
      applyChange(built.feeds.slice(0, fed), feed.next(bars));
      const data = feed.all(bars);
      for (const added of built.feeds.slice(fed)) added.set(data);
      if (built.candles && !candleSeriesRef.current) {
        candleSeriesRef.current = built.candles;
        markersRef.current = syncMarkers(built.candles, null, markerDataRef.current);
      }
      stretchPanes(chart);
      chart.timeScale().fitContent();
      if (steps.length > 0) next();
    };
    next();
    return () => {
      window.clearTimeout(timer);
      chartRef.current = null;
      feedsRef.current = [];
      candleSeriesRef.current = null;
      markersRef.current = null;
      chart?.remove();
    };
  }, [palette, feed, intraday, sma, ema, bollinger, rsi, macd]);

  // The box re-renders only when its label or size changes, not on every tick.
  const { base, md } = chartBoxHeight(overlays, height);
  return useMemo(
    () => <ChartBox ref={containerRef} label={label} testId="price-chart" height={{ base, md }} />,
    [label, base, md],
  );
}
