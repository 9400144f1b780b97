/**
 * The last answers of the Analytics page's queries (issue 15 point 5), kept in Dexie so the page opens offline on
 * the last report read for a period, saying when it was read.
 *
 * Rules:
 * - One row per query, variables and trading mode (`key`, e.g. "report:ONE_YEAR:paper"; the server reads the mode's
 *   account): each answer from the server replaces it, with the time it was read. The keys are bounded by the page's
 *   periods and the two modes, so nothing is evicted.
 * - `readThrough`: the server's answer when it comes (stored, `cached` false); on a network failure (the caller's
 *   `isNetworkFailure`, src/graphql/errors.ts for GraphQL) the stored answer (`cached` true, `readAt` its time);
 *   without one, the failure. Any other error (bad input, the server's own error) is never hidden by an old answer.
 */
import { localDb, type LocalDb } from './db';

/** The last answer of an analytics query, kept for offline reading; `key` names the query and its variables. */
export interface LocalCachedReport {
  key: string;
  data: unknown;
  updatedAt: string;
}

export interface ReadThrough<T> {
  data: T;
  /** ISO time the answer was read from the server. */
  readAt: string;
  /** True when the server could not be reached and this is the stored answer. */
  cached: boolean;
}

async function storeCachedReport(key: string, data: unknown, readAt: Date, db: LocalDb = localDb()) {
  await db.analyticsReports.put({ key, data, updatedAt: readAt.toISOString() });
}

export async function cachedReport(key: string, db: LocalDb = localDb()): Promise<LocalCachedReport | undefined> {
  return db.analyticsReports.get(key);
}

export async function readThrough<T>(
  key: string,
  fetch: () => Promise<T>,
  isNetworkFailure: (error: unknown) => boolean,
  { db = localDb(), now = () => new Date() }: { db?: LocalDb; now?: () => Date } = {},
): Promise<ReadThrough<T>> {
  try {
    const data = await fetch();
    const readAt = now();
    await storeCachedReport(key, data, readAt, db);
    return { data, readAt: readAt.toISOString(), cached: false };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const stored = await cachedReport(key, db);
    if (!stored) throw error;
    return { data: stored.data as T, readAt: stored.updatedAt, cached: true };
  }
}
