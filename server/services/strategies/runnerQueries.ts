/** What the strategy runner (./runner.ts) reads from the database: the active strategies and a strategy's standing. */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StrategyDefinition } from '../../../src/domain/strategies';
import { WORKING_STATUSES } from '../../../src/domain/trading/orderTypes';
import type { Database } from '../../db/client';
import { orders, strategies } from '../../db/schema';
import { storedDefinition } from './model';

/** An active strategy with rules: what the runner trades. */
export interface RunningStrategy {
  id: string;
  userId: string;
  /** The stored canonical JSON of `definition` (a changed one differs). */
  code: string;
  definition: StrategyDefinition;
}

const runnable = and(eq(strategies.isActive, true), isNotNull(strategies.code));

function toRunning(row: typeof strategies.$inferSelect): RunningStrategy | null {
  const definition = storedDefinition(row);
  return definition && row.code ? { id: row.id, userId: row.userId, code: row.code, definition } : null;
}

/** Every active strategy with a definition (of every user). */
export async function loadRunningStrategies(db: Database): Promise<RunningStrategy[]> {
  const rows = await db.select().from(strategies).where(runnable);
  return rows.flatMap((row) => toRunning(row) ?? []);
}

/** The strategy if it is active with a definition, else null (deactivated, deleted, or without rules). */
export async function loadRunningStrategy(db: Database, id: string): Promise<RunningStrategy | null> {
  const [row] = await db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, id), runnable));
  return row ? toRunning(row) : null;
}

/** Where a strategy stands in one symbol as a bar closes. */
export interface StrategyStanding {
  /** Whether the strategy is still active (read again here: a deactivation committed meanwhile stops it). */
  active: boolean;
  /** Shares it holds: its filled buys − its filled sells (orders with its strategyId). */
  held: number;
  /** Whether one of its orders in the symbol is still working. */
  working: boolean;
  /** Whether an order was already placed for this bar (one of `barOrderIds` exists): the bar is done. */
  handled: boolean;
}

/** One statement: the strategy's orders in `symbol` summed, and whether it is still active. */
export async function loadStanding(
  db: Database,
  strategy: Pick<RunningStrategy, 'id' | 'userId'>,
  symbol: string,
  barOrderIds: readonly string[],
): Promise<StrategyStanding> {
  const [row] = await db
    .select({
      held: sql<string>`coalesce(sum(case when ${orders.side} = 'BUY' then ${orders.filledQuantity} else -${orders.filledQuantity} end), 0)`,
      working: sql<number>`count(*) filter (where ${inArray(orders.status, [...WORKING_STATUSES])})::int`,
      handled: sql<number>`count(*) filter (where ${inArray(orders.clientOrderId, [...barOrderIds])})::int`,
      active: sql<boolean>`exists (select 1 from ${strategies} where ${strategies.id} = ${strategy.id} and ${strategies.isActive})`,
    })
    .from(orders)
    .where(and(eq(orders.userId, strategy.userId), eq(orders.strategyId, strategy.id), eq(orders.symbol, symbol)));
  return {
    active: Boolean(row?.active),
    held: Number(row?.held ?? 0),
    working: (row?.working ?? 0) > 0,
    handled: (row?.handled ?? 0) > 0,
  };
}
