/**
 * The real server as a child process (server/main.ts through tsx, or the compiled build), for the suites that signal
 * or kill it: its output is collected, and `waitForListening` reads its address from the "listening at" log line.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/**
 * Runs `node <args>` in the repository root, in production mode on in-memory PGlite without static files; `env` goes
 * on top (nothing else of this process's environment but PATH is passed on).
 */
export function spawnServer(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, args, {
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

/** The address (http://host:port) the server logged it listens at; undefined if it exited or `timeoutMs` passed first. */
export async function waitForListening(server: ServerProcess, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  let address: string | undefined;
  while (!address && Date.now() < deadline && server.child.exitCode === null) {
    address = /listening at (http:\/\/[^\s"]+)/i.exec(server.output().stdout)?.[1];
    if (!address) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return address;
}

/**
 * server/main.ts through tsx on 127.0.0.1 and a free port, `env` on top; resolves once it listens (within 90 s,
 * else it is killed and this throws with its stderr).
 */
export async function startTsxServer(env: Record<string, string> = {}): Promise<ServerProcess & { address: string }> {
  const server = spawnServer(['--import', 'tsx', 'server/main.ts'], { PORT: '0', HOST: '127.0.0.1', ...env });
  const address = await waitForListening(server, 90_000);
  if (!address) {
    server.child.kill('SIGKILL');
    throw new Error(`server did not start: ${server.output().stderr}`);
  }
  return { ...server, address };
}
