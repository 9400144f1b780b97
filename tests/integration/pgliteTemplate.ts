import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { IN_MEMORY_DATA_DIR } from '../../server/config';
import { createDatabase } from '../../server/db/client';

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const pgliteVersion = (
  JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as {
    version: string;
  }
).version;

/** Changes with any migration (or PGlite itself), so a stale template is never loaded. */
export function templateKey(): string {
  const hash = createHash('sha256').update(pgliteVersion);
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let loading: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory for the in-memory test databases (createDatabase's `pgliteTemplate`):
 * made once per set of migrations and kept in the temp folder, so each suite's database loads in about 0.5 s
 * instead of running initdb (about 2 s) and every migration. The file is written under a temporary name and
 * renamed, so suites starting together never read half of it.
 */
export function pgliteTemplate(): Promise<Blob> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Blob> {
  const path = join(tmpdir(), `pglite-template-${templateKey()}.tar`);
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const handle = await createDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: undefined }, console);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const partial = `${path}.${process.pid}.${Date.now()}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
  return dump;
}
