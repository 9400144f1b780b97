import type { AlertCondition } from '../graphql/generated/graphql';
import {
  CreateAlertDocument,
  DeleteAlertDocument,
  MarkAlertReadDocument,
  ToggleAlertDocument,
  UpdateAlertDocument,
} from '../graphql/generated/graphql';
import type { LocalDb } from './db';
import { appendOutboxRow, entityKey, notifyOutboxAppended } from './outbox/queue';
import { defineOutboxOp } from './outbox/registry';
import { mergeServerRows, putAnswer, putServerRow } from './serverRows';
import type { LocalPriceAlert } from './types';

const TABLE = 'alerts';

export const alertOps = {
  create: defineOutboxOp('alert.create', {
    document: CreateAlertDocument,
    apply: (db, data, row) => putAnswer(db, db.alerts, data.createAlert, row),
    revert: async (db, row) => {
      const input = row.payload.input;
      if (typeof input === 'object' && input !== null && 'id' in input && typeof input.id === 'string') {
        await db.alerts.delete(input.id);
      }
    },
  }),
  update: defineOutboxOp('alert.update', {
    document: UpdateAlertDocument,
    apply: (db, data, row) => putAnswer(db, db.alerts, data.updateAlert, row),
  }),
  toggle: defineOutboxOp('alert.toggle', {
    document: ToggleAlertDocument,
    apply: (db, data, row) => putAnswer(db, db.alerts, data.toggleAlert, row),
  }),
  markRead: defineOutboxOp('alert.markRead', {
    document: MarkAlertReadDocument,
    apply: (db, data, row) => putAnswer(db, db.alerts, data.markAlertRead, row),
  }),
  delete: defineOutboxOp('alert.delete', { document: DeleteAlertDocument }),
};

export interface NewPriceAlert {
  symbol: string;
  condition: AlertCondition;
  triggerPrice: number;
}

/** The text shown until the server sends its own: the server's default message, 'AAPL above $200.00'. */
export function localAlertMessage({ symbol, condition, triggerPrice }: NewPriceAlert): string {
  return `${symbol} ${condition} $${triggerPrice.toFixed(2)}`;
}

/** Whether `alert`'s message is the default one for its values (so it follows them when they change). */
export function hasDefaultMessage(alert: Pick<LocalPriceAlert, 'symbol' | 'condition' | 'triggerPrice' | 'message'>) {
  return alert.message === localAlertMessage(alert);
}

/** An edit of an alert (spec §7 updateAlert): condition, trigger price and, when the user changed it, the message. */
export interface PriceAlertChanges {
  condition: AlertCondition;
  triggerPrice: number;
  /** Omitted: unchanged (a default message follows the new values); empty: back to the default message. */
  message?: string;
}

async function writeAlert(
  db: LocalDb,
  id: string,
  change: (current: LocalPriceAlert | undefined) => LocalPriceAlert | null,
  enqueue: () => Promise<unknown>,
): Promise<void> {
  await db.transaction('rw', db.alerts, db.outbox, async () => {
    const next = change(await db.alerts.get(id));
    if (next) await db.alerts.put(next);
    else await db.alerts.delete(id);
    await enqueue();
  });
  notifyOutboxAppended();
}

export async function createPriceAlert(db: LocalDb, alert: NewPriceAlert): Promise<string> {
  const id = crypto.randomUUID();
  const local: LocalPriceAlert = {
    id,
    type: 'price',
    symbol: alert.symbol,
    message: localAlertMessage(alert),
    condition: alert.condition,
    isActive: true,
    triggerPrice: alert.triggerPrice,
    currentPrice: null,
    createdAt: new Date().toISOString(),
    triggeredAt: null,
    isRead: false,
  };
  const input = { id, symbol: alert.symbol, condition: alert.condition, triggerPrice: alert.triggerPrice };
  await writeAlert(
    db,
    id,
    () => local,
    () => appendOutboxRow(db, alertOps.create, { input }, entityKey(TABLE, id)),
  );
  return id;
}

/** Applies the edit on the device and queues updateAlert (offline too, like create). */
export async function updatePriceAlert(db: LocalDb, id: string, changes: PriceAlertChanges): Promise<void> {
  const { condition, triggerPrice } = changes;
  const message = changes.message?.trim();
  const input = { condition, triggerPrice, ...(message !== undefined && { message }) };
  await writeAlert(
    db,
    id,
    (current) => {
      if (!current) return null;
      const next = { ...current, condition, triggerPrice };
      const followsValues = message === undefined ? hasDefaultMessage(current) : message === '';
      return { ...next, message: followsValues ? localAlertMessage(next) : (message ?? current.message) };
    },
    () => appendOutboxRow(db, alertOps.update, { id, input }, entityKey(TABLE, id)),
  );
}

export async function togglePriceAlert(db: LocalDb, id: string, isActive: boolean): Promise<void> {
  await writeAlert(
    db,
    id,
    (current) => (current ? { ...current, isActive } : null),
    () => appendOutboxRow(db, alertOps.toggle, { id, isActive }, entityKey(TABLE, id)),
  );
}

export async function markPriceAlertRead(db: LocalDb, id: string): Promise<void> {
  await writeAlert(
    db,
    id,
    (current) => (current ? { ...current, isRead: true } : null),
    () => appendOutboxRow(db, alertOps.markRead, { id }, entityKey(TABLE, id)),
  );
}

export async function deletePriceAlert(db: LocalDb, id: string): Promise<void> {
  await writeAlert(
    db,
    id,
    () => null,
    () => appendOutboxRow(db, alertOps.delete, { id }, entityKey(TABLE, id)),
  );
}

/** Newest first. */
export function localPriceAlerts(db: LocalDb): Promise<LocalPriceAlert[]> {
  return db.alerts.orderBy('createdAt').reverse().toArray();
}

export function storeServerPriceAlerts(db: LocalDb, alerts: readonly LocalPriceAlert[]): Promise<void> {
  return mergeServerRows(db, db.alerts, alerts);
}

/** Stores an alert the server pushed (e.g. one that just fired). */
export function storeServerPriceAlert(db: LocalDb, alert: LocalPriceAlert): Promise<void> {
  return putServerRow(db, db.alerts, alert);
}
