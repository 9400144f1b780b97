import type { FormattedExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SimulatedMarket } from '../../server/services/market';
import { UNIVERSE } from '../../src/domain/market/universe';
import { createTestApp, createUserWithSession, drivers, graphqlWsClient, nextWhile, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

const UPDATES = `subscription U($symbols: [String!]!) {
  marketDataUpdates(symbols: $symbols) { symbol name price bid ask volume timestamp changePercent } }`;

interface Update {
  marketDataUpdates: { symbol: string; price: number; timestamp: string };
}

// Subscribers of the same quote subscription share one execution per tick (server/graphql/sharedStreams.ts);
// each still connects and subscribes with its own credentials, and leaves on its own.
describe.each(drivers)('shared marketDataUpdates (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let address: string;
  let clock = WEDNESDAY_1100;
  const clients: Client[] = [];
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'shared-updates-test', now: clock });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await testApp.close();
  });

  const connect = (token: string) => {
    const client = graphqlWsClient(address, token);
    clients.push(client);
    return client;
  };
  const tick = async () => {
    clock += 1000;
    market.tick(clock);
  };
  /** The next event whose quote is at least as new as `after`. */
  const nextAfter = async (updates: AsyncIterator<FormattedExecutionResult<Update, unknown>>, after: number) => {
    for (;;) {
      const event = (await updates.next()).value as FormattedExecutionResult<Update, unknown>;
      if (Date.parse(event.data!.marketDataUpdates.timestamp) >= after) return event.data!.marketDataUpdates;
    }
  };

  it("gives two users' identical subscriptions the same quotes, and keeps one going when the other leaves", async () => {
    const alice = await createUserWithSession(testApp.db);
    const bob = await createUserWithSession(testApp.db);
    const variables = { symbols: ['MSFT'] };
    const aliceUpdates = connect(alice.token).iterate<Update>({ query: UPDATES, variables });
    const bobUpdates = connect(bob.token).iterate<Update>({ query: UPDATES, variables });
    await nextWhile(aliceUpdates, tick);
    await nextWhile(bobUpdates, tick);

    await tick();
    const live = market.getQuote('MSFT')!;
    const aliceQuote = await nextAfter(aliceUpdates, clock);
    const bobQuote = await nextAfter(bobUpdates, clock);
    expect(aliceQuote).toEqual(bobQuote);
    expect(aliceQuote).toMatchObject({ symbol: 'MSFT', price: live.price, timestamp: new Date(clock).toISOString() });

    await aliceUpdates.return?.();
    await tick();
    expect(await nextAfter(bobUpdates, clock)).toMatchObject({ timestamp: new Date(clock).toISOString() });
    await bobUpdates.return?.();
  });

  it('skips a client that stops reading once 256 KiB wait unsent on its socket, without holding up the others', async () => {
    const slowUser = await createUserWithSession(testApp.db);
    const user = await createUserWithSession(testApp.db);
    // The slow client: a bare graphql-transport-ws socket, every symbol in one subscription, noting each quote's time.
    const slow = new WebSocket(`${address.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const seen: string[] = [];
    slow.on('open', () =>
      slow.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${slowUser.token}` } })),
    );
    slow.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: { data: Update } };
      if (message.type === 'connection_ack') {
        const variables = { symbols: UNIVERSE.map((instrument) => instrument.symbol) };
        slow.send(JSON.stringify({ id: 'all', type: 'subscribe', payload: { query: UPDATES, variables } }));
      } else if (message.type === 'next') seen.push(message.payload!.data.marketDataUpdates.timestamp);
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    while (seen.length === 0) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const updates = connect(user.token).iterate<Update>({ query: UPDATES, variables: { symbols: ['MSFT'] } });
    await nextWhile(updates, tick);

    slow.pause();
    let mostUnsent = 0;
    // Ticks until the kernel's socket buffers are full and the server's own holds 200 KiB, then 50 more.
    for (let i = 0, more = 50; i < 5000 && more > 0; i++) {
      await tick();
      await turn();
      for (const socket of testApp.app.websocketServer.clients)
        mostUnsent = Math.max(mostUnsent, socket.bufferedAmount);
      if (mostUnsent > 200 * 1024) more -= 1;
    }
    // The server kept at most 256 KiB and one tick's quotes unsent.
    expect(mostUnsent).toBeGreaterThan(200 * 1024);
    expect(mostUnsent).toBeLessThanOrEqual(256 * 1024 + UNIVERSE.length * 512);
    expect(await nextAfter(updates, clock)).toMatchObject({ timestamp: new Date(clock).toISOString() });

    // Once it reads again, it gets the quotes of new ticks.
    slow.resume();
    const resumedAt = clock;
    while (!seen.some((timestamp) => Date.parse(timestamp) > resumedAt)) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    slow.close();
    await updates.return?.();
  });

  it('still refuses a connection without a valid token while the same subscription is shared', async () => {
    const user = await createUserWithSession(testApp.db);
    const updates = connect(user.token).iterate<Update>({ query: UPDATES, variables: { symbols: ['KO'] } });
    await nextWhile(updates, tick);
    const refused = connect('not-a-session').iterate({ query: UPDATES, variables: { symbols: ['KO'] } });
    const closed = await refused.next().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(closed).toMatchObject({ code: 4401 });
    await updates.return?.();
  });
});
