import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cachedReport, readThrough } from './analyticsCache';
import { openLocalDb } from './db';

const freshDb = () => openLocalDb(`analytics-${crypto.randomUUID()}`);
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const isNetwork = (error: unknown) => error instanceof TypeError;

describe('analytics cache', () => {
  it('stores each answer with the time it was read, replacing the previous one', async () => {
    const db = freshDb();
    const first = await readThrough('report:ONE_YEAR', () => Promise.resolve({ pnl: 1 }), isNetwork, {
      db,
      now: () => new Date('2026-11-20T15:00:00Z'),
    });
    expect(first).toEqual({ data: { pnl: 1 }, readAt: '2026-11-20T15:00:00.000Z', cached: false });
    await readThrough('report:ONE_YEAR', () => Promise.resolve({ pnl: 2 }), isNetwork, {
      db,
      now: () => new Date('2026-11-21T15:00:00Z'),
    });
    expect(await cachedReport('report:ONE_YEAR', db)).toEqual({
      key: 'report:ONE_YEAR',
      data: { pnl: 2 },
      updatedAt: '2026-11-21T15:00:00.000Z',
    });
  });

  it('answers offline with the stored answer of the same key, saying when it was read', async () => {
    const db = freshDb();
    await readThrough('report:ONE_MONTH', () => Promise.resolve({ pnl: 5 }), isNetwork, {
      db,
      now: () => new Date('2026-11-20T15:00:00Z'),
    });
    await expect(readThrough('report:ONE_MONTH', offline, isNetwork, { db })).resolves.toEqual({
      data: { pnl: 5 },
      readAt: '2026-11-20T15:00:00.000Z',
      cached: true,
    });
    // Another period was never read: the network failure stands.
    await expect(readThrough('report:ALL', offline, isNetwork, { db })).rejects.toThrow('Failed to fetch');
  });

  it('never hides a server error behind an old answer', async () => {
    const db = freshDb();
    await readThrough('report:YTD', () => Promise.resolve({ pnl: 5 }), isNetwork, {
 db });
    await expect(readThrough('report:YTD', () => Promise.reject(new Error('benchmark: unknown')), isNetwork, {
 db })).rejects.toThrow(
      'benchmark: unknown',
    );
  });
});
