// Tables of the users area: accounts, their preferences, sessions and broker connections.
// The user references here are written out: ../userColumns.ts imports this module, so it cannot be used here.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { RiskTolerance } from '../../../src/domain/constants';
import type { NotificationSettings, Theme, TradingHoursSettings } from '../../../src/domain/preferences';
import type { AssetPreference, PreferredTradingHours } from '../../../src/domain/trading/parameters';
import { cents, createdAt, id, timestamptz, updatedAt } from '../columns';

export const users = pgTable('users', {
  id: id(),
  email: text('email').unique(),
  phoneNumber: text('phone_number').unique(),
  isVerified: boolean('is_verified').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row per user (spec §3 Preferences), plus the requested trading mode, the emergency stop and the user's own
 * trading parameters (src/domain/trading/parameters.ts): null until they save them (the default profile, with
 * the limits of their risk tolerance's preset, applies); all four are written together.
 */
export const preferences = pgTable(
  'preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme').$type<Theme>().notNull(),
    defaultTimeframe: text('default_timeframe').notNull(),
    riskTolerance: text('risk_tolerance').$type<RiskTolerance>().notNull(),
    notifications: jsonb('notifications').$type<NotificationSettings>().notNull(),
    tradingHours: jsonb('trading_hours').$type<TradingHoursSettings>().notNull(),
    tradingMode: text('trading_mode').$type<'paper' | 'live'>().notNull().default('paper'),
    emergencyStop: boolean('emergency_stop').notNull().default(false),
    accountSizeAllocation: integer('account_size_allocation'),
    maxPositionSizeCents: cents('max_position_size_cents'),
    dailyLossLimitCents: cents('daily_loss_limit_cents'),
    preferredTradingHours: text('preferred_trading_hours').$type<PreferredTradingHours>(),
    assetPreferences: jsonb('asset_preferences').$type<AssetPreference[]>(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('preferences_theme_check', sql`${table.theme} in ('LIGHT', 'DARK')`),
    check(
      'preferences_risk_tolerance_check',
      sql`${table.riskTolerance} in ('conservative', 'moderate', 'aggressive')`,
    ),
    check('preferences_trading_mode_check', sql`${table.tradingMode} in ('paper', 'live')`),
    check(
      'preferences_account_size_allocation_check',
      sql`${table.accountSizeAllocation} between 10 and 100 and ${table.accountSizeAllocation} % 5 = 0`,
    ),
    check('preferences_max_position_size_check', sql`${table.maxPositionSizeCents} >= 10000`),
    check('preferences_daily_loss_limit_check', sql`${table.dailyLossLimitCents} >= 5000`),
    check(
      'preferences_preferred_trading_hours_check',
      sql`${table.preferredTradingHours} in ('market_hours', 'extended_hours', 'all_hours')`,
    ),
  ],
);

/** Bearer-token sessions; only the SHA-256 (hex) of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastActivity: timestamptz('last_activity').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
