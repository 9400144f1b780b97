import type pg from 'pg';
import type { drizzle } from 'drizzle-orm/node-postgres';

/** pg and Drizzle's node-postgres driver. */
export interface PostgresModules {
  pg: typeof pg;
  drizzle: typeof drizzle;
}

let loading: Promise<PostgresModules> | undefined;

/**
 * pg and Drizzle's node-postgres, loaded on first use by what runs only on PostgreSQL (the database's pool, the
 * leader election's connection, the paper broker's queued transactions): no module imports them statically, so a
 * server on PGlite never loads them. One load for all of them; a failed load is tried again by the next call.
 */
export function loadPostgresModules(): Promise<PostgresModules> {
  loading ??= Promise.all([import('pg'), import('drizzle-orm/node-postgres')]).then(
    ([{ default: pgModule }, { drizzle: drizzlePostgres }]) => ({ pg: pgModule, drizzle: drizzlePostgres }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
