/**
 * Opportunity alerts (issue 16 point 3): produced on the leader from two sources, stored once per user, setup and
 * bar (./store.ts), published on the user's `opportunityAlert` channel and pushed (push `notify`, which follows
 * the user's notifications.push and tradingAlerts preferences).
 *
 * - STRATEGY: the strategy runner (leader) reports each BUY entry signal of an active strategy on a closed bar
 *   (`strategyEntry`); the alert's figures come from what followed that strategy's earlier entry signals on the
 *   same symbol in the bars the runner read. The runner trades as before: this only listens.
 * - SCAN: the scanner's background scan of every type (leader, each minute; `onHits` runs with no user). One
 *   pass's runs are taken by one job, which reads the followers of all their scan types in one query. For each
 *   scan type with followers, its {@link HITS_PER_SCAN} strongest hits are measured against the scan's past
 *   matches on the symbol's daily bars ({@link HISTORY_BARS}); a hit becomes an alert for each follower whose
 *   risk tolerance it fits (src/domain/opportunities/opportunity.ts). The bar is the session of the scan.
 * - Work is done one piece at a time in the background; `idle()` resolves once none is pending.
 */
import { and, eq } from 'drizzle-orm';
import { bucketStart, type Candle, type Interval } from '../../../src/domain/market/candle';
import {
  expiresAt,
  fitsTolerance,
  opportunityFigures,
  opportunityReasoning,
  scanSetupKey,
  strategySetupKey,
} from '../../../src/domain/opportunities/opportunity';
import {
  entryOccurrences,
  forwardStatistics,
  scanOccurrences,
  type SetupStatistics,
} from '../../../src/domain/opportunities/statistics';
import { opportunityNotification, type PushPayload } from '../../../src/domain/push/notification';
import { isScanType, SCAN_LABELS, type ScanType } from '../../../src/domain/scanner/scanTypes';
import type { NotificationSettings } from '../../../src/domain/preferences';
import type { StrategyDefinition } from '../../../src/domain/strategies';
import type { Database } from '../../db/client';
import { strategies } from '../../db/schema';
import type { EventBus } from '../../events';
import { createSerialQueue } from '../../serialQueue';
import { badField } from '../errors';
import type { ScanRun } from '../scanner';
import {
  follow,
  followersOf,
  insertAlert,
  listAlerts,
  listFollowed,
  markAllRead,
  markRead,
  unfollow,
  type NewOpportunityAlert,
  type ScanFollower,
} from './store';
import { parseId } from '../watchlists/validation';

/** opportunityAlerts(limit) default and most (spec §9 page size opportunity alerts 20). */
export const DEFAULT_OPPORTUNITY_LIMIT = 20;
export const MAX_OPPORTUNITY_LIMIT = 20;
/** Daily bars a scan's past matches are looked for in. */
export const HISTORY_BARS = 500;
/** Strongest hits of one background scan that may become alerts. */
export const HITS_PER_SCAN = 5;

/** A BUY entry signal of an active strategy on its newest closed bar, as the runner reports it. */
export interface StrategyEntry {
  strategyId: string;
  userId: string;
  symbol: string;
  definition: StrategyDefinition;
  /** The closed bars the runner evaluated, oldest first; the last is the signal's bar. */
  bars: readonly Candle[];
  reason: string;
}

export interface OpportunityDependencies {
  db: Database;
  events: EventBus;
  market: { getCandles(symbol: string, interval: Interval, limit: number): Promise<Candle[]> | Candle[] };
  /** Push: `settings`, the user's notification preferences where they were just read (a scan pass's followers). */
  notify: (userId: string, payload: PushPayload, settings?: NotificationSettings) => Promise<unknown>;
  now: () => Date;
  log: { error(object: unknown, message: string): void };
}

const barWord = (interval: Interval) => (interval === '1D' ? 'daily bar' : `${interval} bar`);

function checkScanType(value: string): ScanType {
  if (!isScanType(value)) throw badField('scanType', `Unknown scanType "${value.slice(0, 40)}"`);
  return value;
}

