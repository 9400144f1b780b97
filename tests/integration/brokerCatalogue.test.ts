/** GET /api/brokers/available (issue 14 point 2): the catalogue, signed in, with the spec's fields. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, drivers, type TestApp } from './helpers';

describe.each(drivers)('the broker catalogue over REST (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('lists the four entries with the spec’s fields, Alpaca the one available', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/brokers/available',
      headers: { authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const { brokers } = response.json<{ brokers: Record<string, unknown>[] }>();
    expect(brokers).toHaveLength(4);
    for (const broker of brokers) {
      expect(Object.keys(broker).sort()).toEqual(
        [
          'available',
          'brokerDescription',
          'brokerLogoUrl',
          'id',
          'name',
          'oauthEnabled',
          'requiresAccountId',
          'supportedFeatures',
          'type',
        ].sort(),
      );
    }
    expect(brokers.filter((broker) => broker.available).map((broker) => broker.id)).toEqual(['alpaca']);
    expect(brokers.find((broker) => !broker.oauthEnabled)).toMatchObject({
      type: 'multi-asset',
      requiresAccountId: true,
    });
  });

  it('requires sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brokers/available' });
    expect(response.statusCode).toBe(401);
  });
});
