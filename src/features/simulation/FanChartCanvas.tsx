import { createChart, LineSeries, LineStyle } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_PALETTE, chartOptions } from '../../components/charts/chartTheme';
import { useThemeState } from '../../theme/themeStore';
import { BandSeries, type BandData } from './bandSeries';
import type { FanData } from './fanData';
import { formatWholeUsd } from './simulationFormat';
import { ChartBox } from '../../components/charts/ChartBox';

export interface FanChartProps {
  data: FanData;
  initialCapital: number;
  label: string;
}

/** `#rrggbb` with an alpha, for the bands (the palette holds opaque colours). */
function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/**
 * The fan chart on the app's themed lightweight-charts setup (chartTheme.ts): the 5–95 and 25–75 percentile bands
 * of equity, the median line and the initial capital as a dashed line. Loaded on demand through FanChart.
 */
export function FanChartCanvas({ data, initialCapital, label }: FanChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { theme } = useThemeState();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const palette = CHART_PALETTE[theme];
    const chart = createChart(container, chartOptions(palette, false));
    const priceFormat = { type: 'custom', minMove: 1, formatter: formatWholeUsd } as const;
    const bands: [BandData[], number][] = [
      [data.outer, 0.16],
      [data.inner, 0.32],
    ];
    for (const [points, alpha] of bands) {
      chart
        .addCustomSeries(new BandSeries(), {
          fillColor: withAlpha(palette.strategy, alpha),
          priceFormat,
          priceLineVisible: false,
          lastValueVisible: false,
        })
        .setData(points);
    }
    const median = chart.addSeries(LineSeries, {
      color: palette.strategy,
      lineWidth: 2,
      priceLineVisible: false,
      priceFormat,
    });
    median.setData(data.median);
    median.createPriceLine({
      price: initialCapital,
      color: palette.benchmark,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: false,
      title: 'Initial capital',
    });
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [data, initialCapital, theme]);

  return <ChartBox ref={containerRef} label={label} testId="fan-chart" height={{ base: '18rem', md: '22rem' }} />;
}
