/**
 * The opportunity_alerts and followed_scans rows of one user (every read and write scoped to the user: another
 * user's id is NOT_FOUND), and the insert that makes the same setup on the same bar one alert on any process.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { RiskTolerance } from '../../../src/domain/constants';
import type { OpportunityAlertRecord } from '../../../src/domain/opportunities/alert';
import type { NotificationSettings } from '../../../src/domain/preferences';
import { SCAN_TYPES, type ScanType } from '../../../src/domain/scanner/scanTypes';
import type { Database } from '../../db/client';
import { followedScans, opportunityAlerts, preferences } from '../../db/schema';
import { notFound } from '../errors';

type Row = typeof opportunityAlerts.$inferSelect;
export type NewOpportunityAlert = Omit<typeof opportunityAlerts.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

export function toRecord(row: Row): OpportunityAlertRecord {
  return {
    id: row.id,
    symbol: row.symbol,
    strategyId: row.strategyId,
    source: row.source,
    scanType: (row.scanType as ScanType | null) ?? null,
    confidence: row.confidence,
    potentialReturn: row.potentialReturn,
    riskLevel: row.riskLevel,
    expiresAt: row.expiresAt.toISOString(),
    reasoning: row.reasoning,
    sampleSize: row.sampleSize,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  };
}

/** Stores the alert unless this user already has one for the setup on that bar; the new alert, or null. */
export async function insertAlert(db: Database, alert: NewOpportunityAlert): Promise<OpportunityAlertRecord | null> {
  const [row] = await db.insert(opportunityAlerts).values(alert).onConflictDoNothing().returning();
  return row ? toRecord(row) : null;
}

export async function listAlerts(db: Database, userId: string, limit: number, unreadOnly: boolean) {
  const rows = await db
    .select()
    .from(opportunityAlerts)
    .where(and(eq(opportunityAlerts.userId, userId), unreadOnly ? isNull(opportunityAlerts.readAt) : undefined))
    .orderBy(desc(opportunityAlerts.createdAt), desc(opportunityAlerts.id))
    .limit(limit);
  return rows.map(toRecord);
}

/** Marks the user's alert `id` read (it keeps its first read time); NOT_FOUND when it is not theirs. */
export async function markRead(db: Database, userId: string, id: string, at: Date): Promise<OpportunityAlertRecord> {
  const own = and(eq(opportunityAlerts.id, id), eq(opportunityAlerts.userId, userId));
  await db
    .update(opportunityAlerts)
    .set({ readAt: at })
    .where(and(own, isNull(opportunityAlerts.readAt)));
  const [row] = await db.select().from(opportunityAlerts).where(own);
  if (!row) throw notFound('Opportunity alert');
  return toRecord(row);
}

export async function markAllRead(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(opportunityAlerts)
    .set({ readAt: at })
    .where(and(eq(opportunityAlerts.userId, userId), isNull(opportunityAlerts.readAt)))
    .returning({ id: opportunityAlerts.id });
  return rows.length;
}

/** The user's followed scan types, in the scanner's order. */
export async function listFollowed(db: Database, userId: string): Promise<ScanType[]> {
  const rows = await db
    .select({ scanType: followedScans.scanType })
    .from(followedScans)
    .where(eq(followedScans.userId, userId));
  const followed = new Set(rows.map((row) => row.scanType));
  return SCAN_TYPES.filter((type) => followed.has(type));
}

export async function follow(db: Database, userId: string, scanType: ScanType): Promise<void> {
  await db.insert(followedScans).values({ userId, scanType }).onConflictDoNothing();
}

export async function unfollow(db: Database, userId: string, scanType: ScanType): Promise<void> {
  await db.delete(followedScans).where(and(eq(followedScans.userId, userId), eq(followedScans.scanType, scanType)));
}

/** A user following a scan type, with their risk tolerance and notification preferences (for the push). */
export interface ScanFollower {
  userId: string;
  riskTolerance: RiskTolerance;
  notifications: NotificationSettings;
}

/** The users following each of `scanTypes` (one query for all), with their preferences; none: not in the map. */
export async function followersOf(
  db: Database,
  scanTypes: readonly ScanType[],
): Promise<Map<ScanType, ScanFollower[]>> {
  const out = new Map<ScanType, ScanFollower[]>();
  if (scanTypes.length === 0) return out;
  const rows = await db
    .select({
      scanType: followedScans.scanType,
      userId: followedScans.userId,
      riskTolerance: preferences.riskTolerance,
      notifications: preferences.notifications,
    })
    .from(followedScans)
    .innerJoin(preferences, eq(preferences.userId, followedScans.userId))
    .where(inArray(followedScans.scanType, [...new Set(scanTypes)]));
  for (const { scanType, ...follower } of rows) {
    const list = out.get(scanType as ScanType);
    if (list) list.push(follower);
    else out.set(scanType as ScanType, [follower]);
  }
  return out;
}
