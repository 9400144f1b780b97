import { percentileOfSorted } from '../simulation/statistics';

/**
 * The text summary of a monitored series (a chart's words): the latest value, the minimum, the median (p50) and
 * the maximum over the values given, and the change from the first to the latest. Medians use the shared
 * percentile rule (../simulation/statistics.ts, linear between closest ranks). No values: null.
 */
export interface SeriesSummary {
  latest: number;
  min: number;
  median: number;
  max: number;
  /** latest − first. */
  change: number;
}

export function summarizeSeries(values: readonly number[]): SeriesSummary | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const latest = values[values.length - 1]!;
  return {
    latest,
    min: sorted[0]!,
    median: percentileOfSorted(sorted, 50),
    max: sorted[sorted.length - 1]!,
    change: latest - values[0]!,
  };
}
