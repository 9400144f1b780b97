// Builds the PWA when dist/ is missing or older than its sources (`npm start` and the perf scripts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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

/** @param {string} staticDir @returns {boolean} whether `npm run build` must run before serving staticDir */
export function needsBuild(staticDir) {
  const built = join(staticDir, 'index.html');
  if (!existsSync(built)) return true;
  if (process.env.STATIC_DIR) return false;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newest(join(root, source)) > builtAt);
}

/**
 * Runs `npm run build` when staticDir (default: STATIC_DIR or dist/) is missing or stale.
 * @param {string} [staticDir] @returns {number} 0, or the failed build's exit status
 */
export function buildIfStale(staticDir = process.env.STATIC_DIR ?? join(root, 'dist')) {
  if (!needsBuild(staticDir)) return 0;
  console.log('Building the app (dist/ is missing or out of date)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
