import type { BacktestKind, BacktestStatus } from '../../db/tables/backtests';
import { backtestRuns } from '../../db/schema';
import type { StrategyBacktestModel } from '../strategies/manage';
import type { OptimisationSettings } from './optimiseInput';
import type { OptimisationReportModel } from './optimiseReport';

export type BacktestRunRow = typeof backtestRuns.$inferSelect;

/** A run whose heartbeat (`updated_at`) is older than this and which is not finished lost its server. */
export const HEARTBEAT_TIMEOUT_MS = 60_000;
/** Trades stored with a run's result (the first by entry time); `tradesTotal` counts them all. */
export const MAX_STORED_TRADES = 2_000;
export const INTERRUPTED = 'interrupted (server restarted)';

export const UNFINISHED: readonly BacktestStatus[] = ['QUEUED', 'RUNNING'];

export interface BacktestRunModel {
  id: string;
  kind: BacktestKind;
  strategyId: string | null;
  strategyVersion: number | null;
  status: BacktestStatus;
  progress: number;
  symbols: string[];
  from: string;
  to: string;
  initialCapital: number;
  commissionCents: number;
  slippageBps: number;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  result: StrategyBacktestModel | null;
  tradesTotal: number | null;
  /** An OPTIMISATION run's settings, and its report once DONE; null for a backtest. */
  optimisation: OptimisationSettings | null;
  report: OptimisationReportModel | null;
  /** The strategy version an optimisation's winner was saved as (applyOptimisation); null before. */
  appliedVersion: number | null;
}

/** Whether an unfinished run's process stopped beating (it then reads as FAILED). */
export function interrupted(row: Pick<BacktestRunRow, 'status' | 'updatedAt'>, now: Date): boolean {
  return UNFINISHED.includes(row.status) && now.getTime() - row.updatedAt.getTime() > HEARTBEAT_TIMEOUT_MS;
}

export function toRunModel(row: BacktestRunRow, now: Date): BacktestRunModel {
  const lost = interrupted(row, now);
  const done = row.status === 'DONE';
  const optimising = row.kind === 'OPTIMISATION';
  return {
    id: row.id,
    kind: row.kind,
    strategyId: row.strategyId,
    strategyVersion: row.strategyVersion,
    status: lost ? 'FAILED' : row.status,
    progress: row.progress,
    symbols: row.symbols,
    from: row.from.toISOString(),
    to: row.to.toISOString(),
    initialCapital: row.initialCapital,
    commissionCents: row.commissionCents,
    slippageBps: row.slippageBps,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: lost ? INTERRUPTED : row.error,
    result: done && !optimising ? (row.result as unknown as StrategyBacktestModel | null) : null,
    tradesTotal: row.tradesTotal,
    optimisation: optimising ? (row.optimisation as unknown as OptimisationSettings) : null,
    report: done && optimising ? (row.result as unknown as OptimisationReportModel | null) : null,
    appliedVersion: row.appliedVersion,
  };
}
