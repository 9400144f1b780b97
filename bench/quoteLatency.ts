/**
 * Quote-to-subscriber latency: how long after the market produces a quote a graphql-ws subscriber of
 * marketDataUpdates receives it, with SUBSCRIPTIONS subscriptions open on loopback against the real
 * server (buildApp on an in-memory PGlite, listening on 127.0.0.1:<free port>), compared with the
 * baseline of the same number of listeners subscribed directly to the provider in-process.
 *
 * Each round ticks a SimulatedMarket by hand (every symbol gets a new quote) at t0 and records, for every
 * subscription, the time its quote of that tick arrives (same process, same clock: performance.now()).
 * The clients share the server's event loop, so the figures include their own message handling.
 *
 * Run alone: `npx tsx bench/quoteLatency.ts`.
 */
import { pathToFileURL } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { buildApp } from '../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { SimulatedMarket } from '../server/services/market';
import { SINGLE_USER_TOKEN } from '../src/domain/constants';
import { UNIVERSE } from '../src/domain/market/universe';

export interface LatencyStats {
  p50: number;
  p95: number;
  samples: number;
}

export interface QuoteLatencyResult {
  subscriptions: number;
  rounds: number;
  /** Milliseconds, direct provider listeners. */
  baseline: LatencyStats;
  /** Milliseconds, graphql-ws subscribers on loopback. */
  graphqlWs: LatencyStats;
}

export interface QuoteLatencyOptions {
  subscriptions?: number;
  /** Subscriptions per WebSocket connection. */
  perConnection?: number;
  rounds?: number;
}

const START = Date.parse('2026-11-18T16:00:00Z');
const ROUND_TIMEOUT_MS = 10_000;
/** Ticks run before measuring the baseline (JIT warm-up). */
const WARM_UP_TICKS = 10;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples: sorted.length };
}

const symbolOf = (i: number) => UNIVERSE[i % UNIVERSE.length]!.symbol;

/** Direct listeners on the provider: the latency floor of delivering a quote in-process. */
function baselineLatency(subscriptions: number, rounds: number): LatencyStats {
  const market = new SimulatedMarket({ seed: 'bench', now: START, alwaysOpen: true });
  let t0 = 0;
  let measuring = false;
  const samples: number[] = [];
  const stops = Array.from({ length: subscriptions }, (_, i) =>
    market.subscribe([symbolOf(i)], () => {
      if (measuring) samples.push(performance.now() - t0);
    }),
  );
  let clock = START;
  for (let round = 0; round < WARM_UP_TICKS + rounds; round++) {
    measuring = round >= WARM_UP_TICKS;
    t0 = performance.now();
    market.tick((clock += 1000));
  }
  for (const stop of stops) stop();
  return stats(samples);
}

async function graphqlWsLatency(subscriptions: number, perConnection: number, rounds: number): Promise<LatencyStats> {
  const market = new SimulatedMarket({ seed: 'bench', now: START, alwaysOpen: true });
  let clock = START;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    STATIC_DIR: '/nonexistent-static-dir',
  });
  const app = await buildApp({ config, market, now: () => new Date(clock) });
  const clients: Client[] = [];
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace(/^http/, 'ws')}/graphql`;
    /** Tick time (quote timestamp, epoch ms) → performance.now() when the tick started. */
    const tickStarts = new Map<number, number>();
    const received = new Map<number, number>();
    const samples: number[] = [];
    let measuring = false;
    const seen = new Set<number>();
    let waiter: (() => void) | undefined;
    const onQuote = (index: number, timestamp: string) => {
      const now = performance.now();
      seen.add(index);
      const start = tickStarts.get(Date.parse(timestamp));
      if (start === undefined) return;
      if (measuring) samples.push(now - start);
      const count = (received.get(start) ?? 0) + 1;
      received.set(start, count);
      if (count === subscriptions) waiter?.();
    };

    for (let c = 0; c * perConnection < subscriptions; c++) {
      const client = createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${SINGLE_USER_TOKEN}` },
        retryAttempts: 0,
      });
      clients.push(client);
      for (let i = c * perConnection; i < Math.min(subscriptions, (c + 1) * perConnection); i++) {
        client.subscribe<{ marketDataUpdates: { timestamp: string } }>(
          {
            query: 'subscription S($s: [String!]!) { marketDataUpdates(symbols: $s) { symbol price timestamp } }',
            variables: { s: [symbolOf(i)] },
          },
          {
            next: (result) => {
              if (result.data) onQuote(i, result.data.marketDataUpdates.timestamp);
            },
            error: (error) => console.error('subscription error', error),
            complete: () => undefined,
          },
        );
      }
    }

    const tick = async () => {
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('round timed out')), ROUND_TIMEOUT_MS);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      clock += 1000;
      const t0 = performance.now();
      tickStarts.set(clock, t0);
      market.tick(clock);
      await done;
    };

    // Warm-up: tick until every subscription is live (graphql-ws subscriptions start asynchronously).
    const warmUntil = Date.now() + 30_000;
    while (seen.size < subscriptions) {
      if (Date.now() > warmUntil) throw new Error(`only ${seen.size} of ${subscriptions} subscriptions started`);
      clock += 1000;
      tickStarts.set(clock, performance.now());
      market.tick(clock);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await tick(); // one complete round before measuring
    measuring = true;
    for (let round = 0; round < rounds; round++) await tick();
    return stats(samples);
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await app.close();
  }
}

export async function benchQuoteLatency(options: QuoteLatencyOptions = {}): Promise<QuoteLatencyResult> {
  const subscriptions = options.subscriptions ?? 500;
  const rounds = options.rounds ?? 30;
  const perConnection = options.perConnection ?? 10;
  const baseline = baselineLatency(subscriptions, rounds);
  const graphqlWs = await graphqlWsLatency(subscriptions, perConnection, rounds);
  return { subscriptions, rounds, baseline, graphqlWs };
}

export function formatQuoteLatency(result: QuoteLatencyResult): string {
  const ms = (x: number) => `${x.toFixed(3)} ms`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(0)}×` : 'n/a');
  const { baseline, graphqlWs } = result;
  return [
    `${result.subscriptions} subscriptions, ${result.rounds} ticks, ${graphqlWs.samples} deliveries measured`,
    `              p50           p95`,
    `direct        ${ms(baseline.p50).padEnd(14)}${ms(baseline.p95)}`,
    `graphql-ws    ${ms(graphqlWs.p50).padEnd(14)}${ms(graphqlWs.p95)}`,
    `ratio         ${ratio(graphqlWs.p50, baseline.p50).padEnd(14)}${ratio(graphqlWs.p95, baseline.p95)}   (graphql-ws / direct)`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatQuoteLatency(await benchQuoteLatency()));
}
