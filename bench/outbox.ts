/**
 * Outbox delivery over a lossy network: OPERATIONS queued writes (watchlist creations) are flushed by the
 * client's real flusher (src/data/outbox, fake-indexeddb in node) through a local proxy that drops 30 % of
 * requests and 30 % of responses at random, to the real server (buildApp, in-memory PGlite) on loopback.
 * The baseline is the same queue flushed without the proxy in the same run. Afterwards the server's rows are
 * counted: every operation must arrive exactly once (lost = 0, duplicated = 0), which the output asserts.
 *
 * Run alone: `npx tsx bench/outbox.ts`.
 */
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { openLocalDb } from '../src/data/db';
import { createOutboxFlusher } from '../src/data/outbox/flusher';
import { OUTBOX_OPS } from '../src/data/outbox/ops';
import { createWatchlist } from '../src/data/watchlists';
import { SINGLE_USER_TOKEN } from '../src/domain/constants';

export interface OutboxBenchResult {
  operations: number;
  lossyOpsPerSec: number;
  baselineOpsPerSec: number;
  ratio: number;
  requests: number;
  droppedRequests: number;
  droppedResponses: number;
  lost: number;
  duplicated: number;
}

/** A proxy on 127.0.0.1 that loses requests and responses at random (seeded, so runs are comparable). */
async function startLossyProxy(target: string, dropRate: number, seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const stats = { requests: 0, droppedRequests: 0, droppedResponses: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      stats.requests += 1;
      if (random() < dropRate) {
        stats.droppedRequests += 1;
        request.socket.destroy();
        return;
      }
      const dropAnswer = random() < dropRate;
      fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: String(request.headers.authorization ?? ''),
          'idempotency-key': String(request.headers['idempotency-key'] ?? ''),
        },
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => {
          const text = await answer.text();
          if (dropAnswer) {
            stats.droppedResponses += 1;
            request.socket.destroy();
            return;
          }
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function flushAll(endpoint: string, prefix: string, operations: number, dbName: string): Promise<number> {
  const db = openLocalDb(dbName);
  for (let index = 0; index < operations; index++) await createWatchlist(db, `${prefix}-${index}`);
  const flusher = createOutboxFlusher({
    db,
    ops: OUTBOX_OPS,
    endpoint,
    fetch,
    getToken: () => Promise.resolve(SINGLE_USER_TOKEN),
  });
  const started = performance.now();
  // Bounded: even at 50 % loss per attempt, 50 rounds per operation are far more than enough.
  for (let round = 0; round < operations * 50 && (await db.outbox.count()) > 0; round++) {
    await flusher.flush({ ignoreBackoff: true });
  }
  const seconds = (performance.now() - started) / 1000;
  const left = await db.outbox.count();
  db.close();
  if (left > 0) throw new Error(`${left} operations were still queued`);
  return operations / seconds;
}

export async function benchOutbox({ operations = 1000, dropRate = 0.3 } = {}): Promise<OutboxBenchResult> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    STATIC_DIR: '/nonexistent',
  });
  const app = await buildApp({ config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startLossyProxy(`${address}/graphql`, dropRate, 20261123);
  try {
    // Warm-up (JIT, database caches), so the first measured run is not penalised.
    await flushAll(`${address}/graphql`, 'warmup', Math.min(200, operations), 'bench-outbox-warmup');
    const baselineOpsPerSec = await flushAll(`${address}/graphql`, 'direct', operations, 'bench-outbox-direct');
    const lossyOpsPerSec = await flushAll(proxy.url, 'lossy', operations, 'bench-outbox-lossy');
    const answer = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
      payload: { query: '{ watchlists { name } }' },
    });
    const names = answer.json<{ data: { watchlists: { name: string }[] } }>().data.watchlists.map((list) => list.name);
    const counts = new Map<string, number>();
    for (const name of names) if (name.startsWith('lossy-')) counts.set(name, (counts.get(name) ?? 0) + 1);
    let lost = 0;
    let duplicated = 0;
    for (let index = 0; index < operations; index++) {
      const seen = counts.get(`lossy-${index}`) ?? 0;
      if (seen === 0) lost += 1;
      if (seen > 1) duplicated += seen - 1;
    }
    return {
      operations,
      lossyOpsPerSec,
      baselineOpsPerSec,
      ratio: lossyOpsPerSec / baselineOpsPerSec,
      ...proxy.stats,
      lost,
      duplicated,
    };
  } finally {
    await proxy.close();
    await app.close();
  }
}

export function formatOutboxBench(result: OutboxBenchResult): string {
  const ok = result.lost === 0 && result.duplicated === 0;
  return [
    `  ${result.operations} queued writes, ${result.requests} requests through the proxy (${result.droppedRequests} requests and ${result.droppedResponses} responses dropped)`,
    `  lossy: ${result.lossyOpsPerSec.toFixed(1)} ops/s; direct baseline: ${result.baselineOpsPerSec.toFixed(1)} ops/s; ratio ${result.ratio.toFixed(3)}`,
    `  lost = ${result.lost}, duplicated = ${result.duplicated}: ${ok ? 'OK' : 'FAILED'}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchOutbox();
  console.log(formatOutboxBench(result));
  if (result.lost !== 0 || result.duplicated !== 0) process.exitCode = 1;
}
