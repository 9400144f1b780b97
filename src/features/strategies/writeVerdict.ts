import type { LocalDb } from '../../data/db';
import { OUTBOX_OPS } from '../../data/outbox/ops';
import { discardOutboxRow } from '../../data/outbox/queue';
import { outboxRowOutcome } from '../../data/outbox/rowOutcome';
import { storeServerStrategy, type LocalStrategy } from '../../data/strategies';
import { fieldErrorsFromMessage } from './fieldErrors';

/**
 * What a form learns of its queued strategy write: it reached the server, it waits on this device (offline, or the
 * server unreachable), or the server refused it: `fields` keyed as the forms show them ('' for the rest).
 */
export type StrategyWriteVerdict =
  { kind: 'sent' } | { kind: 'waiting' } | { kind: 'refused'; fields: Record<string, string> };

/**
 * Awaits the verdict on the outbox row `outboxRowId` while the user is still at the form. A refused write is
 * dropped at once (the form shows why and the user corrects it there): its local change is undone, a refused
 * edit by putting back `before`, the strategy as the server had it.
 */
export async function strategyWriteVerdict(
  db: LocalDb,
  outboxRowId: string,
  before?: LocalStrategy,
): Promise<StrategyWriteVerdict> {
  const outcome = await outboxRowOutcome(db, outboxRowId, { untilRetry: true });
  if (outcome.kind !== 'failed') return outcome;
  await discardOutboxRow(db, OUTBOX_OPS, outboxRowId);
  if (before) await storeServerStrategy(db, before);
  return { kind: 'refused', fields: fieldErrorsFromMessage(outcome.error) };
}
