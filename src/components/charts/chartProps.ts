import type { ChartCandle } from './chartData';

export interface ChartOverlays {
  sma: boolean;
  ema: boolean;
  bollinger: boolean;
  rsi: boolean;
  macd: boolean;
}

/** An arrow on a bar: a buy (entry) below it, a sell (exit) above it; `time` in epoch seconds like the bars'. */
export interface ChartMarker {
  time: number;
  side: 'buy' | 'sell';
  /** Shown beside the arrow (a short word). */
  text?: string;
}

export interface PriceChartProps {
  candles: readonly ChartCandle[];
  overlays: ChartOverlays;
  /** Intraday bars show times on the axis; daily bars show dates. */
  intraday: boolean;
  /** Accessible description of what the chart shows. */
  label: string;
  height?: { base: string; md: string };
  /** Arrows drawn on the candles (signals), any order. */
  markers?: readonly ChartMarker[];
}

const DEFAULT_HEIGHT = { base: '22rem', md: '30rem' };

/** The chart's height: the price pane's plus room for each RSI or MACD pane (the placeholder uses it too). */
export function chartBoxHeight(overlays: ChartOverlays, height = DEFAULT_HEIGHT): { base: string; md: string } {
  const extraPanes = Number(overlays.rsi) + Number(overlays.macd);
  return { base: `calc(${height.base} + ${extraPanes * 6}rem)`, md: `calc(${height.md} + ${extraPanes * 7}rem)` };
}
