import { availableParallelism, loadavg } from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, DatabaseDriver } from '../../db/client';
import { strategies } from '../../db/schema';
import type { Metrics } from '../../metrics';
import { badField } from '../errors';
import type { ServerSample } from './metrics';
import { createMetricsSampler, MAX_METRICS_MINUTES, SAMPLE_INTERVAL_MS } from './sampler';

/** A database round trip slower than this marks the database (and so the system) degraded. */
const DATABASE_DEGRADED_MS = 250;

export interface SystemHealthSources {
  db: Database;
  driver: DatabaseDriver;
  metrics: Metrics;
  /** Open WebSocket (graphql-ws) connections. */
  openConnections: () => number;
  uptimeSeconds: () => number;
  now: () => Date;
  log: Pick<Logger, 'warn'>;
}

export type HealthStatus = 'healthy' | 'degraded' | 'down';

/** One service's health: its last probe (milliseconds) and its share of failed operations (0..1) since start. */
export interface ServiceHealth {
  name: string;
  status: HealthStatus;
  latency: number;
  errorRate: number;
  /** ISO-8601. */
  lastCheck: string;
}

/** The system's health (spec §3 SystemHealth). */
export interface SystemHealth {
  /** ISO-8601. */
  timestamp: string;
  status: HealthStatus;
  /** Seconds since the server started. */
  uptime: number;
  /** Milliseconds of a database round trip. */
  latency: number;
  /** Share of failed GraphQL operations (0..1) since start. */
  errorRate: number;
  /** Strategies of every user with automated trading on (the leader's runner trades those with rules). */
  activeStrategies: number;
  totalTrades: number;
  /** 1-minute load average divided by CPU count. */
  systemLoad: number;
  services: ServiceHealth[];
}

const round = (value: number) => Math.round(value * 100) / 100;

async function probeDatabase(db: Database, log: Pick<Logger, 'warn'>) {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    const latency = performance.now() - started;
    const status: HealthStatus = latency > DATABASE_DEGRADED_MS ? 'degraded' : 'healthy';
    return { status, latency };
  } catch (error) {
    log.warn({ err: error }, 'database health probe failed');
    return { status: 'down' as HealthStatus, latency: performance.now() - started };
  }
}

async function countActiveStrategies(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(strategies).where(eq(strategies.isActive, true));
  return row?.n ?? 0;
}

/** Measured health: every number comes from a probe or a counter. */
export async function checkSystemHealth(sources: SystemHealthSources): Promise<SystemHealth> {
  const { metrics } = sources;
  const database = await probeDatabase(sources.db, sources.log);
  const activeStrategies =
    database.status === 'down'
      ? 0
      : await countActiveStrategies(sources.db).catch((error: unknown) => {
          sources.log.warn({ err: error }, 'counting the active strategies failed');
          return 0;
        });
  const lastCheck = sources.now().toISOString();
  const operations = metrics.graphql.total + metrics.subscriptions.total;
  const failures = metrics.graphql.failed + metrics.subscriptions.failed;
  const services: ServiceHealth[] = [
    {
      name: `database (${sources.driver})`,
      status: database.status,
      latency: round(database.latency),
      errorRate: database.status === 'down' ? 1 : 0,
      lastCheck,
    },
    {
      // This very operation is being answered over HTTP, so the GraphQL service is up.
      name: 'graphql',
      status: 'healthy',
      latency: round(metrics.graphql.lastDurationMs),
      errorRate: metrics.graphql.errorRate,
      lastCheck,
    },
    {
      // In-process WebSocket server: nothing to probe, so no latency; the name carries the open connections.
      name: `subscriptions (${sources.openConnections()} open)`,
      status: 'healthy',
      latency: 0,
      errorRate: metrics.subscriptions.errorRate,
      lastCheck,
    },
  ];
  return {
    timestamp: lastCheck,
    status: database.status,
    uptime: round(sources.uptimeSeconds()),
    latency: round(database.latency),
    errorRate: operations === 0 ? 0 : failures / operations,
    activeStrategies,
    // The trades of every user: not counted yet.
    totalTrades: 0,
    systemLoad: round((loadavg()[0] ?? 0) / availableParallelism()),
    services,
  };
}

/** This process's figures over the last minutes (serverMetrics, Memory monitoring). */
export interface ServerMetrics {
  processId: number;
  uptime: number;
  sampleIntervalMs: number;
  current: ServerSample | null;
  samples: ServerSample[];
}

/**
 * The system's measured health (systemHealth, the dashboard) and this process's sampled figures: the app calls
 * `startSampling()` once built and `stopSampling()` when it closes (server/app.ts).
 */
export function createSystemService(sources: SystemHealthSources) {
  const sampler = createMetricsSampler({
    db: sources.db,
    now: sources.now,
    log: sources.log,
    openSubscriptions: () => sources.metrics.subscriptions.open,
    openSockets: sources.openConnections,
  });
  let intervalMs = SAMPLE_INTERVAL_MS;
  return {
    health: () => checkSystemHealth(sources),
    startSampling(everyMs = SAMPLE_INTERVAL_MS): void {
      intervalMs = everyMs;
      sampler.start(everyMs);
    },
    stopSampling: () => sampler.stop(),
    async serverMetrics(minutes: number): Promise<ServerMetrics> {
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_METRICS_MINUTES) {
        throw badField('minutes', `minutes must be an integer from 1 to ${MAX_METRICS_MINUTES}`);
      }
      return {
        processId: process.pid,
        uptime: round(sources.uptimeSeconds()),
        sampleIntervalMs: intervalMs,
        current: await sampler.current(),
        samples: sampler.samples(minutes),
      };
    },
  };
}
