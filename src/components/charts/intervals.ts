/** Bar intervals the charts offer (the server's `candles` intervals), shortest first. */
export const CHART_INTERVALS = ['1m', '5m', '15m', '1h', '1D'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

export const DEFAULT_CHART_INTERVAL: ChartInterval = '1D';

export function isChartInterval(value: string): value is ChartInterval {
  return (CHART_INTERVALS as readonly string[]).includes(value);
}
