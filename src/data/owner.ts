import type { LocalDb } from './db';

/** The meta row naming whose data the local database holds. */
const OWNER_KEY = 'owner';

/** The owner when nobody is signed in: the single-user mode's user, or no one after a sign-out. */
export const NO_SIGNED_IN_USER = 'single-user';

/**
 * The local database holds one user's data: their cached portfolio, watchlists, chats, strategies, reports and,
 * above all, their queued writes. Before anything is sent or shown for a user, the database is claimed for them:
 * when it holds another user's data (a sign-out, then someone else signing in on the same device), every table is
 * emptied first, so one user's queued writes are never sent with another user's token and their data never shows
 * for someone else. Unsent writes of the previous user are dropped with the rest (they could only have been sent
 * as that user, who signed out). A database with no owner yet (made before this rule) is taken as the current
 * user's. Returns true when it emptied the tables.
 */
export async function claimLocalData(db: LocalDb, owner: string): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const current = await db.meta.get(OWNER_KEY);
    if (current?.value === owner) return false;
    const other = typeof current?.value === 'string';
    if (other) await Promise.all(db.tables.map((table) => table.clear()));
    await db.meta.put({ key: OWNER_KEY, value: owner });
    return other;
  });
}
