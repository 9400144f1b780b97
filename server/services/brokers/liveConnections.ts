/**
 * The live connections orders go to, and which users trade live now (issue 14 point 7).
 *
 * Rules:
 * - A user's active live connection is their oldest live broker connection that is connected and verified (the one
 *   the trading mode lists as the active live broker: ./index.ts availableBrokers).
 * - A user trades live (effective mode live) when they asked for live and such a connection exists: their orders go
 *   to the adapter of its provider. Otherwise they go to the paper broker (which refuses them while live is asked
 *   for: live_trading_not_allowed).
 * - The answer is kept per user for `ttlMs` so the order path reads it once per burst; this process forgets it at
 *   once on a change made here (mode switch, connect, verify, sync, disconnect: `forget`), another process's change is
 *   seen within `ttlMs`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { brokerConnections, preferences } from '../../db/schema';
import type { ConnectionRow } from './connectionRows';

const usable = and(
  eq(brokerConnections.environment, 'live'),
  eq(brokerConnections.status, 'connected'),
  eq(brokerConnections.isVerified, true),
);

export async function activeLiveConnection(db: Queryable, userId: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(brokerConnections)
    .where(and(eq(brokerConnections.userId, userId), usable))
    .orderBy(asc(brokerConnections.createdAt), asc(brokerConnections.id))
    .limit(1);
  return row ?? null;
}

/** Every user's usable live connections to `provider` (the leader keeps a stream open for each). */
export function usableLiveConnections(db: Queryable, provider: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(brokerConnections)
    .where(and(eq(brokerConnections.provider, provider), usable));
}

/** Remembered answers at most (the oldest are forgotten first). */
const REMEMBERED = 10_000;

export function createLiveModes(db: Database, now: () => number = Date.now, ttlMs = 5_000) {
  const known = new Map<string, { live: Promise<string | null>; at: number }>();

  async function read(userId: string): Promise<string | null> {
    const [row] = await db
      .select({
        provider: sql<string | null>`case when ${preferences.tradingMode} = 'live' then (
          select ${brokerConnections.provider} from ${brokerConnections}
          where ${brokerConnections.userId} = ${preferences.userId} and ${usable}
          order by ${brokerConnections.createdAt}, ${brokerConnections.id} limit 1) end`,
      })
      .from(preferences)
      .where(eq(preferences.userId, userId));
    return row?.provider ?? null;
  }

  return {
    /** The provider of the live broker the user's orders go to now; null: the paper broker. */
    liveProvider(userId: string): Promise<string | null> {
      const at = now();
      const entry = known.get(userId);
      if (entry && at - entry.at < ttlMs) return entry.live;
      const live = read(userId);
      known.delete(userId);
      known.set(userId, { live, at });
      if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
      live.catch(() => known.get(userId)?.live === live && known.delete(userId));
      return live;
    },
    /** The user's mode or connections changed here. */
    forget(userId: string): void {
      known.delete(userId);
    },
  };
}

export type LiveModes = ReturnType<typeof createLiveModes>;
