/**
 * What the Analytics charts say in words (their accessible text summaries) and the pure pieces they draw with:
 * bucket labels, heatmap shades, the underwater curve. Fractions in, text out; nothing here invents a figure.
 */
import type { CurveSeries } from '../../components/charts/curveProps';
import { drawdownCurve } from '../../domain/backtest/metrics';
import type { ReportGrouping, TradingMode } from '../../graphql/generated/graphql';
import { formatNumber, formatSignedPercent, formatSignedUsd, formatUsd } from '../market/formatMarket';
import { formatRatioPercent } from '../../lib/format';

/** A fraction as a signed percentage: 0.0123 → "+1.23%"; null → "—". */
export function fractionText(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? '—' : formatSignedPercent(value * 100, digits);
}

/** A ratio (Sharpe, beta, a correlation) to two decimals; null → "—". */
export function ratioText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value);
}

/** A positive fraction (a loss, a weight) unsigned: 0.0123 → "1.23%". */
export function shareText(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? '—' : formatRatioPercent(value, digits);
}

export interface Bucket {
  from: number | null;
  to: number | null;
  count: number;
}

function percentEdge(value: number): string {
  return `${value < 0 ? '−' : ''}${Math.abs(Math.round(value * 100))}%`;
}

function hoursEdge(hours: number): string {
  if (hours < 24) return `${hours}h`;
  return hours === 24 * 365 ? '1y' : `${hours / 24}d`;
}

/**
 * A histogram bar's label, short enough for a phone: "−5 to −2%", "< −10%", "≥ 10%" (returns) or "1 to 7d",
 * "91d to 1y", "≥ 1y" (holding hours); the unit is said once when both ends share it.
 */
export function bucketLabel(bucket: Bucket, unit: 'return' | 'hours'): string {
  const edge = unit === 'return' ? percentEdge : hoursEdge;
  if (bucket.from === null) return `< ${edge(bucket.to!)}`;
  if (bucket.to === null) return `≥ ${edge(bucket.from)}`;
  const from = edge(bucket.from);
  const to = edge(bucket.to);
  const shared = from.slice(-1) === to.slice(-1) ? from.slice(0, -1) : from;
  return `${shared} to ${to}`;
}

/** "12 trades: most (5) 0% to 2%." for a histogram; "No closed trades." when empty. */
export function histogramSummary(buckets: readonly Bucket[], unit: 'return' | 'hours'): string {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return 'No closed trades in this period.';
  const top = buckets.reduce((best, b) => (b.count > best.count ? b : best));
  const parts = buckets.filter((b) => b.count > 0).map((b) => `${bucketLabel(b, unit)}: ${b.count}`);
  return `${total} closed ${total === 1 ? 'trade' : 'trades'}, most (${top.count}) ${bucketLabel(top, unit)}. ${parts.join('; ')}.`;
}

/** The shade of a heatmap cell: green for gains, red for losses (or the colours given), stronger with |value| / scale (5 steps). */
export function heatShade(
  value: number | null,
  scale: number,
  [positive, negative]: readonly [string, string] = ['green', 'red'],
): string | undefined {
  if (value === null || scale <= 0) return undefined;
  const step = Math.min(5, Math.ceil((Math.abs(value) / scale) * 5));
  if (step === 0) return undefined;
  return `${value >= 0 ? positive : negative}.solid/${[15, 30, 45, 60, 75][step - 1]}`;
}

/**
 * The months (0 = January) a monthly-returns table shows: those with a return in some year, in calendar order (so a
 * short period's table fits a phone instead of scrolling past empty months).
 */
export function filledMonths(rows: readonly { months: readonly (number | null)[] }[]): number[] {
  return Array.from({ length: 12 }, (_, month) => month).filter((month) =>
    rows.some((row) => row.months[month] !== null && row.months[month] !== undefined),
  );
}

/** Drawdown below the running peak of the chained daily returns, one value per return (≤ 0). */
export function underwater(returns: readonly number[]): number[] {
  let wealth = 1;
  return Array.from(
    drawdownCurve(
      returns.map((r) => (wealth *= 1 + r)),
      1,
    ),
  );
}

