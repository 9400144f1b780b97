import { performance } from 'node:perf_hooks';
import { runScan } from '../../../src/domain/scanner/scans';
import { isScanType, SCAN_TYPES, type ScanHit, type ScanType } from '../../../src/domain/scanner/scanTypes';
import type { ScanSnapshot } from '../../../src/domain/scanner/symbolState';
import { badField } from '../errors';
import type { MarketDataProvider } from '../market';
import { createActivityLog, TOP_SYMBOLS, type ScanActivityEntry } from './activity';
import { createUniverseState } from './universeState';

export type { ScanActivityEntry } from './activity';

/** marketScanner(limit) default and most (spec §9 page size scanner 50). */
export const DEFAULT_SCAN_LIMIT = 50;
export const MAX_SCAN_LIMIT = 50;
/** marketScannerBatch(limit) default and most, per scan type (spec §9 page size scanner batch 20). */
export const DEFAULT_BATCH_LIMIT = 20;
export const MAX_BATCH_LIMIT = 20;
/** scanActivity(limit) default and most, and how many scans the log keeps. */
export const DEFAULT_ACTIVITY_LIMIT = 50;
export const ACTIVITY_CAPACITY = 500;
/** How often the leader scans every type in the background (the hits reach `onHits` listeners). */
export const BACKGROUND_SCAN_MS = 60_000;

/** One scan's result, as `onHits` listeners receive it. */
export interface ScanRun {
  scanType: ScanType;
  hits: ScanHit[];
  /** Epoch ms. */
  at: number;
  /** null: the background scan. */
  userId: string | null;
}

export type HitsListener = (run: ScanRun) => void;

export interface ScannerDependencies {
  market: MarketDataProvider;
  now: () => Date;
  log: { error(object: unknown, message: string): void };
  backgroundEveryMs?: number;
}

function checkLimit(limit: number | null | undefined, fallback: number, most: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > most)
    throw badField('limit', `limit must be an integer from 1 to ${most}`);
  return value;
}

function checkScanType(value: string, field: string): ScanType {
  if (!isScanType(value))
    throw badField(field, `Unknown ${field} "${value.slice(0, 40)}": use one of ${SCAN_TYPES.join(', ')}`);
  return value;
}

/**
 * The market scanner (issue 16 point 2): the universe's indicators kept incrementally from the provider's quotes
 * (./universeState.ts), scans read from that state (src/domain/scanner), a log of the scans this process ran
 * (./activity.ts), and `onHits` for services that act on hits (opportunity alerts). On the leader, `background`
 * scans every type each minute.
 */
