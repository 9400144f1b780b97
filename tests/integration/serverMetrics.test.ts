import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createServerSampleReader,
  DATABASE_SIZE_EVERY_MS,
  type ServerSample,
} from '../../server/services/system/metrics';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, drivers, graphql, graphqlWsClient, type TestApp } from './helpers';

const SERVER_METRICS = `query ($minutes: Int) {
  serverMetrics(minutes: $minutes) {
    processId uptime sampleIntervalMs
    current {
      timestamp rss heapUsed heapTotal external arrayBuffers eventLoopDelayP50 eventLoopDelayP99 databaseSize
      caches { name entries } openSubscriptions openSockets
    }
    samples { timestamp rss heapUsed eventLoopDelayP99 }
  }
}`;

/** A sample as GraphQL answers it: `timestamp` (ISO-8601) for the epoch milliseconds `at`. */
type Sample = Omit<ServerSample, 'at'> & { timestamp: string };

interface ServerMetricsData {
  serverMetrics: {
    processId: number;
    uptime: number;
    sampleIntervalMs: number;
    current: Sample | null;
    samples: Pick<Sample, 'timestamp' | 'rss' | 'heapUsed' | 'eventLoopDelayP99'>[];
  };
}

const SAMPLE_MS = 20;

describe.each(drivers)('serverMetrics (%s)', (driver) => {
  let testApp: TestApp;
  let address: string;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { metricsSampleIntervalMs: SAMPLE_MS });
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => testApp.close());

  const read = async (variables: Record<string, unknown> = {}) => {
    const { data, errors } = await graphql<ServerMetricsData>(testApp.app, SERVER_METRICS, { variables });
    expect(errors).toBeUndefined();
    if (!data) throw new Error('no data');
    return data.serverMetrics;
  };

  it('answers this process’s figures, and samples accumulate at the interval', async () => {
    const first = await read();
    expect(first).toMatchObject({ processId: process.pid, sampleIntervalMs: SAMPLE_MS });
    expect(first.uptime).toBeGreaterThan(0);
    const current = first.current;
    expect(current?.rss).toBeGreaterThan(0);
    expect(current?.heapUsed).toBeGreaterThan(0);
    expect(current?.heapTotal).toBeGreaterThanOrEqual(current?.heapUsed ?? Infinity);
    expect(current?.external).toBeGreaterThanOrEqual(current?.arrayBuffers ?? Infinity);
    expect(current?.eventLoopDelayP99).toBeGreaterThanOrEqual(current?.eventLoopDelayP50 ?? Infinity);
    // pg_database_size answers on both drivers: a fresh database holds the migrated tables.
    expect(current?.databaseSize).toBeGreaterThan(1_000_000);
    // The named caches of this process (other areas may name theirs too).
    expect(current?.caches.map((cache) => cache.name)).toEqual(
      expect.arrayContaining(['preferences', 'sessions', 'users']),
    );

    await vi.waitFor(async () => expect((await read()).samples.length).toBeGreaterThanOrEqual(3), {
      timeout: 5_000,
      interval: SAMPLE_MS,
    });
    const { samples } = await read({ minutes: 1 });
    const times = samples.map((sample) => Date.parse(sample.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - (times[0] ?? 0)).toBeLessThanOrEqual(60_000);
  });

  it('counts the subscriptions and sockets open on this process', async () => {
    const client = graphqlWsClient(address, SINGLE_USER_TOKEN);
    const updates = client.iterate({ query: 'subscription { orderUpdates { id } }' });
    void updates.next();
    await vi.waitFor(
      async () => expect((await read()).current).toMatchObject({ openSubscriptions: 1, openSockets: 1 }),
      { timeout: 5_000, interval: SAMPLE_MS },
    );
    await client.dispose();
    await vi.waitFor(
      async () => expect((await read()).current).toMatchObject({ openSubscriptions: 0, openSockets: 0 }),
      { timeout: 5_000, interval: SAMPLE_MS },
    );
  });

  it('measures the database size at most every minute, the samples between repeating it', async () => {
    let clock = Date.parse('2026-11-18T16:00:00Z');
    const reader = createServerSampleReader({
      db: testApp.db,
      now: () => new Date(clock),
      openSubscriptions: () => 0,
      openSockets: () => 0,
    });
    try {
      const first = (await reader.read()).databaseSize!;
      await testApp.db.execute(sql`create table size_probe as select generate_series(1, 100000) as n`);
      clock += DATABASE_SIZE_EVERY_MS - 1;
      expect((await reader.read()).databaseSize).toBe(first);
      clock += 1;
      expect((await reader.read()).databaseSize).toBeGreaterThan(first);
    } finally {
      reader.close();
      await testApp.db.execute(sql`drop table if exists size_probe`);
    }
  });

  it('refuses minutes outside 1–60, naming the field, and answers no one signed out', async () => {
    for (const minutes of [0, 61, -5]) {
      const { data, errors } = await graphql(testApp.app, SERVER_METRICS, { variables: { minutes } });
      expect(data).toBeNull();
      expect(errors?.[0]?.message).toContain('minutes must be an integer from 1 to 60');
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'minutes' });
    }
    const signedOut = await graphql(testApp.app, SERVER_METRICS, { token: null });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