export function createOpportunityService({ db, events, market, notify, now, log }: OpportunityDependencies) {
  let closed = false;
  const jobs = createSerialQueue((error) => log.error({ err: error }, 'opportunity alerts: a job failed'));
  const enqueue = (job: () => Promise<void>) => {
    if (!closed) jobs.enqueue(job);
  };
  const { idle } = jobs;
  /** Scan statistics per scan type and symbol for the session they were computed in. */
  const scanStats = new Map<string, SetupStatistics>();
  let statsSession = 0;
  /** The background scan's runs waiting for the job that will take them (undefined once it has started). */
  let pass: ScanRun[] | undefined;

  async function create(alert: NewOpportunityAlert, settings?: NotificationSettings): Promise<void> {
    const record = await insertAlert(db, alert);
    if (!record) return;
    events.publish('opportunityAlert', alert.userId, record);
    await notify(alert.userId, opportunityNotification(record), settings);
  }

  async function scanStatistics(scanType: ScanType, symbol: string, session: number): Promise<SetupStatistics> {
    if (session !== statsSession) {
      scanStats.clear();
      statsSession = session;
    }
    const key = `${scanType}:${symbol}`;
    const cached = scanStats.get(key);
    if (cached) return cached;
    const bars = (await market.getCandles(symbol, '1D', HISTORY_BARS)).filter((bar) => bar.time < session);
    const stats = forwardStatistics(bars, scanOccurrences(bars, scanType));
    scanStats.set(key, stats);
    return stats;
  }

  /** One background pass's runs: their scan types' followers read in one query. */
  async function onScans(runs: readonly ScanRun[]): Promise<void> {
    const followers = await followersOf(
      db,
      runs.map((run) => run.scanType),
    );
    for (const run of runs) {
      const following = followers.get(run.scanType);
      if (following) await onScan(run, following);
    }
  }

  async function onScan(run: ScanRun, followers: readonly ScanFollower[]): Promise<void> {
    const session = bucketStart(run.at, '1D');
    for (const hit of run.hits) {
      const stats = await scanStatistics(run.scanType, hit.symbol, session);
      const figures = opportunityFigures(stats);
      const what = `${SCAN_LABELS[run.scanType]} on ${hit.symbol}: ${hit.criterion}.`;
      const reasoning = opportunityReasoning(what, stats, figures, 'session');
      for (const { userId, riskTolerance, notifications } of followers) {
        if (!fitsTolerance(figures, riskTolerance)) continue;
        await create(
          {
            userId,
            symbol: hit.symbol,
            strategyId: null,
            source: 'SCAN',
            scanType: run.scanType,
            setupKey: scanSetupKey(run.scanType, hit.symbol),
            barTime: new Date(session),
            expiresAt: new Date(expiresAt(session, '1D')),
            reasoning,
            ...figures,
          },
          notifications,
        );
      }
    }
  }

  async function onEntry(entry: StrategyEntry): Promise<void> {
    const bar = entry.bars.at(-1);
    if (!bar) return;
    const [strategy] = await db
      .select({ name: strategies.name })
      .from(strategies)
      .where(and(eq(strategies.id, entry.strategyId), eq(strategies.userId, entry.userId)));
    if (!strategy) return;
    const { interval } = entry.definition;
    const stats = forwardStatistics(entry.bars, entryOccurrences(entry.definition, entry.bars));
    const figures = opportunityFigures(stats);
    const what = `Strategy "${strategy.name}" signals an entry on ${entry.symbol}${entry.reason ? `: ${entry.reason}` : ''}.`;
    await create({
      userId: entry.userId,
      symbol: entry.symbol,
      strategyId: entry.strategyId,
      source: 'STRATEGY',
      scanType: null,
      setupKey: strategySetupKey(entry.strategyId, entry.symbol),
      barTime: new Date(bar.time),
      expiresAt: new Date(expiresAt(bar.time, interval)),
      reasoning: opportunityReasoning(what, stats, figures, barWord(interval)),
      ...figures,
    });
  }

  return {
    /** The clock timeToExpiry is counted on. */
    now,
    /** Newest first; `limit` 1–20 (default 20). */
    async list(userId: string, input: { limit?: number | null; unreadOnly?: boolean | null }) {
      const limit = input.limit ?? DEFAULT_OPPORTUNITY_LIMIT;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OPPORTUNITY_LIMIT)
        throw badField('limit', `limit must be an integer from 1 to ${MAX_OPPORTUNITY_LIMIT}`);
      return listAlerts(db, userId, limit, input.unreadOnly ?? false);
    },
    async markRead(userId: string, id: string) {
      const record = await markRead(db, userId, parseId(id), now());
      events.publish('opportunitiesRead', userId, 1);
      return record;
    },
    async markAllRead(userId: string) {
      const count = await markAllRead(db, userId, now());
      if (count > 0) events.publish('opportunitiesRead', userId, count);
      return count;
    },
    followed: (userId: string) => listFollowed(db, userId),
    async follow(userId: string, scanType: string) {
      await follow(db, userId, checkScanType(scanType));
      return listFollowed(db, userId);
    },
    async unfollow(userId: string, scanType: string) {
      await unfollow(db, userId, checkScanType(scanType));
      return listFollowed(db, userId);
    },
    /** The scanner's hits listener: background scans only (a user's own scans create no alert). */
    onHits(run: ScanRun): void {
      if (run.userId !== null || run.hits.length === 0) return;
      const copy = { ...run, hits: run.hits.slice(0, HITS_PER_SCAN) };
      // A pass calls this once per scan type in one go: its runs wait in one job, which takes them all.
      if (pass) return void pass.push(copy);
      const runs = [copy];
      pass = runs;
      enqueue(async () => {
        pass = undefined; // this job takes the pass's runs: the next run starts a new pass
        await onScans(runs);
      });
    },
    /** The strategy runner's entry listener. */
    strategyEntry(entry: StrategyEntry): void {
      enqueue(() => onEntry(entry));
    },
    /** Resolves once no alert is being produced. */
    idle,
    /** Stops taking work and waits for what is under way (at shutdown, before the database closes). */
    async close() {
      closed = true;
      await idle();
    },
  };
}

export type OpportunityService = ReturnType<typeof createOpportunityService>;
