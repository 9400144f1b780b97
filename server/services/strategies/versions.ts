/** A strategy's past definitions (issue 13 points 5 and 8: the old version stays readable). */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { strategyVersions } from '../../db/schema';
import type { Transaction } from '../idempotency';
import type { StrategyRow } from './model';

/** Keeps the strategy's current definition as its version (the old ones stay readable). */
export async function recordVersion(tx: Transaction, row: StrategyRow): Promise<void> {
  if (row.code === null) return;
  await tx
    .insert(strategyVersions)
    .values({
      strategyId: row.id,
      userId: row.userId,
      version: row.version,
      code: row.code,
      templateId: row.templateId,
      parameters: row.parameters,
      createdAt: row.updatedAt,
    })
    .onConflictDoNothing();
}

/** The definitions a user's strategy had, newest first (none for another user's strategy). */
export async function strategyVersionList(db: Database, userId: string, strategyId: string) {
  return db
    .select({
      version: strategyVersions.version,
      code: strategyVersions.code,
      templateId: strategyVersions.templateId,
      parameters: strategyVersions.parameters,
      createdAt: strategyVersions.createdAt,
    })
    .from(strategyVersions)
    .where(and(eq(strategyVersions.strategyId, strategyId), eq(strategyVersions.userId, userId)))
    .orderBy(desc(strategyVersions.version));
}
