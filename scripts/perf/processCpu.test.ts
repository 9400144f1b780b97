import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chromiumCpu,
  chromiumProcessType,
  cpuShares,
  descendants,
  parseProcStat,
  type ChromiumCpu,
} from './processCpu';

/** A /proc/<pid>/stat line with `comm`, ppid and user/system ticks; the other fields as Linux writes them. */
const statLine = (pid: number, comm: string, ppid: number, utime: number, stime: number) =>
  `${pid} (${comm}) S ${ppid} ${pid} 14202 0 -1 4194304 126 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 1343655`;

describe('parseProcStat', () => {
  it('reads the pid, the parent and user plus system ticks', () => {
    expect(parseProcStat(statLine(4242, 'chromium', 17, 120, 30))).toEqual({ pid: 4242, ppid: 17, ticks: 150 });
  });

  it('counts the fields from the last parenthesis of a command name holding spaces and parentheses', () => {
    expect(parseProcStat(statLine(9, 'Web Content (x) )', 3, 5, 6))).toEqual({ pid: 9, ppid: 3, ticks: 11 });
  });

  it('rejects what is not a stat line', () => {
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('12 chromium S 1')).toBeNull();
  });
});

describe('chromiumProcessType', () => {
  it('reads --type from a command line; the browser process has none', () => {
    expect(chromiumProcessType('/usr/lib/chromium/chromium\0--type=renderer\0--lang=en')).toBe('renderer');
    expect(chromiumProcessType('/usr/lib/chromium/chromium\0--type=gpu-process\0')).toBe('gpu-process');
    expect(chromiumProcessType('/usr/lib/chromium/chromium\0--headless\0--no-sandbox')).toBe('browser');
    // A forked renderer's rewritten title: one string, arguments separated by spaces.
    expect(chromiumProcessType('/usr/lib/chromium/chromium --type=renderer --lang=en-US --num-raster-threads=1')).toBe(
      'renderer',
    );
    expect(chromiumProcessType('/usr/lib/chromium/chromium --no-first-run --utility-type=x')).toBe('browser');
  });
});

describe('descendants', () => {
  it('walks children and their children, not the root nor other trees', () => {
    const stats = [
      { pid: 10, ppid: 1, ticks: 0 },
      { pid: 11, ppid: 10, ticks: 0 },
      { pid: 12, ppid: 11, ticks: 0 },
      { pid: 13, ppid: 12, ticks: 0 },
      { pid: 20, ppid: 1, ticks: 0 },
    ];
    expect(descendants(stats, 10).sort()).toEqual([11, 12, 13]);
    expect(descendants(stats, 13)).toEqual([]);
  });
});

describe('cpuShares', () => {
  const reading = (entries: [number, string, number][]): ChromiumCpu =>
    new Map(entries.map(([pid, type, ms]) => [pid, { type, ms }]));

  it('gives each type its share of one core over the window, and the total', () => {
    const before = reading([
      [1, 'browser', 1000],
      [2, 'renderer', 500],
      [3, 'gpu-process', 200],
    ]);
    const after = reading([
      [1, 'browser', 1100],
      [2, 'renderer', 800],
      [3, 'gpu-process', 300],
      // Started inside the window: from zero.
      [4, 'renderer', 100],
    ]);
    expect(cpuShares(before, after, 10_000)).toEqual({ total: 6, browser: 1, renderer: 4, 'gpu-process': 1 });
  });

  it('leaves out a process that ended inside the window rather than counting it negative', () => {
    const before = reading([
      [1, 'browser', 1000],
      [5, 'utility', 900],
    ]);
    expect(cpuShares(before, reading([[1, 'browser', 1500]]), 1000)).toEqual({ total: 50, browser: 50 });
  });
});

describe('chromiumCpu', () => {
  it.runIf(existsSync('/proc/self/stat'))(
    'reads the CPU time of a Chromium-like child process by its type',
    async () => {
      // A child whose command line reads like a renderer's: it spends 300 ms of CPU, then waits.
      const child = spawn(
        process.execPath,
        [
          '-e',
          'while (process.cpuUsage().user < 300_000); setTimeout(() => {}, 20_000)',
          'chromium',
          '--type=renderer',
        ],
        { stdio: 'ignore' },
      );
      try {
        // Its 300 ms of CPU, as /proc counts them (10 ms ticks, user and system), once it has spent them.
        await expect
          .poll(() => chromiumCpu()?.get(child.pid!)?.ms ?? 0, { timeout: 15_000 })
          .toBeGreaterThanOrEqual(300);
        expect(chromiumCpu()?.get(child.pid!)?.type).toBe('renderer');
      } finally {
        child.kill();
      }
    },
  );
});
