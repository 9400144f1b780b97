import type pg from 'pg';
import { loadPostgresModules } from '../../db/pgModules';

/**
 * Leader election for singleton work (issue 12 point 7): of the server processes sharing one PostgreSQL
 * database, exactly one holds a session-level advisory lock and runs the work only one process may do (the
 * simulated market's ticks or the Alpaca stream when shared, alert evaluation, order matching and expiry, the idempotency purge). The lock lives on a dedicated connection (a pooled one would hand the
 * session, and so the lock, to whatever query borrows it next); when that connection dies the database
 * releases the lock and another process takes it on its next attempt. On PGlite there is one process by
 * construction: it is always the leader.
 */
export interface LeaderElection {
  isLeader(): boolean;
  /** Calls `listener` on every change of leadership; returns the function that stops listening. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Makes the first attempt (resolved once it is settled, leader or not), then retries in the background. */
  start(): Promise<void>;
  /** Gives up leadership (the lock is released with its connection) and stops trying. */
  stop(): Promise<void>;
}

/** The advisory lock's key (two-int form, apart from any one-bigint key): "pt" (paper trader), 1 = leader. */
export const LEADER_LOCK_KEY: readonly [number, number] = [0x7074, 1];
/** Wait between two attempts while not leader, and between two checks of the connection while leader. */
export const LEADER_RETRY_MS = 2_000;

type Log = { info(object: unknown, message: string): void; warn(object: unknown, message: string): void };

function listenerSet() {
  const listeners = new Set<(leader: boolean) => void>();
  return {
    add(listener: (leader: boolean) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(leader: boolean) {
      for (const listener of listeners) listener(leader);
    },
  };
}

/** PGlite: one process, always the leader. */
export function alwaysLeader(): LeaderElection {
  const listeners = listenerSet();
  let leader = false;
  return {
    isLeader: () => leader,
    onChange: (listener) => listeners.add(listener),
    async start() {
      if (leader) return;
      leader = true;
      listeners.emit(true);
    },
    async stop() {
      if (!leader) return;
      leader = false;
      listeners.emit(false);
    },
  };
}

export interface AdvisoryLockElectionOptions {
  /** The database URL the app's pool uses: the lock is per database. */
  connectionString: string;
  log: Log;
  retryMs?: number;
  lockKey?: readonly [number, number];
}

/**
 * PostgreSQL: `pg_try_advisory_lock` on a dedicated connection, tried every `retryMs` while not leader. While
 * leader the connection is checked as often (`SELECT 1`, bounded by a timeout); an error on it, its end or a
 * failed check (the backend terminated, the database restarted, the network gone) ends leadership at once. A
 * leader that lost its connection stands down for one round (`retryMs`) before it opens a new one and tries
 * again: another process, whose connection still works, takes over first (otherwise whichever tried first after
 * the lock was freed won, often the one that had just lost it). Alone, it leads again a round later.
 */
export function createAdvisoryLockElection({
  connectionString,
  log,
  retryMs = LEADER_RETRY_MS,
  lockKey = LEADER_LOCK_KEY,
}: AdvisoryLockElectionOptions): LeaderElection {
  const listeners = listenerSet();
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let attempting: Promise<void> = Promise.resolve();
  /** Until when (Date.now()) a leader that lost its connection leaves the lock to the others. */
  let standDownUntil = 0;

  const setLeader = (next: boolean) => {
    if (next === leader) return;
    leader = next;
    log.info({ leader }, next ? 'leader: this process runs the singleton work' : 'leader: no longer leader');
    listeners.emit(next);
  };

  /** Forgets `dropped` (if still the current connection), and with it leadership. */
  const drop = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = undefined;
    if (leader) standDownUntil = Date.now() + retryMs;
    setLeader(false);
    dropped.end().catch(() => undefined);
  };

  const attempt = async () => {
    if (stopped) return;
    let current = client;
    if (!current && Date.now() < standDownUntil) return;
    try {
      if (!current) {
        // pg only here, on PostgreSQL (server/db/pgModules: a server on PGlite never loads it).
        const { pg: pgModule } = await loadPostgresModules();
        if (stopped) return;
        const opened = new pgModule.Client({
          connectionString,
          keepAlive: true,
          query_timeout: Math.max(retryMs, 1_000),
          connectionTimeoutMillis: 5_000,
          application_name: 'leader election',
        });
        opened.on('error', (error) => {
          log.warn({ err: error }, 'leader election: connection lost');
          drop(opened);
        });
        opened.on('end', () => drop(opened));
        client = current = opened;
        await opened.connect();
      }
      if (leader) {
        await current.query('SELECT 1');
        return;
      }
      const result = await current.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        ...lockKey,
      ]);
      if (result.rows[0]?.locked && client === current && !stopped) setLeader(true);
    } catch (error) {
      log.warn({ err: error }, 'leader election: attempt failed, retrying');
      if (current) drop(current);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      attempting = attempt().then(schedule);
    }, retryMs);
    timer.unref();
  };

  return {
    isLeader: () => leader,
    onChange: (listener) => listeners.add(listener),
    async start() {
      if (!stopped) return;
      stopped = false;
      attempting = attempt();
      await attempting;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempting;
      const current = client;
      client = undefined;
      setLeader(false);
      await current?.end().catch(() => undefined);
    },
  };
}

