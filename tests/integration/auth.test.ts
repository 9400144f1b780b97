import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const ME = '{ me { id email } }';
const HOUR_MS = 60 * 60 * 1000;

function expectUnauthorized(response: Awaited<ReturnType<typeof graphql>>) {
  expect(response.data ?? null).toBeNull();
  expect(response.errors).toHaveLength(1);
  expect(response.errors?.[0]?.message).toContain('unauthorized');
  expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
}

describe.each(drivers)('authentication in single-user mode (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver);
  });
  afterAll(() => testApp.close());

  it('rejects an operation without a token, answering 200 with an UNAUTHENTICATED error', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: ME },
    });
    expect(response.statusCode).toBe(200);
    expectUnauthorized(response.json());
  });

  it('rejects every root field without a valid token', async () => {
    for (const query of [
      ME,
      '{ systemHealth { status } }',
      '{ tradingStatus { marketStatus } }',
      '{ tradingMode { requestedMode } }',
    ]) {
      expectUnauthorized(await graphql(testApp.app, query, { token: null }));
    }
    expectUnauthorized(
      await graphql(testApp.app, 'mutation { updateTradingMode(input: { mode: paper }) { success } }', { token: 'x' }),
    );
  });

  it('rejects an unknown token and a header of another scheme', async () => {
    expectUnauthorized(await graphql(testApp.app, ME, { token: 'wrong-token' }));
    const basic = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Basic ${SINGLE_USER_TOKEN}` },
      payload: { query: ME },
    });
    expectUnauthorized(basic.json());
  });

  it('accepts the single-user token and session tokens, each for its own user', async () => {
    const single = await graphql<{ me: { email: string } }>(testApp.app, ME);
    expect(single.data?.me.email).toBe('trader@localhost');
    const other = await createUserWithSession(testApp.db);
    const session = await graphql<{ me: { id: string } }>(testApp.app, ME, { token: other.token });
    expect(session.data?.me.id).toBe(other.id);
  });

  it('rejects expired and revoked sessions', async () => {
    const expired = await createUserWithSession(testApp.db, { expiresAt: new Date(Date.now() - HOUR_MS) });
    expectUnauthorized(await graphql(testApp.app, ME, { token: expired.token }));
    const revoked = await createUserWithSession(testApp.db, { revokedAt: new Date() });
    expectUnauthorized(await graphql(testApp.app, ME, { token: revoked.token }));
  });

  it('requires sign-in for POST /api/errors but not for health and config', async () => {
    const report = await testApp.app.inject({ method: 'POST', url: '/api/errors', payload: {} });
    expect(report.statusCode).toBe(401);
    expect(report.json()).toEqual({ error: 'unauthorized', message: 'unauthorized: sign in required' });
    for (const url of ['/api/health', '/api/config']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});

describe.each(drivers)('authentication in one-time-code mode (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { env: { AUTH_MODE: 'otp' } });
  });
  afterAll(() => testApp.close());

  it('refuses the single-user token', async () => {
    expectUnauthorized(await graphql(testApp.app, ME, { token: SINGLE_USER_TOKEN }));
  });

  it('accepts a session token', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data } = await graphql<{ me: { id: string } }>(testApp.app, ME, { token: user.token });
    expect(data?.me.id).toBe(user.id);
  });

  it('tells the client the mode', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json<{ authMode: string }>().authMode).toBe('otp');
  });
});
