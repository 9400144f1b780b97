import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalDb } from './db';
import { mirrorBearerToken } from './meta';
import { outboxRows } from './outbox/queue';
import { claimLocalData, NO_SIGNED_IN_USER } from './owner';
import { createWatchlist } from './watchlists';

const freshDb = () => openLocalDb(`owner-${crypto.randomUUID()}`);

describe('claimLocalData', () => {
  it("keeps the same user's data and queued writes", async () => {
    const db = freshDb();
    expect(await claimLocalData(db, 'user-a')).toBe(false);
    await createWatchlist(db, 'Tech', ['AAPL']);
    expect(await claimLocalData(db, 'user-a')).toBe(false);
    expect(await db.watchlists.count()).toBe(1);
    expect(await outboxRows(db)).toHaveLength(1);
  });

  it("empties every table, queued writes included, before another user's data goes in", async () => {
    const db = freshDb();
    await claimLocalData(db, 'user-a');
    await createWatchlist(db, 'Tech', ['AAPL']);
    await mirrorBearerToken(db, 'token-a');
    await db.analyticsReports.put({ key: 'report', data: {}, updatedAt: '2026-11-24T00:00:00Z' });

    expect(await claimLocalData(db, NO_SIGNED_IN_USER)).toBe(true);
    expect(await db.watchlists.count()).toBe(0);
    expect(await outboxRows(db)).toEqual([]);
    expect(await db.analyticsReports.count()).toBe(0);
    expect(await db.meta.get('authToken')).toBeUndefined();

    expect(await claimLocalData(db, 'user-b')).toBe(true);
    expect(await db.meta.get('owner')).toEqual({ key: 'owner', value: 'user-b' });
  });

  it('takes a database made before owners were recorded as the current user', async () => {
    const db = freshDb();
    await createWatchlist(db, 'Tech', ['AAPL']);
    expect(await claimLocalData(db, 'user-a')).toBe(false);
    expect(await db.watchlists.count()).toBe(1);
  });
});
