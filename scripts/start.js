// `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the server
// (embedded PGlite database and simulated market unless configured otherwise; see README).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './buildIfStale.js';

const root = new URL('..', import.meta.url).pathname;

const status = buildIfStale();
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
