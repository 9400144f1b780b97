import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale, serverEntry } from '../../scripts/build-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the server as `npm start` does: the compiled `build/server/main.js`, plain JavaScript. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      STATIC_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

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
    const deadline = Date.now() + 45_000;
    let address: string | undefined;
    while (!address && Date.now() < deadline) {
      address = /listening at (http:\/\/[^\s"]+)/i.exec(main.output().stdout)?.[1];
      if (!address) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(address, main.output().stderr).toBeDefined();
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    expect(main.output().stdout).toContain('shutting down');
  }, 60_000);
});
