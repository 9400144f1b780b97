import type { ChartPalette } from './chartTheme';

/** One line of a CurveChart: its name (in the legend), its colour in the theme's palette and its points. */
export interface CurveSeries {
  name: string;
  color: keyof ChartPalette;
  /** `time` in epoch seconds (UTC); values already in the chart's unit (dollars, or percent for 'percent'). */
  points: readonly { time: number; value: number }[];
}

export interface CurveChartProps {
  series: readonly CurveSeries[];
  /**
   * Axis labels: whole dollars, a percentage (values given in percent, -5 for -5 %), or a formatter of the values
   * (bytes, milliseconds: a function defined once, not per render, or the chart is drawn again).
   */
  unit: 'usd' | 'percent' | ((value: number) => string);
  /** Accessible description of what the chart shows. */
  label: string;
  height?: { base: string; md: string };
  /** A time axis in hours and minutes (points seconds apart) rather than days. */
  intraday?: boolean;
}

export const CURVE_CHART_HEIGHT = { base: '16rem', md: '20rem' };
