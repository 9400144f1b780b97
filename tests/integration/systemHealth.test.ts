import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const SYSTEM_HEALTH = `{
  systemHealth {
    timestamp status uptime latency errorRate activeStrategies totalTrades systemLoad
    services { name status latency errorRate lastCheck }
  }
}`;

interface SystemHealthData {
  systemHealth: {
    timestamp: string;
    status: string;
    uptime: number;
    latency: number;
    errorRate: number;
    activeStrategies: number;
    totalTrades: number;
    systemLoad: number;
    services: { name: string; status: string; latency: number; errorRate: number; lastCheck: string }[];
  };
}

describe.each(drivers)('systemHealth (%s)', (driver) => {
  const now = new Date('2026-11-20T12:00:00Z');
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { now: () => now });
  });
  afterAll(() => testApp.close());

  it('reports measured values for the database, GraphQL and subscriptions', async () => {
    const { data, errors } = await graphql<SystemHealthData>(testApp.app, SYSTEM_HEALTH);
    expect(errors).toBeUndefined();
    const health = data?.systemHealth;
    expect(health).toMatchObject({ timestamp: now.toISOString(), activeStrategies: 0, totalTrades: 0 });
    expect(health?.uptime).toBeGreaterThan(0);
    expect(health?.latency).toBeGreaterThan(0);
    // The status follows the measured database round trip (degraded above 250 ms on a busy machine).
    expect(health?.status).toBe((health?.latency ?? 0) > 250 ? 'degraded' : 'healthy');
    expect(health?.systemLoad).toBeGreaterThanOrEqual(0);
    expect(health?.services.map((service) => service.name)).toEqual([
      `database (${driver})`,
      'graphql',
      'subscriptions (0 open)',
    ]);
    expect(health?.services[0]).toMatchObject({ status: health?.status, errorRate: 0, latency: health?.latency });
    for (const service of health?.services ?? []) expect(service.lastCheck).toBe(now.toISOString());
  });

  it('counts failed operations in the error rate', async () => {
    const before = await graphql<SystemHealthData>(testApp.app, SYSTEM_HEALTH);
    const rateBefore = before.data?.systemHealth.errorRate ?? NaN;
    await graphql(testApp.app, '{ me { id } }', { token: 'wrong' });
    await graphql(testApp.app, '{ noSuchField }');
    const after = await graphql<SystemHealthData>(testApp.app, SYSTEM_HEALTH);
    const health = after.data?.systemHealth;
    expect(health?.errorRate).toBeGreaterThan(rateBefore);
    expect(health?.errorRate).toBeLessThan(1);
    expect(health?.services[1]?.errorRate).toBe(health?.errorRate);
    expect(health?.services[1]?.latency).toBeGreaterThan(0);
  });
});
