import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useThemeState } from '../../theme/themeStore';
import { localChartTime } from './chartData';
import { CHART_PALETTE, chartOptions } from './chartTheme';
import { CURVE_CHART_HEIGHT, type CurveChartProps } from './curveProps';
import { ChartBox } from './ChartBox';

/**
 * Lines over time (an equity curve and its benchmark, a drawdown; the server's memory over the hour), drawn by
 * lightweight-charts on a daily (or `intraday`) time axis. Follows the theme, resizes with its container, fits all points and is disposed on unmount. Loaded on
 * demand through CurveChart.
 */
export function CurveChartCanvas({
  series,
  unit,
  label,
  height = CURVE_CHART_HEIGHT,
  intraday = false,
}: CurveChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { theme } = useThemeState();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const palette = CHART_PALETTE[theme];
    const chart = createChart(container, chartOptions(palette, intraday));
    for (const line of series) {
      const added = chart.addSeries(LineSeries, {
        color: palette[line.color],
        lineWidth: 2,
        priceLineVisible: false,
        priceFormat:
          typeof unit === 'function'
            ? { type: 'custom', minMove: 0.01, formatter: unit }
            : unit === 'percent'
              ? { type: 'custom', minMove: 0.1, formatter: (value: number) => `${value.toFixed(1)}%` }
              : { type: 'price', precision: 0, minMove: 1 },
      });
      added.setData(
        line.points.map((point) => ({ time: localChartTime(point.time) as UTCTimestamp, value: point.value })),
      );
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, unit, theme, intraday]);

  return <ChartBox ref={containerRef} label={label} testId="curve-chart" height={height} />;
}
