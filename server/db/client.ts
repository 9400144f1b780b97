import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Logger } from 'pino';
import { IN_MEMORY_DATA_DIR, type Config } from '../config';
import * as schema from './schema';
import { loadPostgresModules } from './pgModules';

/** The Drizzle database, whichever driver is behind it: services are written against this type only. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (the same query API as the database). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction. */
export type Queryable = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /**
   * The PostgreSQL pool under `db` (null on PGlite): the paper broker runs its transactions on its connections
   * (server/services/trading/queuedTransaction.ts).
   */
  pool: pg.Pool | null;
  /** Closes the connection (PGlite) or the pool (PostgreSQL). */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface CreateDatabaseOptions {
  /**
   * An in-memory PGlite starts from this data directory (a `dumpDataDir()` tarball) instead of an empty one:
   * creating a cluster costs about 2 s and loading one about 0.5 s, so the test suites start each in-memory
   * database from one migrated template (tests/integration/pgliteTemplate.ts). Ignored on disk and on PostgreSQL.
   */
  pgliteTemplate?: Blob;
}

/**
 * Opens PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR/pglite
 * (or in memory), and applies the pending migrations from server/db/migrations.
 * PGlite keeps its default (synchronous) durability: a confirmed write is on disk.
 */
export async function createDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  log: Pick<Logger, 'error'>,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    // Loaded only on PostgreSQL (./pgModules): a server on PGlite never loads pg.
    const { pg: pgModule, drizzle: drizzlePostgres } = await loadPostgresModules();
    // 10 connections (pg's default, chosen on purpose): on 2 cores the paper broker's orders over 100 accounts
    // (bench/engineAccounts.ts) cost the least CPU per order with 5–10 connections; with 20 or 40 PostgreSQL's backends
    // spend 15–50 % more CPU per order (more of them waiting on account locks and for the CPU).
    const pool = new pgModule.Pool({ connectionString: config.databaseUrl, max: 10 });
    // The error only (a pg error can carry its whole client, connection settings included).
    pool.on('error', (error) => log.error({ error: error.message }, 'idle PostgreSQL connection failed'));
    const db = drizzlePostgres({ client: pool, schema });
    const handle: DatabaseHandle = { db, driver: 'postgres', pool, close: () => pool.end() };
    await migrateOrClose(handle, async () => {
      if (!(await isMigrated(async (text) => (await pool.query(text)).rows))) await migrateExclusively(pool);
    });
    return handle;
  }

  const dataDir = pgliteDataDir(config.dataDir);
  const template = dataDir === IN_MEMORY_DATA_DIR ? options.pgliteTemplate : undefined;
  const client = new PGlite(dataDir, {
    pgliteWasmModule: await pgliteWasm(),
    startParams: PGLITE_START_PARAMS,
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client, schema });
  const handle: DatabaseHandle = { db, driver: 'pglite', pool: null, close: () => client.close() };
  await migrateOrClose(handle, async () => {
    if (!(await isMigrated(async (text) => (await client.query(text)).rows))) {
      await migratePglite(db, { migrationsFolder });
    }
  });
  return handle;
}

/** The advisory lock migrations hold (two-int form): "pt" (paper trader), 2 = migrations (1 is the leader's). */
export const MIGRATION_LOCK_KEY: readonly [number, number] = [0x7074, 2];

/**
 * Applies the pending migrations while holding MIGRATION_LOCK_KEY on one connection: server processes starting
 * together on one database migrate one after the other (the next finds nothing left to apply), instead of racing
 * on the same CREATE statements.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Whether the database has every migration of the journal already, read with one query (an existing database's
 * start, usually): Drizzle's migrator reads and hashes every migration file and sends DDL to find out, some
 * 50–90 ms of a cold start's CPU on PGlite. Like the migrator, it counts a migration as applied when the newest
 * applied one is not older than it; anything else (no migrations table yet, an older database) runs the migrator.
 */
async function isMigrated(query: (text: string) => Promise<unknown[]>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const [row] = (await query(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    )) as { created_at?: unknown }[];
    return Number(row?.created_at) >= newest;
  } catch {
    return false; // no migrations table: a new database
  }
}

/**
 * PostgreSQL's buffer cache in PGlite: 32 MB (4,096 pages) instead of PostgreSQL's default 128 MB. PGlite sets the
 * whole cache up in its WebAssembly memory when it starts, some 4.5 ms per MB on the 2-core test machine: an
 * existing database opened in about 1.0 s with 128 MB and 0.55 s with 32 MB (CPU 1.3 -> 0.8 s; resident memory
 * after opening 371 -> 253 MB). One trader's database (orders, trades, the ledger, daily equity, reports) fits in
 * it; pages it does not hold are read from the data directory's files through the operating system's cache. The
 * paper engine and analytics benches are unchanged by it (`npm run bench -- engine`, `analytics`); the server's
 * cold start is 0.77x as long (`coldstart`).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

let compiledPglite: Promise<WebAssembly.Module> | undefined;

/**
 * V8's budget for tiering a WebAssembly function up from Liftoff (its baseline code) to TurboFan, ten times its
 * default (1,800,000, about the bytes executed). PostgreSQL's start in PGlite runs much of its code a few times
 * (reading the catalogs, the first queries); with the default budget V8 optimises hundreds of those functions on
 * its background threads during a cold start, about 0.6 s of CPU spent while the same two cores open the database
 * and load the server (bench/coldStart.ts). Functions that stay hot while serving still reach TurboFan, later.
 * Read when a module is compiled and instantiated: set before the first PGlite of the process starts. The flag is
 * process-wide: it applies to every WebAssembly the process compiles afterwards (undici's HTTP parser included).
 * Steady-state query speed was checked only roughly (3,000 inserts and selects: within noise).
 */
const WASM_TIERING_BUDGET = 18_000_000;

/**
 * PGlite's WebAssembly (9 MB), read and compiled once per process. Started as soon as the database starts opening
 * (server/main.ts): V8 compiles it on background threads while the main thread loads the rest of the server, where
 * PGlite itself would start it only after a few asynchronous steps of its own start.
 */
function pgliteWasm(): Promise<WebAssembly.Module> {
  if (!compiledPglite) setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  const path = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
  // A failed compile is not kept: the next database opened in this process tries again.
  compiledPglite ??= WebAssembly.compile(readFileSync(path)).catch((error: unknown) => {
    compiledPglite = undefined;
    throw error;
  });
  return compiledPglite;
}

function pgliteDataDir(dataDir: string): string {
  if (dataDir === IN_MEMORY_DATA_DIR) return IN_MEMORY_DATA_DIR;
  const directory = join(resolve(dataDir), 'pglite');
  mkdirSync(directory, { recursive: true });
  return directory;
}

async function migrateOrClose(handle: DatabaseHandle, migrate: () => Promise<void>): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
}
