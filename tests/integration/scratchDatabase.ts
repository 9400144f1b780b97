import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database `<prefix>_<random>` created through the admin URL (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres); `drop` drops it again. Used by the integration suites and the benches.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
