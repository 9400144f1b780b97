import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trades } from '../../db/schema';
import type { Trade } from '../../graphql/generated/resolvers';
import { toTrade } from './ordersView';

/** Every trade of the user, oldest first (the activity summary replays them). */
export async function loadAllTrades(db: Database, userId: string): Promise<Trade[]> {
  const rows = await db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.seq));
  return rows.map(toTrade);
}
