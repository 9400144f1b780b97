import { eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { UserPreferences } from '../../../src/domain/preferences';
import { normalizeTimeframe, TIMEFRAMES } from '../../../src/domain/timeframes';
import type { Database } from '../../db/client';
import { preferences } from '../../db/schema';
import type { EventBus } from '../../events';
import { TtlCache } from '../cache';
import { badUserInput } from '../errors';

export type PreferencesRow = typeof preferences.$inferSelect;

/** A user's stored preferences row; every user has one (created with the user). */
export async function loadPreferencesRow(db: Database, userId: string): Promise<PreferencesRow> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  if (!row) throw new Error(`user ${userId} has no preferences row`);
  return row;
}

export function toUserPreferences(row: PreferencesRow): UserPreferences {
  const { theme, defaultTimeframe, riskTolerance, notifications, tradingHours } = row;
  return { theme, defaultTimeframe, riskTolerance, notifications, tradingHours };
}

const flag = z.boolean().optional();

/** The update a client may send: every field optional, none null ("only the fields given are changed"). */
const preferencesPatch = z.strictObject({
  theme: z.enum(['LIGHT', 'DARK']).optional(),
  defaultTimeframe: z
    .string()
    .transform((value, context) => {
      const timeframe = normalizeTimeframe(value);
      if (timeframe) return timeframe;
      context.addIssue({ code: 'custom', message: `expected one of ${TIMEFRAMES.join(', ')}, got "${value}"` });
      return z.NEVER;
    })
    .optional(),
  riskTolerance: z.enum(['conservative', 'moderate', 'aggressive']).optional(),
  notifications: z
    .strictObject({
      email: flag,
      sms: flag,
      push: flag,
      tradingAlerts: flag,
      portfolioUpdates: flag,
      systemAlerts: flag,
    })
    .optional(),
  tradingHours: z.strictObject({ preMarket: flag, regularHours: flag, afterHours: flag, weekends: flag }).optional(),
});

export type PreferencesPatch = z.output<typeof preferencesPatch>;

/** Validates and normalises a preferences update; throws BAD_USER_INPUT naming the first bad field. */
export function parsePreferencesPatch(input: unknown): PreferencesPatch {
  const parsed = preferencesPatch.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'input';
  throw badUserInput(`Invalid ${field}: ${issue?.message ?? 'invalid value'}`);
}

/**
 * Applies a validated partial update in one statement (nested notification and trading-hour flags are
 * merged into the stored ones) and tells the user's subscribers. An empty update writes nothing.
 */
export async function updatePreferences(
  db: Database,
  events: EventBus,
  userId: string,
  patch: PreferencesPatch,
): Promise<UserPreferences> {
  if (Object.keys(patch).length === 0) return toUserPreferences(await loadPreferencesRow(db, userId));
  const { notifications, tradingHours, ...scalars } = patch;
  const [row] = await db
    .update(preferences)
    .set({
      ...scalars,
      ...(notifications && {
        notifications: sql`${preferences.notifications} || ${JSON.stringify(notifications)}::jsonb`,
      }),
      ...(tradingHours && {
        tradingHours: sql`${preferences.tradingHours} || ${JSON.stringify(tradingHours)}::jsonb`,
      }),
      updatedAt: sql`now()`,
    })
    .where(eq(preferences.userId, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} has no preferences row`);
  const updated = toUserPreferences(row);
  events.publish('preferencesUpdated', userId, updated);
  return updated;
}

/**
 * The user-facing preferences (`me.preferences`) are trusted this long once read. `update` replaces the
 * cached copy at once; a change written by another process (or by hand) is seen after this.
 */
export const PREFERENCES_CACHE_TTL_MS = 30 * 1000;
export const PREFERENCES_CACHE_MAX_ENTRIES = 10_000;

interface PreferencesServiceDependencies {
  db: Database;
  events: EventBus;
  now: () => Date;
}

/**
 * A user's preferences as the resolvers read and change them. Only the user-facing fields are cached
 * (trading mode and the emergency stop, read by the trading engine, always come from the database).
 */
export function createPreferencesService({ db, events, now }: PreferencesServiceDependencies) {
  const cache = new TtlCache<string, UserPreferences>({
    ttlMs: PREFERENCES_CACHE_TTL_MS,
    maxEntries: PREFERENCES_CACHE_MAX_ENTRIES,
    name: 'preferences',
    now: () => now().getTime(),
  });
  return {
    /** The user's preferences (cached). */
    get: (userId: string): Promise<UserPreferences> =>
      cache.load(userId, async () => toUserPreferences(await loadPreferencesRow(db, userId))),
    /** Forgets the cached copy (after another service changed the row, e.g. saved trading parameters). */
    forget: (userId: string): void => cache.delete(userId),
    /** Validates `input` (BAD_USER_INPUT, nothing written, when invalid) and applies it. */
    async update(userId: string, input: unknown): Promise<UserPreferences> {
      const patch = parsePreferencesPatch(input);
      // Forgotten before the write too, so that no read under way during it is cached afterwards.
      cache.delete(userId);
      const updated = await updatePreferences(db, events, userId, patch);
      cache.delete(userId);
      cache.set(userId, updated);
      return updated;
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
