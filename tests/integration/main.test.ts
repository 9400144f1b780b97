import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale, serverEntry } from '../../scripts/build-server.js';
import { spawnServer, waitForListening } from './serverProcess';

/** Runs the server as `npm start` does: the compiled `build/server/main.js`, plain JavaScript. */
const startMain = (env: Record<string, string>) => spawnServer([serverEntry], env);

describe('server/main.ts', () => {
  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
  }, 60_000);

  it('stops with exit code 1 and a one-line reason on a bad variable', async () => {
    const main = startMain({ PORT: 'abc' });
    expect(await main.exited).toBe(1);
    expect(main.output().stderr).toBe('Invalid PORT: expected an integer 0-65535, got "abc"\n');
  });

  it('logs "listening", serves, and exits 0 on SIGTERM', async () => {
    const main = startMain({ PORT: '0', HOST: '127.0.0.1' });
    const address = await waitForListening(main, 45_000);
    expect(address, main.output().stderr).toBeDefined();
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    expect(main.output().stdout).toContain('shutting down');
  }, 60_000);
});
