import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../data/types';
import { OUTBOX_OPS } from '../../data/outbox/ops';
import { describeOutboxRow } from './describeRow';

const row = (op: string, payload: Record<string, unknown>): OutboxRow => ({
  id: 'r1',
  seq: 1,
  op,
  payload,
  entityKey: 'x:1',
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'failed',
  lastError: null,
});

describe('describeOutboxRow', () => {
  it('has a label for every registered operation', () => {
    const unlabelled = [...OUTBOX_OPS.keys()].filter((op) => describeOutboxRow(row(op, {})) === op);
    expect(unlabelled).toEqual([]);
  });

  it('names the change and what it touched', () => {
    expect(describeOutboxRow(row('watchlist.addSymbol', { watchlistId: 'w', symbol: 'AAPL' }))).toBe(
      'Add symbol to watchlist: AAPL',
    );
    expect(describeOutboxRow(row('watchlist.create', { id: 'w', name: 'Tech' }))).toBe('Create watchlist: Tech');
    expect(describeOutboxRow(row('alert.create', { input: { symbol: 'MSFT' } }))).toBe('Create price alert: MSFT');
    expect(describeOutboxRow(row('alert.delete', { id: 'a' }))).toBe('Delete price alert');
    expect(describeOutboxRow(row('strategy.create', { input: { name: 'SPY trend' } }))).toBe(
      'Create strategy: SPY trend',
    );
    expect(describeOutboxRow(row('strategy.update', { id: 's', input: { parameters: {} } }))).toBe('Edit strategy');
    expect(describeOutboxRow(row('later.op', {}))).toBe('later.op');
  });
});
