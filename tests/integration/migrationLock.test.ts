/**
 * Server processes starting together on one empty PostgreSQL database (a deployment of several, issue 12 point 7):
 * their migrations run one after the other under an advisory lock (server/db/client.ts), so every process opens the
 * database instead of one failing on a CREATE the other already made.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/client';
import { createScratchDatabase } from './scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;
const silent = { error: () => undefined };

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('apply once when three processes open an empty database at the same time', async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'migration_lock');
    drops.push(scratch.drop);
    const config = { dataDir: 'memory://', databaseUrl: scratch.url };
    const results = await Promise.allSettled([0, 1, 2].map(() => createDatabase(config, silent)));
    const handles = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const applied = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      await client.end();
      const journal = JSON.parse(
        readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as {
        entries: unknown[];
      };
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
