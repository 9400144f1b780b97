/**
 * Answers of /graphql and the REST routes are compressed per Accept-Encoding from 1 KiB on (server/http/compression.ts);
 * smaller ones and subscriptions over server-sent events go out as they are. A compressed request body is refused.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compression';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { dashboardDocument } from '../../bench/apiDocuments';
import { SimulatedMarket } from '../../server/services/market/simulator';
import { createTestApp, type TestApp } from './helpers';

const CANDLES = '{ candles(symbol: "AAPL", interval: "1m", limit: 300) { time open high low close volume } }';
const ME = '{ me { id email } }';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
let clock = WEDNESDAY_1100;
// Not started: it ticks when a test says so, so that two answers to one query are the same.
const market = new SimulatedMarket({ seed: 'compression', now: WEDNESDAY_1100, alwaysOpen: true });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('pglite', { env: { AUTH_MODE: 'single' }, market, now: () => new Date(clock) });
});
afterAll(() => t.close());

function post(query: string, acceptEncoding: string) {
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${SINGLE_USER_TOKEN}`,
      'accept-encoding': acceptEncoding,
    },
    payload: { query },
  });
}

describe('response compression', () => {
  it('compresses a large GraphQL answer with Brotli or gzip, as accepted, to the same JSON', async () => {
    const plain = await post(CANDLES, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const json = plain.json<{ data: { candles: unknown[] } }>();
    expect(json.data.candles).toHaveLength(300);

    const br = await post(CANDLES, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);

    const gzip = await post(CANDLES, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(plain.rawPayload);
  });

  it("decodes to exactly the answer sent uncompressed (the Dashboard's query)", async () => {
    const dashboard = dashboardDocument();
    const plain = await post(dashboard, 'identity');
    const br = await post(dashboard, 'br');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.json<{ errors?: unknown }>().errors).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);
  });

  it('sends a small answer uncompressed', async () => {
    const me = await post(ME, 'gzip, deflate, br');
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(me.json<{ data: { me: { id: string } } }>().data.me.id).toBeTruthy();
  });

  it('refuses a compressed request body with 415, and takes the same body uncompressed', async () => {
    const body = JSON.stringify({ query: ME });
    const send = (payload: Buffer | string, encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${SINGLE_USER_TOKEN}`,
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        payload,
      });
    const gzipped = await send(gzipSync(body), 'gzip');
    expect(gzipped.statusCode).toBe(415);
    expect(gzipped.json()).toMatchObject({ error: 'unsupported_media_type' });
    expect((await send(body, 'identity')).json<{ data: { me: { id: string } } }>().data.me.id).toBeTruthy();
    expect((await send(body)).json<{ data: { me: { id: string } } }>().data.me.id).toBeTruthy();
  });

  it('streams a subscription over server-sent events uncompressed, event by event', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ query: 'subscription { marketDataUpdates(symbols: ["AAPL"]) { symbol price } }' });
    const { headers, firstEvent } = await new Promise<{ headers: Record<string, unknown>; firstEvent: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/graphql',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              'accept-encoding': 'gzip, deflate, br',
              authorization: `Bearer ${SINGLE_USER_TOKEN}`,
            },
          },
          (response) => {
            let text = '';
            let ticked = false;
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
              // The first event arrives while the stream stays open: nothing holds it back until the end.
              if (text.includes(':') && !ticked) {
                ticked = true; // subscribed (the stream has begun): the market moves
                clock += 1000;
                market.tick(clock);
              }
              const event = text.split('\n\n').find((block) => block.includes('event: next'));
              if (event) {
                resolve({ headers: response.headers, firstEvent: event });
                req.destroy();
              }
            });
            response.on('error', reject);
          },
        );
        req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
        req.end(body);
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    // GraphQL Yoga marks its event streams `Content-Encoding: none` (no proxy should buffer them to compress).
    expect(headers['content-encoding'] ?? 'none').toBe('none');
    expect(firstEvent).toContain('"symbol":"AAPL"');
  });
});
