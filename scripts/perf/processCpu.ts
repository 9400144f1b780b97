// CPU time of the processes a script started (Chromium's browser, renderer, GPU and utility processes), read from
// Linux's /proc: what a page costs beyond its main thread. A compositor animation or a canvas repainted every frame
// costs little on the main thread and a lot in the renderer's compositor and raster threads and in the GPU
// process, which on a phone is battery and on a 2-core test machine is the cores the main thread waits for.

import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat this reads. */
export interface ProcStat {
  pid: number;
  ppid: number;
  /** User plus system CPU time, in clock ticks. */
  ticks: number;
}

/**
 * Parses one /proc/<pid>/stat line. The command name (field 2) is in parentheses and may hold spaces and
 * parentheses itself, so the fields are counted from its last ')'. Null for a line that is not one.
 */
export function parseProcStat(line: string): ProcStat | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(line.slice(0, open).trim());
  // After ") ": state (3), ppid (4), ... utime (14), stime (15).
  const fields = line.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isFinite(ticks)) return null;
  return { pid, ppid, ticks };
}

/**
 * Chromium's process type from its command line (`--type=renderer`, ...); the browser process has none. Arguments
 * are NUL-separated as the kernel keeps them, or space-separated where Chromium rewrote its title (the processes
 * its zygote forks: renderers).
 */
export function chromiumProcessType(commandLine: string): string {
  return /(?:^|[\s\0])--type=([\w-]+)/.exec(commandLine)?.[1] ?? 'browser';
}

/** The pids of `root`'s descendants (not `root` itself) among `stats`. */
export function descendants(stats: readonly ProcStat[], root: number): number[] {
  const children = new Map<number, number[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** CPU time so far (ms) of each Chromium process below this one, by pid, with its type. */
export type ChromiumCpu = Map<number, { type: string; ms: number }>;

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
export const TICK_MS = 10;

function readAll(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat) stats.push(stat);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return stats;
}

/** The CPU time so far of the Chromium processes below `root` (this process); null where /proc is not there. */
export function chromiumCpu(root = process.pid): ChromiumCpu | null {
  let stats: ProcStat[];
  try {
    stats = readAll();
  } catch {
    return null;
  }
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const found: ChromiumCpu = new Map();
  for (const pid of descendants(stats, root)) {
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!commandLine.includes('chrom')) continue;
    found.set(pid, { type: chromiumProcessType(commandLine), ms: (byPid.get(pid)?.ticks ?? 0) * TICK_MS });
  }
  return found;
}

/**
 * Per process type, the share of one core (%) the processes used between two readings `windowMs` apart, and
 * `total`. A process started inside the window counts from zero; one that ended inside it is not counted.
 */
export function cpuShares(before: ChromiumCpu, after: ChromiumCpu, windowMs: number): Record<string, number> {
  const shares: Record<string, number> = { total: 0 };
  for (const [pid, { type, ms }] of after) {
    const share = ((ms - (before.get(pid)?.ms ?? 0)) / windowMs) * 100;
    shares[type] = (shares[type] ?? 0) + share;
    shares.total = (shares.total ?? 0) + share;
  }
  return shares;
}
