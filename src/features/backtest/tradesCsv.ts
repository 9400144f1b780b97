import type { BacktestTrade } from './components/BacktestTradesTable';
import { saveBlob } from '../../lib/saveFile';

/** The columns of a backtest's trades CSV, in order (numbers unformatted, times ISO). */
const COLUMNS = [
  'symbol',
  'entryTime',
  'exitTime',
  'entryPrice',
  'exitPrice',
  'quantity',
  'pnl',
  'return',
  'holdingBars',
  'entryReason',
  'exitReason',
] as const satisfies readonly (keyof BacktestTrade)[];

/** A field as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break (quotes doubled). */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The trades as CSV: a header row, then one row per trade, CRLF line ends. */
export function tradesCsv(trades: readonly BacktestTrade[]): string {
  const rows = [COLUMNS.join(','), ...trades.map((trade) => COLUMNS.map((column) => field(trade[column])).join(','))];
  return `${rows.join('\r\n')}\r\n`;
}

/** Saves `text` as a file through a Blob link. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(fileName, new Blob([text], { type }));
}
