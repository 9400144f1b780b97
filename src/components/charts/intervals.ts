import { INTERVALS, type Interval } from '../../domain/market/candle';

/** Bar intervals the charts offer (the server's `candles` intervals), shortest first. */
export const CHART_INTERVALS = INTERVALS;
export type ChartInterval = Interval;

export const DEFAULT_CHART_INTERVAL: ChartInterval = '1D';

export function isChartInterval(value: string): value is ChartInterval {
  return (CHART_INTERVALS as readonly string[]).includes(value);
}
