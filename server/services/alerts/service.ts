import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceAlerts } from '../../db/schema';
import type { EventBus } from '../../events';
import type { PriceAlert } from '../../../src/domain/alerts/priceAlert';
import type { Instrument } from '../../../src/domain/market/universe';
import { notFound } from '../errors';
import { withIdempotency, type MutationCall, type Transaction } from '../idempotency';
import { assertKnownSymbols, parseId } from '../watchlists/validation';
import { defaultAlertMessage, parseAlertsList, parseCreateAlert, parseUpdateAlert } from './validation';

/** A fired alert with its owner (what the alert watcher notifies). */
export interface FiredPriceAlert extends PriceAlert {
  userId: string;
}

type Row = typeof priceAlerts.$inferSelect;

/** A stored alert as the API returns it (JSON: also the stored result of an idempotent write). */
const toModel = (row: Row): PriceAlert => ({
  id: row.id,
  type: 'price',
  symbol: row.symbol,
  message: row.message,
  condition: row.condition,
  isActive: row.isActive,
  triggerPrice: row.triggerPriceCents / 100,
  currentPrice: row.currentPriceCents === null ? null : row.currentPriceCents / 100,
  createdAt: row.createdAt.toISOString(),
  triggeredAt: row.triggeredAt?.toISOString() ?? null,
  isRead: row.isRead,
});

export interface AlertDependencies {
  db: Database;
  events: EventBus;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
  /** Called after a write that may change the set of active symbols (the alert watcher's refresh). */
  onChange?: () => void;
}

const notFoundError = () => notFound('Alert');

/**
 * Price alerts of one user (every call scoped to `userId`; another user's id is NOT_FOUND), and the
 * evaluation the alert watcher runs on each quote.
 */
