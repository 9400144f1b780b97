/**
 * createDatabase applies the pending migrations on a new or an older database, and on an up-to-date one finds that
 * out with one query instead of running Drizzle's migrator (a cold start's saving, server/db/client.ts). On
 * PostgreSQL the skip is observed: an up-to-date start does not wait for the migration lock held elsewhere. On
 * PGlite (one connection, no lock to observe) these tests check the outcome only; the skip's saving is measured by
 * the cold start bench (bench/coldStart.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, MIGRATION_LOCK_KEY, PGLITE_SHARED_BUFFERS, type DatabaseHandle } from '../../server/db/client';
import { createScratchDatabase } from './scratchDatabase';

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const silent = { error: () => undefined };
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The migrations folder as it was `count` migrations ago (the journal cut after its first entries). */
function olderMigrations(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'older-migrations-'));
  temporary.push(dir);
  cpSync(migrations, dir, { recursive: true });
  const cut = { ...journal, entries: journal.entries.slice(0, journal.entries.length - count) };
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(cut));
  return dir;
}

async function applied(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
  return (Array.isArray(result) ? result : (result as { rows: { hash: string }[] }).rows).map((row) => row.hash);
}

/** 0021 (one of the two cut below) added daily_equity.account. */
async function hasNewestSchema(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute<{ found: number }>(
    "select count(*)::int as found from information_schema.columns where table_name = 'daily_equity' and column_name = 'account'",
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { found: number }[] }).rows;
  return rows[0]?.found === 1;
}

/** PostgreSQL's shared_buffers setting as the database reports it ('32MB'). */
async function sharedBuffers(handle: DatabaseHandle): Promise<string | undefined> {
  const result = await handle.db.execute<{ shared_buffers: string }>('show shared_buffers');
  const rows = Array.isArray(result) ? result : (result as { rows: { shared_buffers: string }[] }).rows;
  return rows[0]?.shared_buffers;
}

describe('migrations when the server starts', { timeout: 120_000 }, () => {
  it('on PGlite: all on a new database, the missing ones on an older one, none on an up-to-date one', async () => {
    const older = new PGlite();
    await migratePglite(drizzlePglite({ client: older }), { migrationsFolder: olderMigrations(2) });
    const template = (await older.dumpDataDir('none')) as Blob;
    await older.close();

    const fresh = await createDatabase({ dataDir: 'memory://', databaseUrl: undefined }, silent);
    const upgraded = await createDatabase({ dataDir: 'memory://', databaseUrl: undefined }, silent, {
      pgliteTemplate: template,
    });
    try {
      expect(await applied(fresh)).toHaveLength(journal.entries.length);
      expect(await applied(upgraded)).toEqual(await applied(fresh));
      expect(await hasNewestSchema(upgraded)).toBe(true);
      // Started with the app's buffer cache, a new database and one loaded from a template alike.
      expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
      expect(await sharedBuffers(fresh)).toBe(PGLITE_SHARED_BUFFERS);
      expect(await sharedBuffers(upgraded)).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await fresh.close();
      await upgraded.close();
    }
  });

  it('on PGlite on disk: a restart opens the database as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrated-'));
    temporary.push(dataDir);
    const first = await createDatabase({ dataDir, databaseUrl: undefined }, silent);
    const hashes = await applied(first);
    await first.close();
    const second = await createDatabase({ dataDir, databaseUrl: undefined }, silent);
    try {
      expect(await applied(second)).toEqual(hashes);
      expect(hashes).toHaveLength(journal.entries.length);
      expect(await sharedBuffers(second)).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await second.close();
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)('on PostgreSQL: the missing ones on an older database, none on an up-to-date one', async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'migrations_on_start');
    try {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: olderMigrations(2) });
      await client.end();
      const config = { dataDir: 'memory://', databaseUrl: scratch.url };
      const upgraded = await createDatabase(config, silent);
      const hashes = await applied(upgraded);
      expect(hashes).toHaveLength(journal.entries.length);
      expect(await hasNewestSchema(upgraded)).toBe(true);
      await upgraded.close();
      // Up to date: the start skips the migrator, so it does not wait for the migration lock another connection
      // holds now (with the migrator run, this start would wait for it, and the test time out).
      const holder = new pg.Client({ connectionString: scratch.url });
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK_KEY]);
        const again = await createDatabase(config, silent);
        expect(await applied(again)).toEqual(hashes);
        await again.close();
      } finally {
        await holder.end();
      }
    } finally {
      await scratch.drop();
    }
  });
});
