// One version string for the client bundle, the service worker, the query-cache buster and /api/health.
// APP_VERSION overrides; otherwise package.json's version plus a build stamp (UTC minute).
import { readFileSync } from 'node:fs';

/** @returns {string} */
export function appVersion() {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `${pkg.version}+${stamp}`;
}
