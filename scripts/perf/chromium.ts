// Debian's Chromium for the perf scripts: headless, a persistent temporary profile (removed on close) and
// remote debugging on a port Chromium picks, read from its "DevTools listening on" line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningChromium {
  /** The remote debugging port. */
  port: number;
  close(): Promise<void>;
}

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-default-browser-check',
  '--no-first-run',
  '--mute-audio',
];

/** Starts Chromium (CHROME_PATH or /usr/bin/chromium); `timeZone` sets its TZ (the app's theme follows the clock). */
export async function launchChromium(options: { timeZone?: string } = {}): Promise<RunningChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'perf-chromium-'));
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group, so close() can stop Chromium's helper processes too (they write the profile).
      detached: true,
      env: { ...process.env, ...(options.timeZone ? { TZ: options.timeZone } : {}) },
    },
  );
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 30 s:\n${log}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${log}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      stopGroup(child.pid);
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        // A leftover temporary profile must not cost the measurements already taken.
        console.warn(`could not remove the Chromium profile ${profile}: ${(error as Error).message}`);
      }
    },
  };
}

/** Stops what is left of Chromium's process group (its helpers); nothing left is fine. */
function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** An Etc/GMT zone whose local hour now falls in the app's light (06–18) or dark theme. */
export function timeZoneForTheme(theme: 'light' | 'dark', now = new Date()): string {
  const wanted = theme === 'light' ? 12 : 0;
  // Etc/GMT+N is UTC−N (POSIX sign): local hour = UTC hour − N.
  const offset = ((((now.getUTCHours() - wanted + 12) % 24) + 24) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset)}`;
}
