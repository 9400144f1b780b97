import type { StrategyMetricsFieldsFragment } from '../../graphql/generated/graphql';
import { formatRatioPercent } from '../../lib/format';
import { formatNumber, formatSignedPercent } from '../market/formatMarket';

/** The categories the API names (template categories, and custom for a definition written as code). */
export const STRATEGY_CATEGORIES = [
  { value: 'trend', label: 'Trend' },
  { value: 'momentum', label: 'Momentum' },
  { value: 'meanReversion', label: 'Mean reversion' },
  { value: 'breakout', label: 'Breakout' },
  { value: 'custom', label: 'Custom' },
] as const;

export function categoryLabel(category: string): string {
  return STRATEGY_CATEGORIES.find((item) => item.value === category)?.label ?? category;
}

/** A signed fraction as a percentage: 0.1234 → "+12.34%"; "—" when missing. */
export function formatReturn(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatSignedPercent(value * 100);
}

/** A share (0–1) as a percentage: 0.5 → "50.00%"; "—" when missing. */
export function formatShare(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatRatioPercent(value);
}

/** A ratio such as Sharpe's: 1.234 → "1.23"; "—" when missing (null: its denominator was 0). */
export function formatRatio(value: number | null | undefined): string {
  return formatNumber(value, 2).replace('-', '−');
}

type Metrics = StrategyMetricsFieldsFragment;

/** The metrics of a backtest in the order they are shown, each with how it reads. */
export const METRIC_ROWS: readonly { key: string; label: string; format(metrics: Metrics): string }[] = [
  { key: 'totalReturn', label: 'Total return', format: (m) => formatReturn(m.totalReturn) },
  { key: 'annualReturn', label: 'Annual return (CAGR)', format: (m) => formatReturn(m.annualReturn) },
  { key: 'sharpeRatio', label: 'Sharpe ratio', format: (m) => formatRatio(m.sharpeRatio) },
  { key: 'sortinoRatio', label: 'Sortino ratio', format: (m) => formatRatio(m.sortinoRatio) },
  { key: 'calmarRatio', label: 'Calmar ratio', format: (m) => formatRatio(m.calmarRatio) },
  { key: 'maxDrawdown', label: 'Max drawdown', format: (m) => formatReturn(m.maxDrawdown) },
  { key: 'volatility', label: 'Volatility (annualised)', format: (m) => formatShare(m.volatility) },
  { key: 'winRate', label: 'Win rate', format: (m) => formatShare(m.winRate) },
  { key: 'totalTrades', label: 'Trades', format: (m) => String(m.totalTrades) },
  { key: 'profitFactor', label: 'Profit factor', format: (m) => formatRatio(m.profitFactor) },
  { key: 'averageReturn', label: 'Average trade return', format: (m) => formatReturn(m.averageReturn) },
  { key: 'exposure', label: 'Exposure', format: (m) => formatShare(m.exposure) },
];

/** Symbols typed as a list ("aapl, msft spy") → ["AAPL", "MSFT", "SPY"], each once. */
export function parseSymbols(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((symbol) => symbol.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** A template strategy's parameters as "fast 20 · slow 50". */
export function parameterText(parameters: unknown): string {
  if (typeof parameters !== 'object' || parameters === null) return '—';
  return Object.entries(parameters as Record<string, unknown>)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(' · ');
}
