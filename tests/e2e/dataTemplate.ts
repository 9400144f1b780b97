import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../server/db/client';
import { templateKey } from '../integration/pgliteTemplate';

/**
 * Gives a new server data directory a migrated, empty PGlite database copied from a template made once per set of
 * migrations (in the temp folder), instead of each server running initdb (about 2 s) and every migration on its
 * first start. The template is made in a directory of its own and renamed into place, so servers starting
 * together never copy half of one.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const template = join(tmpdir(), `pglite-disk-template-${templateKey()}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(join(tmpdir(), 'pglite-disk-template-building-'));
    const handle = await createDatabase({ dataDir: building, databaseUrl: undefined }, console);
    await handle.close();
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another suite renamed its copy first
    }
  }
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}
