import { asc, eq } from 'drizzle-orm';
import type { UserPreferences } from '../../../src/domain/preferences';
import type { Database } from '../../db/client';
import { brokerConnections, users } from '../../db/schema';
import { TtlCache } from '../cache';
import { loadPreferencesRow, toUserPreferences, type PreferencesService } from '../preferences';

export interface BrokerConnectionRef {
  id: string;
  accountId: string;
  lastSync: string | null;
}

/** The signed-in user as `me` returns it. */
export interface UserProfile {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  isVerified: boolean;
  preferences: UserPreferences;
  brokerConnections: BrokerConnectionRef[];
}

/**
 * What the User type's resolvers get: the account row, and the preferences and broker connections when
 * already at hand (else User.preferences and User.brokerConnections read them, only when selected).
 */
export type UserModel = Pick<UserProfile, 'id' | 'email' | 'phoneNumber' | 'isVerified'> &
  Partial<Pick<UserProfile, 'preferences' | 'brokerConnections'>>;

/** A user's account row is trusted this long once read (e-mail, phone and verification never change once signed in). */
export const USER_CACHE_TTL_MS = 30 * 1000;
export const USER_CACHE_MAX_ENTRIES = 10_000;

async function loadUser(db: Database, userId: string): Promise<UserModel> {
  const [user] = await db
    .select({ id: users.id, email: users.email, phoneNumber: users.phoneNumber, isVerified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} does not exist`);
  return user;
}

async function loadBrokerConnections(db: Database, userId: string): Promise<BrokerConnectionRef[]> {
  const connections = await db
    .select({ id: brokerConnections.id, accountId: brokerConnections.accountId, lastSync: brokerConnections.lastSync })
    .from(brokerConnections)
    .where(eq(brokerConnections.userId, userId))
    .orderBy(asc(brokerConnections.createdAt));
  return connections.map((connection) => ({ ...connection, lastSync: connection.lastSync?.toISOString() ?? null }));
}

/** The whole profile, read from the database (sign-in answers it). */
export async function loadUserProfile(db: Database, userId: string): Promise<UserProfile> {
  const [user, preferencesRow, connections] = await Promise.all([
    loadUser(db, userId),
    loadPreferencesRow(db, userId),
    loadBrokerConnections(db, userId),
  ]);
  return { ...user, preferences: toUserPreferences(preferencesRow), brokerConnections: connections };
}

interface UserServiceDependencies {
  db: Database;
  preferences: PreferencesService;
  now: () => Date;
}

/** The signed-in user (`me`): the account row cached, preferences through their (cached) service. */
export function createUserService({ db, preferences, now }: UserServiceDependencies) {
  const accounts = new TtlCache<string, UserModel>({
    ttlMs: USER_CACHE_TTL_MS,
    maxEntries: USER_CACHE_MAX_ENTRIES,
    name: 'users',
    now: () => now().getTime(),
  });
  return {
    /** The account row (cached). */
    user: (userId: string): Promise<UserModel> => accounts.load(userId, () => loadUser(db, userId)),
    preferences: (userId: string): Promise<UserPreferences> => preferences.get(userId),
    brokerConnections: (userId: string): Promise<BrokerConnectionRef[]> => loadBrokerConnections(db, userId),
  };
}
