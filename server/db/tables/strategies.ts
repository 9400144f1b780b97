import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import { createdAt, id, timestamptz, updatedAt } from '../columns';
import { userId } from '../userColumns';

/**
 * A user's trading strategies (spec §3 TradingStrategy). `code` is the canonical JSON of the strategy's definition
 * (src/domain/strategies), null for a strategy the assistant created by name only. The latest backtest's metrics
 * and date range are stored with it (null until one ran: performance is never invented).
 */
export const strategies = pgTable(
  'strategies',
  {
    id: id(),
    userId: userId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('custom'),
    isActive: boolean('is_active').notNull().default(false),
    code: text('code'),
    templateId: text('template_id'),
    parameters: jsonb('parameters').$type<Record<string, number>>(),
    version: integer('version').notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    riskLevel: text('risk_level').notNull().default('medium'),
    timeHorizon: text('time_horizon').notNull().default('medium'),
    assetClasses: text('asset_classes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    marketConditions: text('market_conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backtestMetrics: jsonb('backtest_metrics').$type<BacktestMetrics>(),
    backtestFrom: timestamptz('backtest_from'),
    backtestTo: timestamptz('backtest_to'),
    backtestedAt: timestamptz('backtested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('strategies_user_name_unique').on(table.userId, sql`lower(${table.name})`),
    check('strategies_name_check', sql`length(${table.name}) between 1 and 60`),
  ],
);

/**
 * Every definition a strategy had (issue 13 points 5 and 8: the old version stays readable): one row per version,
 * written in the transaction that creates the strategy or changes its definition; deleted with the strategy.
 */
export const strategyVersions = pgTable(
  'strategy_versions',
  {
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    userId: userId(),
    version: integer('version').notNull(),
    code: text('code').notNull(),
    templateId: text('template_id'),
    parameters: jsonb('parameters').$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.strategyId, table.version] })],
);
