import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { watchlists } from '../../db/schema';
import type { Instrument } from '../../../src/domain/market/universe';
import { badUserInput, isUniqueViolation, notFound } from '../errors';
import { withIdempotency, type MutationCall, type Transaction } from '../idempotency';
import {
  assertKnownSymbols,
  MAX_WATCHLIST_SYMBOLS,
  parseCreateWatchlist,
  parseId,
  parseUpdateWatchlist,
  parseWatchlistSymbol,
} from './validation';

/** A stored watchlist as the API returns it (JSON: it is also the stored result of an idempotent write). */
export interface WatchlistModel {
  id: string;
  name: string;
  symbols: string[];
  createdAt: string;
  updatedAt: string;
}

type Row = typeof watchlists.$inferSelect;

const toModel = (row: Row): WatchlistModel => ({
  id: row.id,
  name: row.name,
  symbols: row.symbols,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface WatchlistDependencies {
  db: Database;
  /** The market's instruments by symbol (symbols must be known to be added). */
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
}

const notFoundError = () => notFound('Watchlist');
const duplicateName = (name: string) => badUserInput(`name: you already have a watchlist named "${name}"`);

/** Watchlists of one user: every read and write is scoped to `userId`; another user's id is NOT_FOUND. */
export function createWatchlistService({ db, instruments, now }: WatchlistDependencies) {
  const known = async (symbols: readonly string[]) => assertKnownSymbols(symbols, await instruments());

  const ensureNameFree = async (tx: Transaction, userId: string, name: string, exceptId?: string) => {
    const [taken] = await tx
      .select({ id: watchlists.id })
      .from(watchlists)
      .where(
        and(
          eq(watchlists.userId, userId),
          sql`lower(${watchlists.name}) = lower(${name})`,
          exceptId ? ne(watchlists.id, exceptId) : undefined,
        ),
      );
    if (taken) throw duplicateName(name);
  };

  const ownRow = async (tx: Transaction | Database, userId: string, id: string, lock = false) => {
    const query = tx
      .select()
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFoundError();
    return row;
  };

  /** Runs an idempotent write, turning a concurrent duplicate name into BAD_USER_INPUT. */
  const write = async <T>(
    call: MutationCall,
    operation: string,
    name: string | undefined,
    run: (tx: Transaction) => Promise<T>,
  ): Promise<T> => {
    try {
      return await withIdempotency(db, { userId: call.userId, key: call.idempotencyKey, operation }, run);
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error, 'watchlists_user_name_unique')) throw duplicateName(name);
      throw error;
    }
  };

  const setSymbols = async (tx: Transaction, row: Row, symbols: string[]) => {
    const [updated] = await tx
      .update(watchlists)
      .set({ symbols, updatedAt: now() })
      .where(eq(watchlists.id, row.id))
      .returning();
    if (!updated) throw notFoundError();
    return toModel(updated);
  };

  return {
    async list(userId: string): Promise<WatchlistModel[]> {
      const rows = await db
        .select()
        .from(watchlists)
        .where(eq(watchlists.userId, userId))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
      return rows.map(toModel);
    },

    /** The user's watchlist, or null (also for another user's id or a malformed one). */
    async get(userId: string, id: string): Promise<WatchlistModel | null> {
      const parsed = parseId(id);
      const [row] = await db
        .select()
        .from(watchlists)
        .where(and(eq(watchlists.id, parsed), eq(watchlists.userId, userId)));
      return row ? toModel(row) : null;
    },

    /** Creates a watchlist; with a client id already stored for this user, returns that one unchanged. */
    async create(call: MutationCall, input: Record<string, unknown>): Promise<WatchlistModel> {
      const parsed = parseCreateWatchlist(input);
      await known(parsed.symbols);
      return write(call, 'createWatchlist', parsed.name, async (tx) => {
        // One create per user at a time: a concurrent create of the same client id (another key) would
        // otherwise trip the name constraint before it could see the winner's row.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${call.userId}`}))`);
        if (parsed.id) {
          const [existing] = await tx.select().from(watchlists).where(eq(watchlists.id, parsed.id));
          if (existing) {
            if (existing.userId !== call.userId) throw badUserInput('id: already in use');
            return toModel(existing);
          }
        }
        await ensureNameFree(tx, call.userId, parsed.name);
        const at = now();
        const [row] = await tx
          .insert(watchlists)
          .values({
            ...(parsed.id && { id: parsed.id }),
            userId: call.userId,
            name: parsed.name,
            symbols: parsed.symbols,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: watchlists.id })
          .returning();
        if (row) return toModel(row);
        // A concurrent request created the same client id first.
        if (!parsed.id) throw new Error('watchlists row not created');
        const [winner] = await tx.select().from(watchlists).where(eq(watchlists.id, parsed.id));
        if (winner?.userId !== call.userId) throw badUserInput('id: already in use');
        return toModel(winner);
      });
    },

    async update(call: MutationCall, input: Record<string, unknown>): Promise<WatchlistModel> {
      const parsed = parseUpdateWatchlist(input);
      if (parsed.symbols) await known(parsed.symbols);
      return write(call, 'updateWatchlist', parsed.name, async (tx) => {
        await ownRow(tx, call.userId, parsed.id, true);
        if (parsed.name !== undefined) await ensureNameFree(tx, call.userId, parsed.name, parsed.id);
        const [row] = await tx
          .update(watchlists)
          .set({
            ...(parsed.name !== undefined && { name: parsed.name }),
            ...(parsed.symbols && { symbols: parsed.symbols }),
            updatedAt: now(),
          })
          .where(and(eq(watchlists.id, parsed.id), eq(watchlists.userId, call.userId)))
          .returning();
        if (!row) throw notFoundError();
        return toModel(row);
      });
    },

    async delete(call: MutationCall, id: string): Promise<boolean> {
      const parsed = parseId(id);
      return write(call, 'deleteWatchlist', undefined, async (tx) => {
        const deleted = await tx
          .delete(watchlists)
          .where(and(eq(watchlists.id, parsed), eq(watchlists.userId, call.userId)))
          .returning({ id: watchlists.id });
        if (deleted.length === 0) throw notFoundError();
        return true;
      });
    },

    /** Appends a symbol (no-op when already there). */
    async add(call: MutationCall, input: Record<string, unknown>): Promise<WatchlistModel> {
      const parsed = parseWatchlistSymbol(input);
      await known([parsed.symbol]);
      return write(call, 'addToWatchlist', undefined, async (tx) => {
        const row = await ownRow(tx, call.userId, parsed.watchlistId, true);
        if (row.symbols.includes(parsed.symbol)) return toModel(row);
        if (row.symbols.length >= MAX_WATCHLIST_SYMBOLS) {
          throw badUserInput(`symbol: a watchlist holds at most ${MAX_WATCHLIST_SYMBOLS} symbols`);
        }
        return setSymbols(tx, row, [...row.symbols, parsed.symbol]);
      });
    },

    /** Removes a symbol (no-op when absent). */
    async remove(call: MutationCall, input: Record<string, unknown>): Promise<WatchlistModel> {
      const parsed = parseWatchlistSymbol(input);
      return write(call, 'removeFromWatchlist', undefined, async (tx) => {
        const row = await ownRow(tx, call.userId, parsed.watchlistId, true);
        if (!row.symbols.includes(parsed.symbol)) return toModel(row);
        return setSymbols(
          tx,
          row,
          row.symbols.filter((s) => s !== parsed.symbol),
        );
      });
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
