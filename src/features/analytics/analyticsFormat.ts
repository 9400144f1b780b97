/**
 * What the Analytics charts say in words (their accessible text summaries) and the pure pieces they draw with:
 * bucket labels, heatmap shades, the underwater curve. Fractions in, text out; nothing here invents a figure.
 */
import { drawdownCurve } from '../../domain/backtest/metrics';
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

export function equitySummary(points: readonly { date: string; equity: number; benchmark: number | null }[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No recorded equity in this period.';
  const bench =
    last.benchmark === null ? '' : ` The benchmark, scaled to the same start, ended at ${formatUsd(last.benchmark)}.`;
  return `Equity from ${formatUsd(first.equity)} on ${first.date} to ${formatUsd(last.equity)} on ${last.date}.${bench}`;
}

export function dailyPnlSummary(days: readonly { date: string; pnl: number }[]): string {
  if (days.length === 0) return 'No daily P&L in this period.';
  const best = days.reduce((a, b) => (b.pnl > a.pnl ? b : a));
  const worst = days.reduce((a, b) => (b.pnl < a.pnl ? b : a));
  const up = days.filter((d) => d.pnl > 0).length;
  return `${days.length} days, ${up} up and ${days.length - up} flat or down; best ${formatSignedUsd(best.pnl)} on ${best.date}, worst ${formatSignedUsd(worst.pnl)} on ${worst.date}.`;
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
