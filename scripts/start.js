// `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the server
// (embedded PGlite database and simulated market unless configured otherwise; see README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const staticDir = process.env.STATIC_DIR ?? join(root, 'dist');
const sources = [
  'src',
  'sw',
  'public',
  'schema',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package.json',
];

/** @param {string} path @returns {number} newest modification time below path */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function needsBuild() {
  const built = join(staticDir, 'index.html');
  if (!existsSync(built)) return true;
  if (process.env.STATIC_DIR) return false;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newest(join(root, source)) > builtAt);
}

if (needsBuild()) {
  console.log('Building the app (dist/ is missing or out of date)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