export function createScannerService({
  market,
  now,
  log,
  backgroundEveryMs = BACKGROUND_SCAN_MS,
}: ScannerDependencies) {
  const universe = createUniverseState(market);
  const activity = createActivityLog(ACTIVITY_CAPACITY);
  const listeners = new Set<HitsListener>();

  function run(snapshots: readonly ScanSnapshot[], scanType: ScanType, limit: number, userId: string | null) {
    const start = performance.now();
    const hits = runScan(snapshots, scanType, limit);
    const durationMs = Math.round((performance.now() - start) * 1000) / 1000;
    const at = now().getTime();
    activity.record({
      scanType,
      at,
      durationMs,
      hits: hits.length,
      topSymbols: hits.slice(0, TOP_SYMBOLS).map((hit) => hit.symbol),
      userId,
    });
    for (const listener of listeners) {
      try {
        listener({ scanType, hits, at, userId });
      } catch (error) {
        log.error({ err: error, scanType }, 'a scan hits listener failed');
      }
    }
    return hits;
  }

  /** Each of `scanTypes` over one snapshot of the state, logged for `userId` (null: the background). */
  async function scanMany<T extends ScanType>(scanTypes: readonly T[], limit: number, userId: string | null) {
    await universe.ready();
    const snapshots = universe.snapshots();
    return scanTypes.map((scanType) => ({ scanType, hits: run(snapshots, scanType, limit, userId) }));
  }
  const scanAll = (userId: string | null, limit: number) => scanMany(SCAN_TYPES, limit, userId);

  let timer: NodeJS.Timeout | undefined;
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    /** marketScanner: the `limit` (1–50, default 50) strongest hits of one scan type. */
    async scan(userId: string | null, scanTypeName: string, limit?: number | null): Promise<ScanHit[]> {
      const scanType = checkScanType(scanTypeName, 'scanType');
      const count = checkLimit(limit, DEFAULT_SCAN_LIMIT, MAX_SCAN_LIMIT);
      await universe.ready();
      return run(universe.snapshots(), scanType, count, userId);
    },
    /** marketScannerBatch: 1–15 distinct scan types over one snapshot of the state, `limit` (1–20) hits each. */
    async batch(userId: string | null, scanTypeNames: readonly string[], limit?: number | null) {
      if (scanTypeNames.length === 0) throw badField('scanTypes', 'Give at least one scan type');
      if (scanTypeNames.length > SCAN_TYPES.length)
        throw badField('scanTypes', `At most ${SCAN_TYPES.length} scan types per call`);
      const scanTypes = scanTypeNames.map((name) => checkScanType(name, 'scanTypes'));
      if (new Set(scanTypes).size !== scanTypes.length) throw badField('scanTypes', 'Each scan type may be asked once');
      return scanMany(scanTypes, checkLimit(limit, DEFAULT_BATCH_LIMIT, MAX_BATCH_LIMIT), userId);
    },
    /** Each scan type that matches `symbol` now, with its hit (not logged, no listeners): for the AI analysis. */
    async symbolHits(symbol: string): Promise<{ scanType: ScanType; hit: ScanHit }[]> {
      await universe.ready();
      const snapshot = universe.snapshot(symbol);
      const own = snapshot ? [snapshot] : [];
      return SCAN_TYPES.flatMap((scanType) => runScan(own, scanType, 1).map((hit) => ({ scanType, hit })));
    },
    /**
     * The `limit` strongest hits of each of `scanTypes` now (not logged, no listeners): the Dashboard's patterns.
     * Answers from what is ready, never waiting: null while the universe is still being seeded (the seeding is
     * started, a failure logged), so the first overview is not held up by the scanner's load.
     */
    peek<T extends ScanType>(scanTypes: readonly T[], limit: number): { scanType: T; hits: ScanHit[] }[] | null {
      if (!universe.isReady()) {
        universe
          .ready()
          .catch((error: unknown) => log.error({ err: error }, 'the scanner could not load the universe'));
        return null;
      }
      const snapshots = universe.snapshots();
      return scanTypes.map((scanType) => ({ scanType, hits: runScan(snapshots, scanType, limit) }));
    },
    /** The newest scans of this process, newest first. */
    activity(filter: {
      limit?: number | null;
      scanType?: string | null;
      withHitsOnly?: boolean | null;
    }): ScanActivityEntry[] {
      const limit = checkLimit(filter.limit, DEFAULT_ACTIVITY_LIMIT, ACTIVITY_CAPACITY);
      const scanType = filter.scanType == null ? null : checkScanType(filter.scanType, 'scanType');
      return activity.list({ limit, scanType, withHitsOnly: filter.withHitsOnly });
    },
    /** Calls `listener` with every scan's hits (user and background); returns the function that stops it. */
    onHits(listener: HitsListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Scans every type now, as the background does (returns each type's hits). */
    scanAll: () => scanAll(null, MAX_SCAN_LIMIT),
    /** The leader's background scan of every type each `backgroundEveryMs` (runWhileLeader in server/app.ts). */
    background: {
      async start() {
        if (timer) return;
        timer = setInterval(() => {
          scanAll(null, MAX_SCAN_LIMIT).catch((error: unknown) => log.error({ err: error }, 'background scan failed'));
        }, backgroundEveryMs);
        timer.unref();
      },
      async stop() {
        stopTimer();
      },
    },
    /** Symbols the state holds (seeded on the first scan). */
    size: universe.size,
    /** Stops listening to the provider and the background scan. */
    close() {
      stopTimer();
      universe.close();
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
