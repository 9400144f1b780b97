import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type ServerPlacement } from './server';

export interface E2eSuite {
  /** Set before the file's tests run (beforeAll). */
  server: RunningServer;
  browser: Browser;
  /** Where the file's screenshots go: E2E_SCREENSHOT_DIR, else /tmp/e2e-screens/<area>. */
  screenshotDir: string;
}

/**
 * The one server (with `env`) and one browser of an e2e file, started together before its tests and stopped after
 * them, and its screenshot folder. Read `server` and `browser` inside hooks and tests, not at the file's top level.
 * `placement`: the server's port or data directory (a file that restarts it on its own data, e.g. to write history).
 */
export function e2eSuite(area: string, env: Record<string, string> = {}, placement: ServerPlacement = {}): E2eSuite {
  const suite = { screenshotDir: process.env.E2E_SCREENSHOT_DIR ?? `/tmp/e2e-screens/${area}` } as E2eSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(env, placement), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
