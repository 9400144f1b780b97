import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createPriceAlert, storeServerPriceAlert, storeServerPriceAlerts, togglePriceAlert } from '../alerts';
import { openLocalDb } from '../db';
import { createWatchlist, deleteWatchlist, renameWatchlist, storeServerWatchlists } from '../watchlists';
import { OUTBOX_OPS } from './ops';
import { discardOutboxRow, onOutboxAppended, outboxRows } from './queue';

const freshDb = () => openLocalDb(`queue-${crypto.randomUUID()}`);

describe('outbox queue', () => {
  it('applies each write locally and queues it in order, with its own idempotency key', async () => {
    const db = freshDb();
    let appended = 0;
    const stop = onOutboxAppended(() => (appended += 1));
    const id = await createWatchlist(db, 'Tech', ['AAPL']);
    await renameWatchlist(db, id, 'Big tech');
    await deleteWatchlist(db, id);
    stop();

    const rows = await outboxRows(db);
    expect(rows.map((row) => [row.seq, row.op, row.status])).toEqual([
      [1, 'watchlist.create', 'pending'],
      [2, 'watchlist.update', 'pending'],
      [3, 'watchlist.delete', 'pending'],
    ]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
    expect(rows[0]?.payload).toEqual({ id, name: 'Tech', symbols: ['AAPL'] });
    expect(await db.watchlists.get(id)).toBeUndefined();
    expect(appended).toBe(3);
  });

  it('a server refresh replaces synced rows but keeps rows with queued writes', async () => {
    const db = freshDb();
    await db.watchlists.put({ id: 'synced', name: 'Old', symbols: [], items: [], createdAt: 'a', updatedAt: 'a' });
    await db.watchlists.put({ id: 'gone', name: 'Gone', symbols: [], items: [], createdAt: 'a', updatedAt: 'a' });
    const local = await createWatchlist(db, 'Made offline');

    await storeServerWatchlists(db, [
      { id: 'synced', name: 'New', symbols: ['MSFT'], items: [], createdAt: 'a', updatedAt: 'b' },
    ]);

    const names = (await db.watchlists.toArray()).map((list) => list.name).sort();
    expect(names).toEqual(['Made offline', 'New']);
    expect(await db.watchlists.get(local)).toMatchObject({ name: 'Made offline' });
  });

  it('discarding a queued create removes the local row it made', async () => {
    const db = freshDb();
    const alertId = await createPriceAlert(db, { symbol: 'AAPL', condition: 'above', triggerPrice: 200 });
    const [row] = await outboxRows(db);
    await discardOutboxRow(db, OUTBOX_OPS, row?.id ?? '');
    expect(await db.alerts.get(alertId)).toBeUndefined();
    expect(await outboxRows(db)).toEqual([]);
    await storeServerPriceAlerts(db, []);
    expect(await db.alerts.count()).toBe(0);
  });

  it('a pushed alert replaces the local copy only when no write of it is queued', async () => {
    const db = freshDb();
    const id = await createPriceAlert(db, { symbol: 'AAPL', condition: 'above', triggerPrice: 200 });
    const local = await db.alerts.get(id);
    if (!local) throw new Error('alert not stored');
    const fired = { ...local, triggeredAt: '2026-11-23T15:00:00.000Z', currentPrice: 201 };

    await storeServerPriceAlert(db, fired);
    expect((await db.alerts.get(id))?.triggeredAt).toBeNull();

    await db.outbox.clear();
    await storeServerPriceAlert(db, fired);
    expect(await db.alerts.get(id)).toMatchObject({ triggeredAt: fired.triggeredAt, currentPrice: 201 });

    await togglePriceAlert(db, id, false);
    await storeServerPriceAlert(db, { ...fired, isActive: true });
    expect((await db.alerts.get(id))?.isActive).toBe(false);
  });
});
