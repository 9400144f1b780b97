/** Words for the preview's charts and tables (pure: the charts' accessible summaries). */
import { formatSignedUsd } from '../market/formatMarket';
import { formatReturn } from '../strategies/strategyFormat';

export interface PnlBar {
  date: string;
  pnl: number;
}

const UNITS = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;

/** 'day', 'week' or 'month': what one P&L bar stands for. */
export function groupingUnit(grouping: keyof typeof UNITS): string {
  return UNITS[grouping];
}

/** What the P&L bars show, in words. */
export function pnlBarsSummary(bars: readonly PnlBar[], unit: string): string {
  if (bars.length === 0) return `No P&L per ${unit} in this period.`;
  const up = bars.filter((bar) => bar.pnl > 0).length;
  const down = bars.filter((bar) => bar.pnl < 0).length;
  const best = bars.reduce((a, b) => (b.pnl > a.pnl ? b : a));
  const worst = bars.reduce((a, b) => (b.pnl < a.pnl ? b : a));
  return (
    `P&L per ${unit}: ${bars.length} ${unit}s, ${up} up and ${down} down; ` +
    `best ${formatSignedUsd(best.pnl)} (${best.date}), worst ${formatSignedUsd(worst.pnl)} (${worst.date}).`
  );
}

interface EquityPoint {
  date: string;
  equity: number;
  benchmark: number | null;
}

/** The equity line against the benchmark (scaled to the first equity), in words. */
export function equitySummary(points: readonly EquityPoint[], benchmark: string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No recorded equity in this period.';
  const change = first.equity > 0 ? last.equity / first.equity - 1 : null;
  const benchmarkBase = points.find((point) => point.benchmark !== null)?.benchmark ?? null;
  const benchmarkLast = points.findLast((point) => point.benchmark !== null)?.benchmark ?? null;
  const benchmarkChange = benchmarkBase && benchmarkLast ? benchmarkLast / benchmarkBase - 1 : null;
  return (
    `Equity from ${first.date} to ${last.date}: ${formatReturn(change)}` +
    (benchmarkChange === null
      ? '.'
      : `; ${benchmark === 'INDEX' ? 'the index' : benchmark} ${formatReturn(benchmarkChange)}.`)
  );
}
