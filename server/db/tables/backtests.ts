import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from '../columns';
import { userId } from '../userColumns';
import { strategies } from './strategies';

/** A run's state: QUEUED (stored, bars being read), RUNNING, then DONE, FAILED or CANCELLED. */
export const BACKTEST_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];
/** What a run does: one backtest, or a walk-forward parameter optimisation of the same input. */
export const BACKTEST_KINDS = ['BACKTEST', 'OPTIMISATION'] as const;
export type BacktestKind = (typeof BACKTEST_KINDS)[number];

/**
 * Backtest runs (server/services/backtests): the input as it was run (the definition's canonical JSON, so a later
 * edit of the strategy does not change what a run means), its progress (0–1, written by the process running it,
 * whose writes also refresh `updated_at`: the heartbeat) and, once DONE, its result as the API answers it
 * (`result`: metrics, benchmark metrics, curves and at most the first stored trades; `trades_total` counts them all).
 * A run of a strategy is deleted with it; a run of inline code has no strategy.
 *
 * An OPTIMISATION run (server/services/backtests/optimise*.ts) shares the machinery (limits, progress, heartbeat,
 * cancel) and the input columns; `optimisation` holds its settings (method, parameter ranges, walk-forward windows,
 * objective), `result` its report, and `applied_version` the strategy version its winner was saved as.
 */
export const backtestRuns = pgTable(
  'backtest_runs',
  {
    id: id(),
    userId: userId(),
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'cascade' }),
    strategyVersion: integer('strategy_version'),
    kind: text('kind').$type<BacktestKind>().notNull().default('BACKTEST'),
    status: text('status').$type<BacktestStatus>().notNull().default('QUEUED'),
    progress: doublePrecision('progress').notNull().default(0),
    symbols: text('symbols').array().notNull(),
    from: timestamptz('from_time').notNull(),
    to: timestamptz('to_time').notNull(),
    initialCapital: doublePrecision('initial_capital').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    slippageBps: integer('slippage_bps').notNull(),
    definition: text('definition').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    tradesTotal: integer('trades_total'),
    optimisation: jsonb('optimisation').$type<Record<string, unknown>>(),
    appliedVersion: integer('applied_version'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('backtest_runs_user_created').on(table.userId, table.createdAt.desc()),
    index('backtest_runs_strategy_created').on(table.strategyId, table.createdAt.desc()),
    check('backtest_runs_status_check', sql`${table.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')`),
    check('backtest_runs_kind_check', sql`${table.kind} in ('BACKTEST', 'OPTIMISATION')`),
    check('backtest_runs_progress_check', sql`${table.progress} between 0 and 1`),
  ],
);
