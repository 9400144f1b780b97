// With REDIS_URL an event reaches even its own process through Redis, after the mutation that published it has
// answered: alerts marked read must leave the Dashboard of the process that marked them without waiting for the
// opportunitiesRead event. Redis holds every publish here (CLIENT PAUSE WRITE) while the alerts are marked read, so
// only a cache dropped in the process itself passes; the event still reaches the bus once Redis resumes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityAlerts } from '../../server/db/schema';
import type { EventBus } from '../../server/events';
import { createRedisEventBus } from '../../server/eventsRedis';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const run = promisify(execFile);
const skipReason = redisSkipReason();

describe.skipIf(skipReason).each(drivers)('opportunity alerts marked read, events through Redis (%s)', (driver) => {
  let redis: RedisTestServer;
  let t: TradingTestApp;
  let user: { id: string; token: string };
  /** Another process's view of the events (its own connections to the same Redis). */
  let elsewhere: EventBus;

  const redisCommand = (...args: string[]) => run('redis-cli', ['-p', String(redis.port), ...args]);
  const call = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const { data, errors } = await graphql<T>(t.app, query, { token: user.token, variables });
    expect(errors).toBeUndefined();
    return data!;
  };
  const alertIds = async () =>
    (
      await call<{
        dashboardOverview: { aiInsights: { topOpportunities: { alertId: string | null }[] } };
      }>('{ dashboardOverview { aiInsights { topOpportunities { alertId } } } }')
    ).dashboardOverview.aiInsights.topOpportunities.flatMap((entry) => entry.alertId ?? []);

  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTradingTestApp(driver, { start: WEDNESDAY_1100, env: { REDIS_URL: redis.url } });
    user = await createUserWithSession(t.db);
    elsewhere = createRedisEventBus(redis.url);
  }, 60_000);
  afterAll(async () => {
    await redisCommand('CLIENT', 'UNPAUSE').catch(() => undefined);
    await t?.close();
    await elsewhere?.close();
    await redis?.stop();
  });

  it('drops the Dashboard’s alerts in this process as the mutation answers, not when Redis delivers; tells the others', async () => {
    const alert = (symbol: string, minutes: number) => ({
      userId: user.id,
      symbol,
      source: 'SCAN' as const,
      scanType: 'MOST_ACTIVE',
      setupKey: `most-active:${symbol}`,
      barTime: new Date(WEDNESDAY_1100 - minutes * 60_000),
      confidence: 0.7,
      potentialReturn: 0.02,
      riskLevel: 'medium' as const,
      expiresAt: new Date(WEDNESDAY_1100 + 24 * 60 * 60_000),
      reasoning: `Most active on ${symbol}.`,
      sampleSize: 10,
      createdAt: new Date(WEDNESDAY_1100 - minutes * 60_000),
    });
    const rows = await t.db
      .insert(opportunityAlerts)
      .values([alert('AAPL', 3), alert('MSFT', 2)])
      .returning({ id: opportunityAlerts.id });
    const [older, newer] = rows.map((row) => row.id);
    // Read once: the user's state (with both alerts) is now cached for this market snapshot (the clock stands still).
    expect(await alertIds()).toEqual([newer, older]);
    const told = elsewhere.subscribe('opportunitiesRead', user.id)[Symbol.asyncIterator]();
    const first = told.next(); // the subscription opens with the iteration
    await elsewhere.subscriptionsReady();

    await redisCommand('CLIENT', 'PAUSE', '60000', 'WRITE');
    try {
      await call('mutation M($id: ID!) { markOpportunityAlertRead(id: $id) { id } }', { id: newer });
      expect(await alertIds()).toEqual([older]);
      const all = await call<{ markAllOpportunityAlertsRead: number }>('mutation { markAllOpportunityAlertsRead }');
      expect(all.markAllOpportunityAlertsRead).toBe(1);
      expect(await alertIds()).toEqual([]);
    } finally {
      await redisCommand('CLIENT', 'UNPAUSE');
    }
    // Nothing left to mark: no event. Then one more alert marked read: the third event is its.
    expect(
      (await call<{ markAllOpportunityAlertsRead: number }>('mutation { markAllOpportunityAlertsRead }'))
        .markAllOpportunityAlertsRead,
    ).toBe(0);
    const [last] = await t.db.insert(opportunityAlerts).values(alert('KO', 1)).returning({ id: opportunityAlerts.id });
    await call('mutation M($id: ID!) { markOpportunityAlertRead(id: $id) { id } }', { id: last!.id });
    const counts: unknown[] = [(await first).value];
    for (let i = 0; i < 2; i++) counts.push((await told.next()).value);
    expect(counts).toEqual([1, 1, 1]);
    await told.return?.();
  });
});
