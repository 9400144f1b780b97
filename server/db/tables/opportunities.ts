import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../columns';
import { userId } from '../userColumns';
import { strategies } from './strategies';

/**
 * Opportunity alerts (issue 16 point 3; spec §3 Opportunity alert): a setup found for a user, by one of their active
 * strategies' entry rule (source STRATEGY, `strategy_id`) or by a scan they follow (source SCAN, `scan_type`).
 * `setup_key` names the setup (src/domain/opportunities/setupKey.ts) and `bar_time` the bar it was seen on: the
 * unique index makes the same setup on the same bar one alert, whichever process inserts it and however often
 * (insert … on conflict do nothing). `read_at` null: unread.
 */
export const opportunityAlerts = pgTable(
  'opportunity_alerts',
  {
    id: id(),
    userId: userId(),
    symbol: text('symbol').notNull(),
    /** The strategy whose entry rule fired (null for a scan, or once the strategy is deleted). */
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['STRATEGY', 'SCAN'] }).notNull(),
    scanType: text('scan_type'),
    setupKey: text('setup_key').notNull(),
    barTime: timestamptz('bar_time').notNull(),
    /** 0–1. */
    confidence: doublePrecision('confidence').notNull(),
    /** Mean forward return of the setup's past occurrences, a fraction. */
    potentialReturn: doublePrecision('potential_return').notNull(),
    riskLevel: text('risk_level', { enum: ['low', 'medium', 'high'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    reasoning: text('reasoning').notNull(),
    sampleSize: integer('sample_size').notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    uniqueIndex('opportunity_alerts_setup_bar_unique').on(table.userId, table.setupKey, table.barTime),
    index('opportunity_alerts_user_created_idx').on(table.userId, table.createdAt),
    check('opportunity_alerts_scan_type', sql`(${table.source} = 'SCAN') = (${table.scanType} is not null)`),
  ],
);

/** The scan types a user follows: their hits that fit the user's risk tolerance become opportunity alerts. */
export const followedScans = pgTable(
  'followed_scans',
  {
    userId: userId(),
    scanType: text('scan_type').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.scanType] }),
    index('followed_scans_type_idx').on(table.scanType),
  ],
);