export function createAlertService({ db, events, instruments, now, onChange }: AlertDependencies) {
  const write = async <T>(call: MutationCall, operation: string, run: (tx: Transaction) => Promise<T>) => {
    const result = await withIdempotency(db, { userId: call.userId, key: call.idempotencyKey, operation }, run);
    onChange?.();
    return result;
  };

  /** Updates the user's alert `id` with `values`; NOT_FOUND when it is not theirs. */
  const updateOwn = async (tx: Transaction, userId: string, id: string, values: Partial<Row>) => {
    const [row] = await tx
      .update(priceAlerts)
      .set(values)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning();
    if (!row) throw notFoundError();
    return toModel(row);
  };

  return {
    /** Newest first; `limit` 1–100 (default 50). */
    async list(userId: string, input: { limit?: number | null; unreadOnly?: boolean | null }) {
      const { limit, unreadOnly } = parseAlertsList(input);
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(and(eq(priceAlerts.userId, userId), unreadOnly ? eq(priceAlerts.isRead, false) : undefined))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
        .limit(limit);
      return rows.map(toModel);
    },

    /**
     * The user's alerts on each of `symbols` (newest first), in one query: the alerts of a watchlist's items.
     * Every symbol asked for is in the map, with an empty list when it has no alert.
     */
    async forSymbols(userId: string, symbols: readonly string[]): Promise<Map<string, PriceAlert[]>> {
      const bySymbol = new Map(symbols.map((symbol) => [symbol, [] as PriceAlert[]]));
      if (bySymbol.size === 0) return bySymbol;
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(and(eq(priceAlerts.userId, userId), inArray(priceAlerts.symbol, [...bySymbol.keys()])))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
      for (const row of rows) bySymbol.get(row.symbol)?.push(toModel(row));
      return bySymbol;
    },

    /** Creates an active alert; with a client id already stored for this user, returns that one unchanged. */
    async create(call: MutationCall, input: Record<string, unknown>): Promise<PriceAlert> {
      const parsed = parseCreateAlert(input);
      assertKnownSymbols([parsed.symbol], await instruments());
      return write(call, 'createAlert', async (tx) => {
        if (parsed.id) {
          const [existing] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, parsed.id));
          if (existing) {
            if (existing.userId !== call.userId) throw notFoundError();
            return toModel(existing);
          }
        }
        const [row] = await tx
          .insert(priceAlerts)
          .values({
            ...(parsed.id && { id: parsed.id }),
            userId: call.userId,
            symbol: parsed.symbol,
            condition: parsed.condition,
            triggerPriceCents: parsed.triggerPrice,
            message: parsed.message || defaultAlertMessage(parsed.symbol, parsed.condition, parsed.triggerPrice),
            createdAt: now(),
          })
          .onConflictDoNothing({ target: priceAlerts.id })
          .returning();
        if (row) return toModel(row);
        // A concurrent request created the same client id first.
        if (!parsed.id) throw new Error('priceAlerts row not created');
        const [winner] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, parsed.id));
        if (winner?.userId !== call.userId) throw notFoundError();
        return toModel(winner);
      });
    },

    /** Changes condition, trigger price or message (an empty message becomes the default one). */
    async update(call: MutationCall, id: string, input: Record<string, unknown>): Promise<PriceAlert> {
      const alertId = parseId(id);
      const parsed = parseUpdateAlert(input);
      return write(call, 'updateAlert', async (tx) => {
        const [current] = await tx
          .select()
          .from(priceAlerts)
          .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, call.userId)))
          .for('update');
        if (!current) throw notFoundError();
        const condition = parsed.condition ?? current.condition;
        const cents = parsed.triggerPrice ?? current.triggerPriceCents;
        const wasDefault =
          current.message === defaultAlertMessage(current.symbol, current.condition, current.triggerPriceCents);
        const message =
          parsed.message !== undefined
            ? parsed.message || defaultAlertMessage(current.symbol, condition, cents)
            : wasDefault
              ? defaultAlertMessage(current.symbol, condition, cents)
              : current.message;
        return updateOwn(tx, call.userId, alertId, { condition, triggerPriceCents: cents, message });
      });
    },

    async delete(call: MutationCall, id: string): Promise<boolean> {
      const alertId = parseId(id);
      return write(call, 'deleteAlert', async (tx) => {
        const deleted = await tx
          .delete(priceAlerts)
          .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, call.userId)))
          .returning({ id: priceAlerts.id });
        if (deleted.length === 0) throw notFoundError();
        return true;
      });
    },

    /** Turns the alert on (it may fire again; triggeredAt keeps the last firing) or off. */
    async toggle(call: MutationCall, id: string, isActive: boolean): Promise<PriceAlert> {
      const alertId = parseId(id);
      return write(call, 'toggleAlert', (tx) => updateOwn(tx, call.userId, alertId, { isActive }));
    },

    async markRead(call: MutationCall, id: string): Promise<PriceAlert> {
      const alertId = parseId(id);
      return write(call, 'markAlertRead', (tx) => updateOwn(tx, call.userId, alertId, { isRead: true }));
    },

    /** Symbols with at least one active alert (any user). */
    async activeSymbols(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ symbol: priceAlerts.symbol })
        .from(priceAlerts)
        .where(eq(priceAlerts.isActive, true));
      return rows.map((row) => row.symbol);
    },

    /**
     * Fires the active alerts of `symbol` that `price` reaches (above: price ≥ trigger; below: price ≤
     * trigger) in one UPDATE … WHERE is_active, so each fires exactly once even when evaluations race;
     * marks them inactive and unread with the price and time, publishes alertTriggered to each owner and
     * returns them.
     */
    async evaluate(symbol: string, price: number, at: Date): Promise<FiredPriceAlert[]> {
      if (!Number.isFinite(price) || price <= 0) return [];
      const cents = Math.round(price * 100);
      const rows = await db
        .update(priceAlerts)
        .set({ isActive: false, isRead: false, triggeredAt: at, currentPriceCents: cents })
        .where(
          and(
            eq(priceAlerts.symbol, symbol.toUpperCase()),
            eq(priceAlerts.isActive, true),
            sql`((${priceAlerts.condition} = 'above' and ${priceAlerts.triggerPriceCents} <= ${cents})
              or (${priceAlerts.condition} = 'below' and ${priceAlerts.triggerPriceCents} >= ${cents}))`,
          ),
        )
        .returning();
      return rows.map((row) => {
        const alert = toModel(row);
        events.publish('alertTriggered', row.userId, alert);
        return { ...alert, userId: row.userId };
      });
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
