import { asc, eq } from 'drizzle-orm';
import type { UserPreferences } from '../../../src/domain/preferences';
import type { Database } from '../../db/client';
import { brokerConnections, users } from '../../db/schema';
import { loadPreferencesRow, toUserPreferences } from '../preferences';

/** The signed-in user as `me` returns it. */
export interface UserProfile {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  isVerified: boolean;
  preferences: UserPreferences;
  brokerConnections: { id: string; accountId: string; lastSync: string | null }[];
}

export async function loadUserProfile(db: Database, userId: string): Promise<UserProfile> {
  const [user] = await db
    .select({ id: users.id, email: users.email, phoneNumber: users.phoneNumber, isVerified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} does not exist`);
  const preferencesRow = await loadPreferencesRow(db, userId);
  const connections = await db
    .select({ id: brokerConnections.id, accountId: brokerConnections.accountId, lastSync: brokerConnections.lastSync })
    .from(brokerConnections)
    .where(eq(brokerConnections.userId, userId))
    .orderBy(asc(brokerConnections.createdAt));
  return {
    ...user,
    preferences: toUserPreferences(preferencesRow),
    brokerConnections: connections.map((connection) => ({
      ...connection,
      lastSync: connection.lastSync?.toISOString() ?? null,
    })),
  };
}

/** The signed-in user's profile (`me`). */
export function createUserService(db: Database) {
  return {
    profile: (userId: string) => loadUserProfile(db, userId),
  };
}
