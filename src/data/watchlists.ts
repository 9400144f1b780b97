import { findInstrument } from '../domain/market/universe';
import {
  AddToWatchlistDocument,
  CreateWatchlistDocument,
  DeleteWatchlistDocument,
  RemoveFromWatchlistDocument,
  UpdateWatchlistDocument,
} from '../graphql/generated/graphql';
import type { LocalDb } from './db';
import { appendOutboxRow, entityKey, notifyOutboxAppended } from './outbox/queue';
import { defineOutboxOp } from './outbox/registry';
import { mergeServerRows, putAnswer } from './serverRows';
import type { LocalWatchlist } from './types';

const TABLE = 'watchlists';

function itemsOf(symbols: readonly string[]): LocalWatchlist['items'] {
  return symbols.map((symbol) => ({ symbol, name: findInstrument(symbol)?.name ?? null }));
}

export const watchlistOps = {
  create: defineOutboxOp('watchlist.create', {
    document: CreateWatchlistDocument,
    apply: (db, data, row) => putAnswer(db, db.watchlists, data.createWatchlist, row),
    // A watchlist the server never accepted: remove the local copy.
    revert: async (db, row) => {
      const { id } = row.payload;
      if (typeof id === 'string') await db.watchlists.delete(id);
    },
  }),
  update: defineOutboxOp('watchlist.update', {
    document: UpdateWatchlistDocument,
    apply: (db, data, row) => putAnswer(db, db.watchlists, data.updateWatchlist, row),
  }),
  delete: defineOutboxOp('watchlist.delete', { document: DeleteWatchlistDocument }),
  addSymbol: defineOutboxOp('watchlist.addSymbol', {
    document: AddToWatchlistDocument,
    apply: (db, data, row) => putAnswer(db, db.watchlists, data.addToWatchlist, row),
  }),
  removeSymbol: defineOutboxOp('watchlist.removeSymbol', {
    document: RemoveFromWatchlistDocument,
    apply: (db, data, row) => putAnswer(db, db.watchlists, data.removeFromWatchlist, row),
  }),
};

/** Applies `change` to the local watchlist and queues `enqueue` in the same transaction. */
async function writeWatchlist(
  db: LocalDb,
  id: string,
  change: (current: LocalWatchlist | undefined) => LocalWatchlist | null,
  enqueue: () => Promise<unknown>,
): Promise<void> {
  await db.transaction('rw', db.watchlists, db.outbox, async () => {
    const next = change(await db.watchlists.get(id));
    if (next) await db.watchlists.put(next);
    else await db.watchlists.delete(id);
    await enqueue();
  });
  notifyOutboxAppended();
}

export async function createWatchlist(db: LocalDb, name: string, symbols: readonly string[] = []): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const list = [...symbols];
  await writeWatchlist(
    db,
    id,
    () => ({ id, name, symbols: list, items: itemsOf(list), createdAt: at, updatedAt: at }),
    () => appendOutboxRow(db, watchlistOps.create, { id, name, symbols: list }, entityKey(TABLE, id)),
  );
  return id;
}

export async function renameWatchlist(db: LocalDb, id: string, name: string): Promise<void> {
  await writeWatchlist(
    db,
    id,
    (current) => (current ? { ...current, name, updatedAt: new Date().toISOString() } : null),
    () => appendOutboxRow(db, watchlistOps.update, { id, name }, entityKey(TABLE, id)),
  );
}

export async function addSymbolToWatchlist(db: LocalDb, id: string, symbol: string): Promise<void> {
  await writeWatchlist(
    db,
    id,
    (current) => {
      if (!current) return null;
      const symbols = current.symbols.includes(symbol) ? current.symbols : [...current.symbols, symbol];
      return { ...current, symbols, items: itemsOf(symbols), updatedAt: new Date().toISOString() };
    },
    () => appendOutboxRow(db, watchlistOps.addSymbol, { watchlistId: id, symbol }, entityKey(TABLE, id)),
  );
}

export async function removeSymbolFromWatchlist(db: LocalDb, id: string, symbol: string): Promise<void> {
  await writeWatchlist(
    db,
    id,
    (current) => {
      if (!current) return null;
      const symbols = current.symbols.filter((item) => item !== symbol);
      return { ...current, symbols, items: itemsOf(symbols), updatedAt: new Date().toISOString() };
    },
    () => appendOutboxRow(db, watchlistOps.removeSymbol, { watchlistId: id, symbol }, entityKey(TABLE, id)),
  );
}

export async function deleteWatchlist(db: LocalDb, id: string): Promise<void> {
  await writeWatchlist(
    db,
    id,
    () => null,
    () => appendOutboxRow(db, watchlistOps.delete, { id }, entityKey(TABLE, id)),
  );
}

/** Oldest first, so a new list appears at the end. */
export function localWatchlists(db: LocalDb): Promise<LocalWatchlist[]> {
  return db.watchlists.orderBy('createdAt').toArray();
}

/** Writes the server's watchlists into Dexie (local rows with queued writes are kept). */
export function storeServerWatchlists(db: LocalDb, lists: readonly LocalWatchlist[]): Promise<void> {
  return mergeServerRows(db, db.watchlists, lists);
}
