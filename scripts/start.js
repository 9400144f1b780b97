// `npm start`: builds the PWA when dist/ is missing or older than its sources, and bundles the server when
// build/server/ is (scripts/build-server.js), then runs the compiled server, plain JavaScript (embedded
// PGlite database and simulated market unless configured otherwise; see README).
import { spawn } from 'node:child_process';
import { buildServer, serverBuildIsStale, serverEntry } from './build-server.js';
import { buildIfStale } from './buildIfStale.js';

const root = new URL('..', import.meta.url).pathname;

const status = buildIfStale();
if (status !== 0) process.exit(status);
if (serverBuildIsStale()) {
  console.log('Bundling the server (build/server/ is missing or out of date)…');
  await buildServer();
}

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
