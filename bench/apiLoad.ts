/** The load of bench/api.ts and bench/apiBuilds.ts: autocannon slices with per-request latencies, and /proc CPU time. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { parseProcStat, TICK_MS } from '../scripts/perf/processCpu.js';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (Linux, 100 ticks a second), or one
 * of its threads' from /proc/<pid>/task/<thread>/stat; NaN where that cannot be read.
 */
export function cpuMs(pid: number | undefined, thread?: number): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    return (parseProcStat(stat)?.ticks ?? Number.NaN) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Load {
  /** The server process, whose CPU time the slice measures. */
  pid?: number;
  url: string;
  token: string;
  query: string;
  connections: number;
  seconds?: number;
  /** Total requests instead of a duration. */
  amount?: number;
}

export async function load({ pid, url, token, query, connections, seconds, amount }: Load) {
  const latencies: number[] = [];
  const cpuBefore = cpuMs(pid);
  let done: (error: unknown, result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = (error, result) => (error ? reject(error as Error) : resolve(result));
  });
  const options: autocannon.Options = {
    url,
    method: 'POST',
    connections,
    ...(amount ? { amount } : { duration: seconds ?? 1 }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    timeout: 30,
  };
  const instance = autocannon(options, (error, result) => done(error, result));
  let failures = 0;
  // autocannon emits (client, statusCode, bytes, ms); its typings leave out the client.
  instance.on('response', ((_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else failures++;
  }) as never);
  const result = await finished;
  return {
    /** CPU ms the server used during the slice. */
    cpu: cpuMs(pid) - cpuBefore,
    latencies,
    requests: latencies.length,
    seconds: result.duration,
    failures: failures + result.errors + result.timeouts,
  };
}

/** One request answered with data and no errors, or the bench stops: a fast error is no result. */
export async function checkAnswers(url: string, token: string, query: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data) throw new Error(`${url} answered ${JSON.stringify(body)}`);
}
