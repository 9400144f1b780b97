import type { BacktestRunStatus } from '../../graphql/generated/graphql';
import { formatDay } from './backtestFormat';

export const STATUS_LABELS: Readonly<Record<BacktestRunStatus, string>> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const STATUS_PALETTES: Readonly<Record<BacktestRunStatus, string>> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  DONE: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
};

/** A run's range: "Jan 2, 2024 – Nov 21, 2026". */
export function runRange(run: { from: string; to: string }): string {
  return `${formatDay(run.from)} – ${formatDay(run.to)}`;
}

/** A run's symbols, the first few and how many more: "AAPL, MSFT, SPY +7". */
export function runSymbols(symbols: readonly string[], shown = 3): string {
  const rest = symbols.length - shown;
  return rest > 0 ? `${symbols.slice(0, shown).join(', ')} +${rest}` : symbols.join(', ');
}

/** The CSV file name of a run's trades: "backtest-AAPL-SPY-2026-11-24.csv". */
export function csvFileName(run: { symbols: readonly string[]; createdAt: string }): string {
  return `backtest-${runSymbols(run.symbols, 3).replace(/[^A-Z0-9+]+/gi, '-')}-${run.createdAt.slice(0, 10)}.csv`;
}
