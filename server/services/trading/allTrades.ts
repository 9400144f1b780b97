import { asc, eq } from 'drizzle-orm';
import type { Trade } from '../../../src/domain/trading/orders';
import type { Database } from '../../db/client';
import { trades } from '../../db/schema';
import { toTrade } from './ordersView';

/** Every trade of the user, oldest first (the activity summary replays them). */
export async function loadAllTrades(db: Database, userId: string): Promise<Trade[]> {
  const rows = await db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.seq));
  return rows.map(toTrade);
}
