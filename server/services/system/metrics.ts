import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cacheSizes } from '../cache';

/**
 * One sample of this process's figures (Memory monitoring, issue 16 point 7). Memory in bytes from
 * process.memoryUsage(); event-loop delay in milliseconds from a perf_hooks histogram that is reset after each
 * sample, so p50/p99 describe the interval since the previous one; the database's size from
 * pg_database_size(current_database()) (PostgreSQL and PGlite answer it alike; null when the query fails), which
 * walks the database's files, so it is measured at most every DATABASE_SIZE_EVERY_MS and the samples between
 * repeat it: a sample's databaseSize is at most that old.
 */
export interface ServerSample {
  /** Epoch milliseconds. */
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  eventLoopDelayP50: number;
  eventLoopDelayP99: number;
  /** Measured at most DATABASE_SIZE_EVERY_MS before `at` (see above). */
  databaseSize: number | null;
  /** Entries in each named in-process cache (server/services/cache.ts). */
  caches: { name: string; entries: number }[];
  /** graphql-ws subscriptions open on this process. */
  openSubscriptions: number;
  /** Open WebSocket connections. */
  openSockets: number;
}

export interface ServerSampleSources {
  db: Database;
  now: () => Date;
  openSubscriptions: () => number;
  openSockets: () => number;
}

/** How often the database's size is measured (each sample in between repeats the last measure). */
export const DATABASE_SIZE_EVERY_MS = 60_000;
/** The histogram's resolution: delays are measured to this many milliseconds. */
const EVENT_LOOP_RESOLUTION_MS = 10;
const NS_PER_MS = 1e6;

async function databaseSize(db: Database): Promise<number | null> {
  try {
    const result = (await db.execute(sql`select pg_database_size(current_database()) as size`)) as {
      rows?: { size?: unknown }[];
    };
    const size = Number(result.rows?.[0]?.size);
    return Number.isFinite(size) ? size : null;
  } catch {
    return null;
  }
}

const delayMs = (histogram: IntervalHistogram, percentile: number) =>
  histogram.count === 0 ? 0 : Math.round((histogram.percentile(percentile) / NS_PER_MS) * 100) / 100;

/** Reads samples of this process; `close()` stops the event-loop histogram. */
export function createServerSampleReader(sources: ServerSampleSources) {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  let size: { at: number; bytes: number | null } | undefined;
  /** The database's size, measured again once the last measure is DATABASE_SIZE_EVERY_MS old (or failed). */
  const sizeAt = async (at: number) => {
    if (!size || size.bytes === null || at < size.at || at - size.at >= DATABASE_SIZE_EVERY_MS)
      size = { at, bytes: await databaseSize(sources.db) };
    return size.bytes;
  };
  return {
    /** The figures now, the event-loop delay since the previous read (whose histogram is then reset). */
    async read(): Promise<ServerSample> {
      const memory = process.memoryUsage();
      const p50 = delayMs(histogram, 50);
      const p99 = delayMs(histogram, 99);
      histogram.reset();
      const at = sources.now().getTime();
      return {
        at,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        eventLoopDelayP50: p50,
        eventLoopDelayP99: p99,
        databaseSize: await sizeAt(at),
        caches: cacheSizes(),
        openSubscriptions: sources.openSubscriptions(),
        openSockets: sources.openSockets(),
      };
    },
    close: () => histogram.disable(),
  };
}
