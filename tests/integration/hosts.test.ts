import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../server/db/schema';
import { createTestApp, upgradeStatus, type TestApp } from './helpers';

/** The status a WebSocket upgrade to `url` gets (101 when it opens) with these headers. */
const upgrade = (url: string, headers: Record<string, string>) => upgradeStatus(url, { headers });

describe.each(['single', 'otp'])('Host allow-list (AUTH_MODE=%s)', (authMode) => {
  let testApp: TestApp;
  let url: string;
  let port: string;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', { env: { AUTH_MODE: authMode } });
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace(/^http/, 'ws')}/graphql`;
    port = new URL(address).port;
  });
  afterAll(() => testApp.close());

  const health = (host: string) => testApp.app.inject({ method: 'GET', url: '/api/health', headers: { host } });

  it('answers localhost, 127.0.0.1 and ::1 on any port', async () => {
    for (const host of ['localhost', `localhost:${port}`, '127.0.0.1:5173', '[::1]:3000']) {
      expect((await health(host)).statusCode, host).toBe(200);
    }
  });

  it('answers any other Host with 421, on HTTP (a DNS-rebound page) and on the WebSocket upgrade', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, 'localhost.evil.example', '10.0.0.1']) {
      const response = await health(host);
      expect(response.statusCode, host).toBe(421);
      expect(response.json()).toEqual({
        error: 'misdirected_request',
        message: expect.stringContaining('ALLOWED_HOSTS'),
      });
    }
    const graphql = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: 'evil.example', 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: { query: '{ me { id } }' },
    });
    expect(graphql.statusCode).toBe(421);
    expect(await upgrade(url, { host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toBe(421);
    expect(await upgrade(url, { host: `evil.example:${port}` })).toBe(421);
  });

  it('accepts WebSocket upgrades from the page’s own origin only', async () => {
    expect(await upgrade(url, { origin: `http://127.0.0.1:${port}` })).toBe(101);
    expect(await upgrade(url, { origin: `http://localhost:${port}` })).toBe(403);
    expect(await upgrade(url, { origin: 'http://127.0.0.1:1' })).toBe(403);
    expect(await upgrade(url, { origin: 'https://evil.example' })).toBe(403);
  });
});

describe('ALLOWED_HOSTS and PUBLIC_ORIGIN', () => {
  let testApp: TestApp;
  let url: string;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      env: {
        HOST: '0.0.0.0',
        ALLOWED_HOSTS: 'internal.example,127.0.0.1',
        PUBLIC_ORIGIN: 'https://trading.example.com',
      },
    });
    url = `${(await testApp.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/graphql`;
  });
  afterAll(() => testApp.close());

  it('answers the listed hosts and the public origin’s host, nothing else', async () => {
    const status = async (host: string) =>
      (await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { host } })).statusCode;
    expect(await status('internal.example')).toBe(200);
    expect(await status('trading.example.com')).toBe(200);
    expect(await status('localhost')).toBe(421);
  });

  it('accepts WebSocket upgrades from the public origin behind a proxy that rewrites Host', async () => {
    expect(await upgrade(url, { origin: 'https://trading.example.com' })).toBe(101);
    expect(await upgrade(url, { origin: 'http://trading.example.com' })).toBe(403);
  });
});

describe.each([
  { trustProxy: undefined, ip: '127.0.0.1', hsts: false },
  { trustProxy: '127.0.0.1', ip: '203.0.113.7', hsts: true },
])('TRUST_PROXY=$trustProxy', ({ trustProxy, ip, hsts }) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      env: { AUTH_MODE: 'otp', ...(trustProxy && { TRUST_PROXY: trustProxy }) },
    });
  });
  afterAll(() => testApp.close());

  const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

  it(`counts sign-in codes against ${ip}`, async () => {
    const email = `proxy-${ip}-${String(trustProxy)}@example.test`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      headers: forwarded,
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await testApp.db.select({ ip: otpCodes.ip }).from(otpCodes).where(eq(otpCodes.identifier, email));
    expect(row?.ip).toBe(ip);
  });

  it(`sends Strict-Transport-Security ${hsts ? 'to a request the trusted proxy got over HTTPS' : 'never over plain HTTP'}`, async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: forwarded });
    expect(response.headers['strict-transport-security'] !== undefined).toBe(hsts);
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
