/**
 * Backtest and optimisation runs (issue 13 points 4 and 5, schema/backtests.graphql): `start` checks the input exactly
 * as evolveStrategy does (the strategies service's `prepareBacktest`: nothing is written for bad input), then the
 * per-user limits, then stores the run (QUEUED) and runs it on this process's worker pool (./execute.ts, ./pool.ts),
 * started at the first run. `startOptimisation` does the same with the optimisation settings checked too
 * (./optimiseInput.ts) and runs ./optimiseExecute.ts; `applyOptimisation` saves a winner as the strategy's next
 * version (./optimiseApply.ts). Every read and write is scoped to the user: another user's run is null (queries) or
 * NOT_FOUND (cancel, apply).
 *
 * Limits, checked in the transaction that inserts the run under a per-user lock (an advisory transaction lock on
 * PostgreSQL; PGlite runs one transaction at a time), so racing starts on any number of processes never pass more:
 * at most MAX_UNFINISHED_RUNS unfinished runs (a run whose heartbeat stopped does not count), and BACKTESTS_PER_HOUR
 * runs started per hour (counted from the rows, ../rateLimits.ts).
 */
import { and, desc, eq, inArray, is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { canonicalJson } from '../../../src/domain/strategies';
import type { RateLimitRule } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { backtestRuns } from '../../db/schema';
import { AppError, badUserInput, notFound } from '../errors';
import { withIdempotency, type MutationCall } from '../idempotency';
import { secondsUntilAllowed, tooManyRequests } from '../rateLimits';
import type { StrategyManager } from '../strategies/manage';
import { isUuid } from '../trading/ordersInput';
import type { BacktestKind } from '../../db/tables/backtests';
import { executeRun, type ExecuteDependencies } from './execute';
import { HEARTBEAT_TIMEOUT_MS, INTERRUPTED, toRunModel, UNFINISHED, type BacktestRunModel } from './model';
import { applyOptimisation, type ApplyDependencies } from './optimiseApply';
import { executeOptimisation } from './optimiseExecute';
import { OPTIMISATION_FIELDS, planOptimisation } from './optimiseInput';
import { createWorkerPool, type WorkerPool } from './pool';

export type { BacktestRunModel } from './model';

/** Unfinished runs one user may have at a time. */
export const MAX_UNFINISHED_RUNS = 2;
/** Most runs one `backtestRuns` answers. */
export const MAX_RUNS_PAGE = 50;
/** First key of the per-user backtest lock ('btst'): other advisory locks use other first keys. */
const BACKTEST_LOCK_SPACE = 0x62747374;

export interface BacktestServiceDependencies {
  db: Database;
  now: () => Date;
  log: ExecuteDependencies['log'];
  /** Worker threads of this process's pool (BACKTEST_WORKERS). */
  workers: number;
  rule: RateLimitRule;
  prepare: StrategyManager['prepareBacktest'];
  recordBacktest: StrategyManager['recordBacktest'];
  /** Most bar-evaluations one optimisation may run (OPTIMISATION_MAX_WORK). */
  maxOptimisationWork: number;
  strategy: ApplyDependencies['strategy'];
  updateStrategy: ApplyDependencies['updateStrategy'];
}

type PreparedBacktest = Awaited<ReturnType<StrategyManager['prepareBacktest']>>;

/** The stored input columns of a run of `prepared`. */
function inputColumns({ definition, row, symbols, barsBySymbol, options }: PreparedBacktest) {
  const times = [...barsBySymbol.values()].flatMap((bars) => [bars[0]!.time, bars.at(-1)!.time]);
  return {
    strategyId: row?.id ?? null,
    strategyVersion: row?.version ?? null,
    symbols,
    from: new Date(Math.min(...times)),
    to: new Date(Math.max(...times)),
    initialCapital: options.capital,
    commissionCents: options.commissionCents,
    slippageBps: options.slippageBps,
    definition: canonicalJson(definition),
  };
}

export function createBacktestService({
  db,
  now,
  log,
  workers,
  rule,
  prepare,
  recordBacktest,
  maxOptimisationWork,
  strategy,
  updateStrategy,
}: BacktestServiceDependencies) {
  const exclusive = is(db, PgliteDatabase);
  let pool: WorkerPool | undefined;
  /** This process's runs in progress, by id. */
  const running = new Map<string, Promise<void>>();
  const own = (userId: string, id: string) => and(eq(backtestRuns.id, id), eq(backtestRuns.userId, userId));

  const readOwn = async (userId: string, id: string) => {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(backtestRuns).where(own(userId, id));
    return row;
  };

  async function assertAllowed(tx: Transaction, userId: string) {
    if (!exclusive)
      await tx.execute(sql`select pg_advisory_xact_lock(${BACKTEST_LOCK_SPACE}::int4, hashtext(${userId}))`);
    const at = now();
    const live = await tx
      .select({ id: backtestRuns.id })
      .from(backtestRuns)
      .where(
        and(
          eq(backtestRuns.userId, userId),
          inArray(backtestRuns.status, [...UNFINISHED]),
          sql`${backtestRuns.updatedAt} > ${new Date(at.getTime() - HEARTBEAT_TIMEOUT_MS).toISOString()}::timestamptz`,
        ),
      );
    if (live.length >= MAX_UNFINISHED_RUNS) {
      throw new AppError(
        'too_many_requests',
        `You already have ${MAX_UNFINISHED_RUNS} backtests running. Wait for one to finish or cancel it.`,
        { retryAfter: 1 },
      );
    }
    const where = eq(backtestRuns.userId, userId);
    const rows = { table: backtestRuns, where, createdAt: backtestRuns.createdAt, newestFirst: backtestRuns.createdAt };
    const wait = await secondsUntilAllowed(tx, rows, rule, at);
    if (wait > 0) throw tooManyRequests('backtests', wait);
  }

  /** Stores a run (after the limits) and starts `execute` on this process's pool; answers the stored run. */
  async function launch(
    call: MutationCall,
    operation: string,
    columns: ReturnType<typeof inputColumns> & { kind?: BacktestKind; optimisation?: Record<string, unknown> },
    execute: (id: string, pool: WorkerPool) => Promise<void>,
  ): Promise<BacktestRunModel> {
    let fresh = false;
    const id = await withIdempotency(db, { userId: call.userId, key: call.idempotencyKey, operation }, async (tx) => {
      await assertAllowed(tx, call.userId);
      const at = now();
      const [inserted] = await tx
        .insert(backtestRuns)
        .values({ ...columns, userId: call.userId, createdAt: at, updatedAt: at })
        .returning({ id: backtestRuns.id });
      fresh = true;
      return inserted!.id;
    });
    if (fresh) {
      pool ??= createWorkerPool(workers);
      running.set(
        id,
        execute(id, pool).finally(() => running.delete(id)),
      );
    }
    const stored = await readOwn(call.userId, id);
    if (!stored) throw notFound('Backtest run');
    return toRunModel(stored, now());
  }

  return {
    /** Checks the input and the limits, stores the run and starts it; answers the stored run. */
    async start(call: MutationCall, input: Record<string, unknown>): Promise<BacktestRunModel> {
      const prepared = await prepare(call.userId, input);
      return launch(call, 'startBacktest', inputColumns(prepared), (id, on) =>
        executeRun({ db, pool: on, now, log, recordBacktest }, id, call.userId, prepared),
      );
    },

    /** Checks the backtest part and the optimisation settings, then stores and starts an optimisation run. */
    async startOptimisation(call: MutationCall, input: Record<string, unknown>): Promise<BacktestRunModel> {
      const settings = Object.fromEntries(Object.entries(input).filter(([key]) => OPTIMISATION_FIELDS.includes(key)));
      const backtest = Object.fromEntries(Object.entries(input).filter(([key]) => !OPTIMISATION_FIELDS.includes(key)));
      const prepared = await prepare(call.userId, backtest);
      const plan = planOptimisation(prepared, settings, maxOptimisationWork);
      const columns = { ...inputColumns(prepared), kind: 'OPTIMISATION' as const, optimisation: { ...plan.settings } };
      return launch(call, 'startOptimisation', columns, (id, on) =>
        executeOptimisation({ db, pool: on, now, log }, id, plan),
      );
    },

    /** Saves a DONE optimisation's winner as its strategy's next version (./optimiseApply.ts). */
    apply(call: MutationCall, id: string) {
      return applyOptimisation({ db, readOwn, strategy, updateStrategy }, call, id);
    },

    /** Cancels an unfinished run (its tasks on this process stop at once; on another, at its next progress write). */
    async cancel(call: MutationCall, id: string): Promise<BacktestRunModel> {
      if (!(await readOwn(call.userId, id))) throw notFound('Backtest run');
      await withIdempotency(
        db,
        { userId: call.userId, key: call.idempotencyKey, operation: 'cancelBacktest' },
        (tx) => {
          const at = now();
          return tx
            .update(backtestRuns)
            .set({ status: 'CANCELLED', updatedAt: at, finishedAt: at })
            .where(and(own(call.userId, id), inArray(backtestRuns.status, [...UNFINISHED])))
            .returning({ id: backtestRuns.id })
            .then((rows) => rows.length);
        },
      );
      pool?.cancel(id);
      const row = await readOwn(call.userId, id);
      if (!row) throw notFound('Backtest run');
      return toRunModel(row, now());
    },

    /** The user's run, or null (also for another user's id). */
    async run(userId: string, id: string): Promise<BacktestRunModel | null> {
      const row = await readOwn(userId, id);
      return row ? toRunModel(row, now()) : null;
    },

    /** The user's runs of one kind (BACKTEST by default) newest first, of one strategy when `strategyId` is given. */
    async runs(
      userId: string,
      { strategyId, limit, kind }: { strategyId?: string | null; limit?: number | null; kind?: BacktestKind | null },
    ): Promise<BacktestRunModel[]> {
      const count = limit ?? 20;
      if (!Number.isInteger(count) || count < 1 || count > MAX_RUNS_PAGE) {
        throw badUserInput(`limit: must be a whole number from 1 to ${MAX_RUNS_PAGE}`);
      }
      if (strategyId != null && !isUuid(strategyId)) return [];
      const rows = await db
        .select()
        .from(backtestRuns)
        .where(
          and(
            eq(backtestRuns.userId, userId),
            eq(backtestRuns.kind, kind ?? 'BACKTEST'),
            strategyId != null ? eq(backtestRuns.strategyId, strategyId) : undefined,
          ),
        )
        .orderBy(desc(backtestRuns.createdAt), desc(backtestRuns.id))
        .limit(count);
      const at = now();
      return rows.map((row) => toRunModel(row, at));
    },

    /** Server shutdown: this process's unfinished runs become FAILED (interrupted), then its workers stop. */
    async stop() {
      if (!pool) return;
      const stopping = pool;
      pool = undefined;
      const ids = [...running.keys()];
      if (ids.length > 0) {
        const at = now();
        await db
          .update(backtestRuns)
          .set({ status: 'FAILED', error: INTERRUPTED, updatedAt: at, finishedAt: at })
          .where(and(inArray(backtestRuns.id, ids), inArray(backtestRuns.status, [...UNFINISHED])))
          .catch((error: unknown) => log.warn({ err: error }, 'interrupted backtest runs not marked'));
      }
      await stopping.stop();
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type BacktestService = ReturnType<typeof createBacktestService>;
