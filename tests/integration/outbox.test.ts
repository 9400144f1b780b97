import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPriceAlert, updatePriceAlert } from '../../src/data/alerts';
import { openLocalDb, type LocalDb } from '../../src/data/db';
import { OUTBOX_BACKOFF_CAP_MS } from '../../src/data/outbox/backoff';
import { createOutboxFlusher, type OutboxFlusherOptions } from '../../src/data/outbox/flusher';
import { OUTBOX_OPS } from '../../src/data/outbox/ops';
import { discardOutboxRow, outboxRows, retryOutboxRow } from '../../src/data/outbox/queue';
import { addSymbolToWatchlist, createWatchlist, renameWatchlist } from '../../src/data/watchlists';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

/** What the proxy does with the next request: pass it on, answer an error itself, or lose the answer. */
type Fault = 'forward' | 503 | 429 | 'drop-request' | 'drop-response';

interface Proxy {
  url: string;
  /** Faults for the next requests, in order (then everything is forwarded). */
  faults: Fault[];
  /** Operation names and idempotency keys of the requests that reached the server, in order. */
  forwarded: { operation: string; key: string }[];
  close(): Promise<void>;
}

/** An HTTP proxy in front of the real server that can fail requests on purpose. */
async function startProxy(target: string): Promise<Proxy> {
  const proxy: Proxy = { url: '', faults: [], forwarded: [], close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fault = proxy.faults.shift() ?? 'forward';
      if (fault === 'drop-request') return void request.socket.destroy();
      if (typeof fault === 'number') return void response.writeHead(fault).end('busy');
      const body = Buffer.concat(chunks).toString();
      const key = String(request.headers['idempotency-key'] ?? '');
      const operation = /(?:mutation|query)\s+(\w+)/.exec(body.replace(/\\n/g, ' '))?.[1] ?? '?';
      proxy.forwarded.push({ operation, key });
      fetch(`${target}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: String(request.headers.authorization ?? ''),
          'idempotency-key': key,
        },
        body,
      })
        .then(async (answer) => {
          const text = await answer.text();
          if (fault === 'drop-response') return void request.socket.destroy();
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  proxy.close = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}

interface ServerWatchlist {
  id: string;
  name: string;
  symbols: string[];
}

describe.each(drivers)('outbox against the real server (%s)', (driver) => {
  let testApp: TestApp;
  let proxy: Proxy;
  let db: LocalDb;
  /** A frozen clock for the backoff test; null: real time. */
  let clock: number | null = null;

  const flusher = (overrides: Partial<OutboxFlusherOptions> = {}) =>
    createOutboxFlusher({
      db,
      ops: OUTBOX_OPS,
      endpoint: proxy.url,
      fetch: (input, init) => fetch(input, init),
      getToken: () => Promise.resolve(SINGLE_USER_TOKEN),
      now: () => clock ?? Date.now(),
      ...overrides,
    });

  const serverWatchlists = async (): Promise<ServerWatchlist[]> => {
    const answer = await graphql<{ watchlists: ServerWatchlist[] }>(testApp.app, '{ watchlists { id name symbols } }');
    return answer.data?.watchlists ?? [];
  };

  beforeAll(async () => {
    testApp = await createTestApp(driver);
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startProxy(address);
  });

  afterAll(async () => {
    await proxy.close();
    await testApp.close();
  });

  beforeAll(() => {
    db = openLocalDb(`outbox-${randomUUID()}`);
  });

  afterEach(async () => {
    clock = null;
    proxy.faults = [];
    proxy.forwarded = [];
    await db.outbox.clear();
  });

  it('sends queued writes in the order they were made and stores the server answer', async () => {
    const id = await createWatchlist(db, 'Tech');
    await addSymbolToWatchlist(db, id, 'AAPL');
    await addSymbolToWatchlist(db, id, 'MSFT');
    await renameWatchlist(db, id, 'Big tech');

    const result = await flusher().flush();

    expect(result).toMatchObject({ sent: 4, failed: 0, stoppedBy: null });
    expect(proxy.forwarded.map((request) => request.operation)).toEqual([
      'CreateWatchlist',
      'AddToWatchlist',
      'AddToWatchlist',
      'UpdateWatchlist',
    ]);
    expect(await outboxRows(db)).toEqual([]);
    const onServer = (await serverWatchlists()).filter((list) => list.id === id);
    expect(onServer).toEqual([{ id, name: 'Big tech', symbols: ['AAPL', 'MSFT'] }]);
    expect(await db.watchlists.get(id)).toMatchObject({ name: 'Big tech', symbols: ['AAPL', 'MSFT'] });
  });

  it('an alert created and edited offline reaches the server as createAlert then updateAlert (spec §7)', async () => {
    const alertId = await createPriceAlert(db, { symbol: 'NVDA', condition: 'above', triggerPrice: 150 });
    await updatePriceAlert(db, alertId, { condition: 'below', triggerPrice: 120.25, message: 'Buy more' });

    expect(await flusher().flush()).toMatchObject({ sent: 2, failed: 0, stoppedBy: null });
    expect(proxy.forwarded.map((request) => request.operation)).toEqual(['CreateAlert', 'UpdateAlert']);
    const alerts = await graphql<{
      alerts: { id: string; condition: string; triggerPrice: number; message: string }[];
    }>(testApp.app, '{ alerts { id condition triggerPrice message } }');
    const expected = { id: alertId, condition: 'below', triggerPrice: 120.25, message: 'Buy more' };
    expect(alerts.data?.alerts.filter((alert) => alert.id === alertId)).toEqual([expected]);
    expect(await db.alerts.get(alertId)).toMatchObject(expected);

    // A later edit leaving the message alone keeps it on the server too.
    await updatePriceAlert(db, alertId, { condition: 'below', triggerPrice: 110 });
    expect(await flusher().flush()).toMatchObject({ sent: 1, failed: 0 });
    expect(await db.alerts.get(alertId)).toMatchObject({ triggerPrice: 110, message: 'Buy more' });
  });

  it('stops at a retryable failure, backs off exponentially with jitter up to 30 s, then delivers', async () => {
    const id = await createWatchlist(db, 'Backoff');
    await addSymbolToWatchlist(db, id, 'NVDA');
    proxy.faults = [503, 429, 'drop-request', 503, 503, 503, 503];
    let frozen = Date.now() + 1;
    clock = frozen;
    const waits: number[] = [];
    const flush = flusher({ random: () => 0.5 });
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const result = await flush.flush();
      expect(result.stoppedBy).toBe('retry');
      expect(result.sent).toBe(0);
      waits.push((result.nextAttemptAt ?? 0) - frozen);
      // Not due yet: nothing is sent.
      expect(await flush.flush()).toMatchObject({ sent: 0, stoppedBy: 'retry' });
      frozen = result.nextAttemptAt ?? frozen;
      clock = frozen;
    }
    expect(waits.slice(0, 6)).toEqual([750, 1500, 3000, 6000, 12_000, 22_500]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(OUTBOX_BACKOFF_CAP_MS);
    // The second row waited behind the first: nothing but the head was tried.
    expect(proxy.forwarded).toEqual([]);
    const [head] = await outboxRows(db);
    expect(head).toMatchObject({ op: 'watchlist.create', attempts: 7, status: 'pending' });

    expect(await flush.flush()).toMatchObject({ sent: 2, stoppedBy: null });
    expect((await serverWatchlists()).filter((list) => list.id === id)).toEqual([
      { id, name: 'Backoff', symbols: ['NVDA'] },
    ]);
  });

  it('sets a refused write aside as failed, keeps sending the rest, and lets the user retry or discard it', async () => {
    const first = await createWatchlist(db, 'Refused later');
    const ghost = randomUUID();
    // A write the server refuses for good: renaming a watchlist that does not exist there.
    await db.watchlists.put({ id: ghost, name: 'Ghost', symbols: [], items: [], createdAt: '', updatedAt: '' });
    await renameWatchlist(db, ghost, 'Still a ghost');
    await addSymbolToWatchlist(db, first, 'AMZN');

    const result = await flusher().flush();

    expect(result).toMatchObject({ sent: 2, failed: 1, stoppedBy: null });
    const [failed, ...others] = await outboxRows(db);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ op: 'watchlist.update', status: 'failed', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();

    // Retry sends it again (and it is refused again); Discard drops it.
    await retryOutboxRow(db, failed?.id ?? '');
    expect(await flusher().flush()).toMatchObject({ sent: 0, failed: 1 });
    await discardOutboxRow(db, OUTBOX_OPS, failed?.id ?? '');
    expect(await outboxRows(db)).toEqual([]);
    expect((await serverWatchlists()).some((list) => list.id === ghost)).toBe(false);
  });

  it('discarding a refused create removes the local copy', async () => {
    const alertId = await createPriceAlert(db, { symbol: 'NOPE', condition: 'above', triggerPrice: 10 });
    expect(await flusher().flush()).toMatchObject({ failed: 1 });
    const [failed] = await outboxRows(db);
    await discardOutboxRow(db, OUTBOX_OPS, failed?.id ?? '');
    expect(await db.alerts.get(alertId)).toBeUndefined();
  });

  it('replays a write whose answer was lost with the same key, and the server applies it once', async () => {
    const id = await createWatchlist(db, 'Lost answer');
    await addSymbolToWatchlist(db, id, 'TSLA');
    proxy.faults = ['forward', 'drop-response'];

    expect(await flusher().flush()).toMatchObject({ sent: 1, stoppedBy: 'retry' });
    expect(await flusher().flush({ ignoreBackoff: true })).toMatchObject({ sent: 1, stoppedBy: null });

    const [, firstAdd, replayedAdd] = proxy.forwarded;
    expect(firstAdd?.operation).toBe('AddToWatchlist');
    expect(replayedAdd?.key).toBe(firstAdd?.key);
    expect((await serverWatchlists()).filter((list) => list.id === id)).toEqual([
      { id, name: 'Lost answer', symbols: ['TSLA'] },
    ]);
  });

  it('after a crash between sending and deleting, the restarted client replays without duplicating', async () => {
    const id = await createWatchlist(db, 'Crash');
    const alertId = await createPriceAlert(db, { symbol: 'AAPL', condition: 'below', triggerPrice: 100.5 });
    // The "crashing" client: the server applies each write, but the process dies before the row is deleted.
    const crashing = flusher({
      fetch: async (input, init) => {
        await fetch(input, init);
        throw new Error('client crashed');
      },
    });
    await crashing.flush();
    expect((await outboxRows(db)).map((row) => row.op)).toEqual(['watchlist.create', 'alert.create']);
    expect((await serverWatchlists()).filter((list) => list.id === id)).toHaveLength(1);

    // Restart: a fresh flusher on the same local database sends both rows again.
    expect(await flusher().flush({ ignoreBackoff: true })).toMatchObject({ sent: 2, stoppedBy: null });

    expect((await serverWatchlists()).filter((list) => list.name === 'Crash')).toHaveLength(1);
    const alerts = await graphql<{ alerts: { id: string; triggerPrice: number }[] }>(
      testApp.app,
      '{ alerts { id triggerPrice } }',
    );
    expect(alerts.data?.alerts.filter((alert) => alert.id === alertId)).toEqual([{ id: alertId, triggerPrice: 100.5 }]);
    expect(await outboxRows(db)).toEqual([]);
  });
});
