import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

const versionFile = z.object({ version: z.string().min(1) });

/**
 * The app version: the built PWA's `version.json` (written by the build, so server and client agree),
 * else package.json's version (development without a build).
 */
export function readAppVersion(staticDir: string): string {
  const built = readJson(join(staticDir, 'version.json'));
  const parsed = versionFile.safeParse(built);
  if (parsed.success) return parsed.data.version;
  return versionFile.parse(readJson(new URL('../package.json', import.meta.url))).version;
}

function readJson(path: string | URL): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
