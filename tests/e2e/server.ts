// Starts the real production server (built PWA + API) on a free loopback port for browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverBuildIsStale, serverEntry } from '../../scripts/build-server.js';
import { seedDataDir } from './dataTemplate';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy in 60 s:\n${output()}`);
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
  const port = placement.port ?? (await freePort());
  const dataDir = placement.dataDir ?? (await newDataDir(env));
  const url = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: 'localhost',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(url, child, () => log);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!placement.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
