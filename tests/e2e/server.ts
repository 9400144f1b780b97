// Starts the real production server (built PWA + API) on a free loopback port for browser tests.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverBuildIsStale, serverEntry } from '../../scripts/build-server.js';
import { startServerProcess } from '../fixtures/serverProcess';
import { seedDataDir } from './dataTemplate';

export { freePort } from '../fixtures/serverProcess';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A temporary data directory, with a migrated PGlite database unless the server is to use PostgreSQL. */
async function newDataDir(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  if (!env.DATABASE_URL) await seedDataDir(dataDir);
  return dataDir;
}

/** Where to listen and keep data, for a test that restarts the server (e.g. to serve a new build). */
export interface ServerPlacement {
  /** Listen on this port instead of a free one. */
  port?: number;
  /** Use this data directory; the caller owns it (stop() leaves it in place). */
  dataDir?: string;
}

/**
 * Runs the compiled server as `npm start` does (`node build/server/main.js`, bundled first when missing or older
 * than its sources) against `dist/`, with its own temporary data directory (unless `placement` names one).
 */
export async function startServer(
  env: Record<string, string> = {},
  placement: ServerPlacement = {},
): Promise<RunningServer> {
  const staticDir = env.STATIC_DIR ?? process.env.E2E_STATIC_DIR ?? join(root, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/index.html is missing: run \`npm run build\` first (npm test does).`);
  }
  if (serverBuildIsStale()) await buildServer();
  const dataDir = placement.dataDir ?? (await newDataDir(env));
  const server = await startServerProcess({
    args: [serverEntry],
    cwd: root,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, STATIC_DIR: staticDir, ...env },
    label: 'e2e server',
    host: 'localhost',
    port: placement.port,
    pollMs: 50,
    timeoutMs: 60_000,
    keepStdout: true,
  }).catch((error: unknown) => {
    if (!placement.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.stop();
      if (!placement.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
