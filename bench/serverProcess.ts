/**
 * A build of the server run as a child process for the benches (bench/coldStart.ts, bench/apiBuilds.ts): `node`
 * with the given arguments on a free loopback port, GET /api/health polled until its first 200, and a stop that
 * ends it (SIGTERM, then SIGKILL after 10 s). A server that exits or gives no healthy answer in time is stopped and
 * the start throws, with what it wrote on stderr when it exited: none is left running behind a bench.
 */
import { spawn } from 'node:child_process';
import { freePort } from '../tests/e2e/server';

export interface ServerProcessOptions {
  /** node's arguments: the entry (`build/server/main.js`), with any flags before it (`--import tsx`). */
  args: string[];
  cwd: string;
  /** The server's environment on top of this process's; HOST (127.0.0.1) and PORT are set here. */
  env: Record<string, string>;
  /** Names the server in errors. */
  label: string;
  /** Between two health requests; default 20 ms. */
  pollMs?: number;
  /** Until the start is given up; default 120 s. */
  timeoutMs?: number;
}

export interface ServerProcess {
  pid: number | undefined;
  port: number;
  /** Milliseconds from the spawn to the first 200 from /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns the server and resolves once /api/health answered 200; stop() ends it. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { args, cwd, env, label, pollMs = 20, timeoutMs = 120_000 } = options;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > timeoutMs) throw new Error(`${label}: no healthy answer in ${timeoutMs} ms`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return { pid: child.pid, port, startMs: performance.now() - started, stop };
      await new Promise((done) => setTimeout(done, pollMs));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
