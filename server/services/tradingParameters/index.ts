/**
 * A user's trading parameters (src/domain/trading/parameters.ts) as stored on their preferences row: read, and saved
 * after every field is validated (a bad field writes nothing). The risk tolerance is the preferences' one (one source
 * of truth): saving parameters sets it, and changing it alone (updatePreferences) changes only the label once the
 * user has limits of their own; before that the limits follow its preset.
 */
import { eq, sql } from 'drizzle-orm';
import {
  resolveTradingParameters,
  validateTradingParameters,
  type ParameterErrors,
  type StoredTradingParameters,
  type TradingParameters,
} from '../../../src/domain/trading/parameters';
import type { Database } from '../../db/client';
import { preferences } from '../../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../../events';
import { loadPreferencesRow, toUserPreferences, type PreferencesRow } from '../preferences';

/** The stored parameters of a preferences row (the columns the order path reads too: ../trading/accountState.ts). */
export function storedParametersOf(row: StoredTradingParameters): StoredTradingParameters {
  const { riskTolerance, tradingMode, accountSizeAllocation, maxPositionSizeCents, dailyLossLimitCents } = row;
  const { preferredTradingHours, assetPreferences } = row;
  return {
    riskTolerance,
    tradingMode,
    accountSizeAllocation,
    maxPositionSizeCents,
    dailyLossLimitCents,
    preferredTradingHours,
    assetPreferences,
  };
}

/** The parameters in force for the user: their own, or the default profile. */
export async function loadTradingParameters(db: Database, userId: string): Promise<TradingParameters> {
  return resolveTradingParameters(storedParametersOf(await loadPreferencesRow(db, userId)));
}

/**
 * BAD_USER_INPUT for the first bad field: its message names it; `extensions.field` is its name and
 * `extensions.errors` holds every bad field's message.
 */
export function invalidParameters(errors: ParameterErrors): AppError {
  const [field, message] = Object.entries(errors)[0] ?? ['input', 'Invalid trading parameters.'];
  return new AppError('BAD_USER_INPUT', message ?? 'Invalid trading parameters.', { field, errors });
}

function asRecord(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AppError('BAD_USER_INPUT', 'Trading parameters must be an object.', { field: 'input' });
  }
  return input as Record<string, unknown>;
}

/** Validates every field of `input` (throws BAD_USER_INPUT, nothing written), then stores them in one statement. */
async function writeTradingParameters(db: Database, userId: string, input: unknown): Promise<PreferencesRow> {
  const validated = validateTradingParameters(asRecord(input));
  if (!validated.ok) throw invalidParameters(validated.errors);
  const value = validated.value;
  const [row] = await db
    .update(preferences)
    .set({
      riskTolerance: value.riskTolerance,
      accountSizeAllocation: value.accountSizeAllocation,
      maxPositionSizeCents: Math.round(value.maxPositionSize * 100),
      dailyLossLimitCents: Math.round(value.dailyLossLimit * 100),
      preferredTradingHours: value.preferredTradingHours,
      assetPreferences: value.assetPreferences,
      updatedAt: sql`now()`,
    })
    .where(eq(preferences.userId, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} has no preferences row`);
  return row;
}

/** {@link writeTradingParameters}, answering the parameters now in force. */
export async function saveTradingParameters(db: Database, userId: string, input: unknown): Promise<TradingParameters> {
  return resolveTradingParameters(storedParametersOf(await writeTradingParameters(db, userId, input)));
}

interface TradingParametersDependencies {
  db: Database;
  events: EventBus;
  /** Forgets the user's cached preferences (saving parameters sets their risk tolerance). */
  forgetPreferences: (userId: string) => void;
}

/** The user's trading parameters as the resolvers and the onboarding read and save them. */
export function createTradingParametersService({ db, events, forgetPreferences }: TradingParametersDependencies) {
  return {
    get: (userId: string): Promise<TradingParameters> => loadTradingParameters(db, userId),
    /**
     * Validates every field (BAD_USER_INPUT naming the first bad one, nothing written) and saves them; the user's
     * preferences subscribers see the risk tolerance saved with them.
     */
    async save(userId: string, input: unknown): Promise<TradingParameters> {
      const row = await writeTradingParameters(db, userId, input);
      forgetPreferences(userId);
      events.publish('preferencesUpdated', userId, toUserPreferences(row));
      return resolveTradingParameters(storedParametersOf(row));
    },
  };
}

export type TradingParametersService = ReturnType<typeof createTradingParametersService>;
