import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, drivers, type TestApp } from './helpers';

const REPORT_KEY = 'report-key-never-in-the-browser';

const report = {
  id: 'ERR_1763800000000_abc123',
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (app.js:1:1)',
  url: 'http://localhost:3000/portfolio',
  userAgent: 'vitest',
  signature: 'TypeError: x is undefined@app.js:1:1',
  timestamp: 1763800000000,
};

interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A stand-in for the error-reporting service on 127.0.0.1, recording what it receives. */
async function startCollector(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  next(): Promise<Received>;
}> {
  const received: Received[] = [];
  const waiters: ((value: Received) => void)[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: JSON.parse(body) as Record<string, unknown> };
      received.push(entry);
      waiters.shift()?.(entry);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/reports`,
    received,
    next: () => new Promise((resolve) => waiters.push(resolve)),
  };
}

const post = (testApp: TestApp, payload: Record<string, unknown>, token: string | null = SINGLE_USER_TOKEN) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/errors',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

describe.each(drivers)('POST /api/errors with an endpoint configured (%s)', (driver) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let testApp: TestApp;
  beforeAll(async () => {
    collector = await startCollector();
    testApp = await createTestApp(driver, { env: { ERROR_REPORT_URL: collector.url, ERROR_REPORT_KEY: REPORT_KEY } });
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise((resolve) => collector.server.close(resolve));
  });

  it('says so in /api/config without revealing the key', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json<{ errorReporting: boolean }>().errorReporting).toBe(true);
    expect(response.body).not.toContain(REPORT_KEY);
  });

  it('forwards a valid report with the bearer key and answers 202', async () => {
    const arrival = collector.next();
    const response = await post(testApp, report);
    expect(response.statusCode).toBe(202);
    const { headers, body } = await arrival;
    expect(headers.authorization).toBe(`Bearer ${REPORT_KEY}`);
    expect(headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({
      ...report,
      timestamp: new Date(report.timestamp).toISOString(),
      userId: expect.any(String),
      appVersion: expect.any(String),
      receivedAt: expect.any(String),
    });
  });

  it('rejects an invalid report with 400 and forwards nothing', async () => {
    const before = collector.received.length;
    const response = await post(testApp, { ...report, signature: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringMatching(/^Invalid signature: /) });
    const tooLarge = await post(testApp, { ...report, stack: 'x'.repeat(40 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ error: string }>().error).toBe('payload_too_large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(collector.received.length).toBe(before);
  });

  it('refuses reports without sign-in', async () => {
    expect((await post(testApp, report, null)).statusCode).toBe(401);
  });
});

describe.each(drivers)('POST /api/errors without an endpoint (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver);
  });
  afterAll(() => testApp.close());

  it('accepts a valid report with 204 and sends nothing anywhere', async () => {
    const response = await post(testApp, { ...report, timestamp: new Date(report.timestamp).toISOString() });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const config = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<{ errorReporting: boolean }>().errorReporting).toBe(false);
  });
});