/** A 'YYYY-MM-DD' day as a chart time (noon UTC, so no time zone moves it to another day). */
export const dayTime = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/** A report's equity and benchmark lines (the benchmark where known, named "Index" or by its symbol). */
export function equityCurves(
  points: readonly { date: string; equity: number; benchmark: number | null }[],
  benchmark: string,
): CurveSeries[] {
  const benchmarkPoints = points.flatMap((p) =>
    p.benchmark === null ? [] : [{ time: dayTime(p.date), value: p.benchmark }],
  );
  return [
    { name: 'Equity', color: 'strategy', points: points.map((p) => ({ time: dayTime(p.date), value: p.equity })) },
    ...(benchmarkPoints.length === 0
      ? []
      : [{ name: benchmark === 'INDEX' ? 'Index' : benchmark, color: 'benchmark' as const, points: benchmarkPoints }]),
  ];
}

/** How a report's benchmark is named in words: "the market index" or its symbol. */
export function benchmarkName(benchmark: string): string {
  return benchmark === 'INDEX' ? 'the market index' : benchmark;
}

/** Change from the first to the last value, null without a positive start. */
const changeOf = (first: number | null | undefined, last: number | null | undefined) =>
  first && last !== null && last !== undefined && first > 0 ? last / first - 1 : null;

/**
 * The equity line against the benchmark in words (Analytics and the report preview): equity from its first to its
 * last close with its change, and the benchmark's change between its first and last known values.
 */
export function equitySummary(
  points: readonly { date: string; equity: number; benchmark: number | null }[],
  benchmark: string,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No recorded equity in this period.';
  const change = changeOf(first.equity, last.equity);
  const benchmarkChange = changeOf(
    points.find((p) => p.benchmark !== null)?.benchmark,
    points.findLast((p) => p.benchmark !== null)?.benchmark,
  );
  return (
    `Equity from ${formatUsd(first.equity)} on ${first.date} to ${formatUsd(last.equity)} on ${last.date}` +
    (change === null ? '' : ` (${fractionText(change)})`) +
    (benchmarkChange === null ? '.' : `; ${benchmarkName(benchmark)} ${fractionText(benchmarkChange)}.`)
  );
}

/** What one P&L bar stands for. */
export type BarUnit = 'day' | 'week' | 'month';

const GROUPING_UNITS = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const satisfies Record<ReportGrouping, BarUnit>;

/** What one bar of a report grouped by `grouping` stands for: WEEK → 'week' (the report preview's "P&L per week"). */
export function groupingUnit(grouping: ReportGrouping): BarUnit {
  return GROUPING_UNITS[grouping];
}

/** P&L bars in words (one bar a day, week or month: `unit`): how many up and down, the best and the worst. */
export function pnlBarsSummary(bars: readonly { date: string; pnl: number }[], unit: BarUnit): string {
  if (bars.length === 0) return `No P&L per ${unit} in this period.`;
  const up = bars.filter((bar) => bar.pnl > 0).length;
  const down = bars.filter((bar) => bar.pnl < 0).length;
  const best = bars.reduce((a, b) => (b.pnl > a.pnl ? b : a));
  const worst = bars.reduce((a, b) => (b.pnl < a.pnl ? b : a));
  return (
    `P&L per ${unit}: ${bars.length} ${unit}${bars.length === 1 ? '' : 's'}, ${up} up and ${down} down; ` +
    `best ${formatSignedUsd(best.pnl)} (${best.date}), worst ${formatSignedUsd(worst.pnl)} (${worst.date}).`
  );
}

export function underwaterSummary(depths: readonly number[], dates: readonly string[]): string {
  if (depths.length === 0) return 'No daily returns in this period.';
  let deepest = 0;
  depths.forEach((d, i) => {
    if (d < depths[deepest]!) deepest = i;
  });
  const now = depths[depths.length - 1]!;
  if (depths[deepest]! >= 0) return 'Never below a previous peak in this period.';
  return `Deepest ${shareText(-depths[deepest]!)} below the peak on ${dates[deepest]}; now ${now < 0 ? `${shareText(-now)} below` : 'at'} the peak.`;
}

/**
 * Whose figures an answer reads: "Live account" or "Paper account"; null when it does not say (an answer stored
 * offline before answers named their account), so nothing claims an account it may not be.
 */
export function accountLabel(account: TradingMode | null | undefined): string | null {
  if (account === 'live') return 'Live account';
  if (account === 'paper') return 'Paper account';
  return null;
}
