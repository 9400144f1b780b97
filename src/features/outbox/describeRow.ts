import type { OutboxRow } from '../../data/types';

/** A label for every registered operation (describeRow.test.ts checks none is missing). */
const OP_LABELS: Record<string, string> = {
  'watchlist.create': 'Create watchlist',
  'watchlist.update': 'Rename watchlist',
  'watchlist.delete': 'Delete watchlist',
  'watchlist.addSymbol': 'Add symbol to watchlist',
  'watchlist.removeSymbol': 'Remove symbol from watchlist',
  'alert.create': 'Create price alert',
  'alert.update': 'Edit price alert',
  'alert.toggle': 'Switch price alert',
  'alert.markRead': 'Mark price alert read',
  'alert.delete': 'Delete price alert',
  'chat.send': 'Send chat message',
  'chat.clear': 'Clear chat conversation',
  'strategy.create': 'Create strategy',
  'strategy.update': 'Edit strategy',
  'reportTemplate.create': 'Save report template',
  'reportTemplate.update': 'Edit report template',
  'reportTemplate.delete': 'Delete report template',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A short human description of a queued write, e.g. "Add symbol to watchlist: AAPL". */
export function describeOutboxRow(row: OutboxRow): string {
  const label = OP_LABELS[row.op] ?? row.op;
  const { payload } = row;
  const input = typeof payload.input === 'object' && payload.input !== null ? payload.input : {};
  const detail =
    text(payload.symbol) ??
    text(payload.name) ??
    ('symbol' in input ? text(input.symbol) : null) ??
    ('name' in input ? text(input.name) : null);
  return detail ? `${label}: ${detail}` : label;
}