/** Work only the leader does: started when this process becomes leader, stopped when it stops being one. */
export interface SingletonWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Turns of the event loop handed out in order: the first caller's promise resolves after one turn (setImmediate),
 * the next one's a turn after that, and so on. Work that starts on its turn runs its synchronous part (on PGlite,
 * every query of a start that does no other I/O: the database runs on this thread) between two turns, and the
 * requests that arrived meanwhile are read and answered before the next work's turn, instead of after all of them.
 */
export function eventLoopTurns(): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => (last = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))));
}

/**
 * Runs `work` while `election` says this process leads, one transition at a time (a start finishes before the
 * stop that follows it begins). The returned `stop()` stops listening and stops the work if it runs. With `turn`
 * (eventLoopTurns(), shared by the works one election runs), each start first waits for its turn. With `name`, each
 * start is logged (debug: `leader work starting`, `{ work: name }`) just before it runs.
 */
export function runWhileLeader(
  election: Pick<LeaderElection, 'isLeader' | 'onChange'>,
  work: SingletonWork,
  log: { error(object: unknown, message: string): void; debug?(object: unknown, message: string): void },
  turn?: () => Promise<void>,
  name?: string,
) {
  let running = false;
  let transitions: Promise<void> = Promise.resolve();
  const apply = (leader: boolean) => {
    transitions = transitions.then(async () => {
      if (leader === running) return;
      running = leader;
      if (leader && turn) await turn();
      if (leader && name) log.debug?.({ work: name }, 'leader work starting');
      await (leader ? work.start() : work.stop()).catch((error: unknown) =>
        log.error({ err: error }, leader ? 'starting the singleton work failed' : 'stopping the singleton work failed'),
      );
    });
    return transitions;
  };
  const unlisten = election.onChange((leader) => void apply(leader));
  const started = apply(election.isLeader());
  return {
    /** Resolves once the work matches the leadership known when it was called. */
    settled: () => started.then(() => transitions),
    async stop() {
      unlisten();
      await apply(false);
    },
  };
}

/**
 * The singleton work: the market's source shared across processes (`market`: the simulated market's ticks, or the
 * one Alpaca stream), alert evaluation (with, across processes, a periodic reload of the watched symbols), the
 * paper broker's matching and expiry (`engine`), the strategy runner (`strategies`, which places orders through the
 * engine) and the idempotency purge. Started in that order, stopped in the reverse one.
 */
export function singletonWork({
  market,
  alerts,
  engine,
  strategies,
  purgeIdempotencyKeys,
  refreshEveryMs,
}: {
  market?: SingletonWork;
  alerts: { start(): Promise<void>; stop(): void; refreshWatched(): Promise<void> };
  engine: SingletonWork;
  strategies: SingletonWork & { refresh(): Promise<void> };
  purgeIdempotencyKeys: () => { stop(): Promise<void> };
  /**
   * Reads what other processes changed this often (milliseconds): the watched alerts and the active strategies, for
   * when notices do not travel between processes (PostgreSQL without Redis); none: notices only.
   */
  refreshEveryMs?: number;
}): SingletonWork {
  let purge: { stop(): Promise<void> } | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  return {
    async start() {
      await market?.start();
      await alerts.start();
      await engine.start();
      await strategies.start();
      purge = purgeIdempotencyKeys();
      if (refreshEveryMs) {
        refreshTimer = setInterval(
          () => void Promise.all([alerts.refreshWatched(), strategies.refresh()]),
          refreshEveryMs,
        );
        refreshTimer.unref();
      }
    },
    async stop() {
      clearInterval(refreshTimer);
      await purge?.stop();
      purge = undefined;
      await strategies.stop();
      await engine.stop();
      alerts.stop();
      await market?.stop();
    },
  };
}
