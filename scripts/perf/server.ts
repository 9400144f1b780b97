// The production server for the perf scripts: builds dist/ when stale (or serves STATIC_DIR as it is), on a free
// port with an in-memory database and a market that never closes (ticks flow during the measurement, as on a
// trading day).
import { buildIfStale } from '../buildIfStale.js';
import { startServer, type RunningServer } from '../../tests/e2e/server';

export async function startPerfServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const status = buildIfStale();
  if (status !== 0) throw new Error(`npm run build failed (${status})`);
  const staticDir = process.env.STATIC_DIR;
  return startServer({
    DATA_DIR: 'memory://',
    MARKET_HOURS: 'always',
    ...(staticDir ? { STATIC_DIR: staticDir } : {}),
    ...env,
  });
}
