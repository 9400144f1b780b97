import type { FormattedExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createTestApp, drivers, graphqlWsClient, nextWhile, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

const UPDATES = `subscription U($symbols: [String!]!) {
  marketDataUpdates(symbols: $symbols) { symbol name price bid ask volume timestamp changePercent } }`;

interface Update {
  marketDataUpdates: { symbol: string; name: string; price: number; bid: number; ask: number; timestamp: string };
}

describe.each(drivers)('marketDataUpdates over graphql-ws (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let client: Client;
  let clock = WEDNESDAY_1100;
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'updates-test', now: clock });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    client = graphqlWsClient(address, SINGLE_USER_TOKEN);
  });
  afterAll(async () => {
    await client.dispose();
    await testApp.close();
  });

  const tick = async () => {
    clock += 1000;
    market.tick(clock);
  };

  it('pushes each new quote of the subscribed symbols only, as the provider produced it', async () => {
    const updates = client.iterate<Update>({ query: UPDATES, variables: { symbols: ['aapl', 'KO'] } });
    const first = await nextWhile(updates, tick);
    const seen = new Set<string>();
    let event: FormattedExecutionResult<Update, unknown> = first;
    // One tick yields one quote per subscribed symbol; read until both were seen.
    while (seen.size < 2) {
      const quote = event.data!.marketDataUpdates;
      expect(['AAPL', 'KO']).toContain(quote.symbol);
      seen.add(quote.symbol);
      const live = market.getQuote(quote.symbol)!;
      expect(quote).toMatchObject({ price: live.price, bid: live.bid, ask: live.ask });
      expect(quote.timestamp).toBe(new Date(live.timestamp).toISOString());
      if (seen.size < 2) event = (await updates.next()).value as FormattedExecutionResult<Update, unknown>;
    }
    expect(seen).toEqual(new Set(['AAPL', 'KO']));

    // A later tick brings a newer quote of a subscribed symbol.
    const before = clock;
    await tick();
    const next = (await updates.next()).value as FormattedExecutionResult<Update, unknown>;
    expect(Date.parse(next.data!.marketDataUpdates.timestamp)).toBeGreaterThan(before);
    await updates.return?.();
  });

  it('refuses malformed, unknown-only and too many symbols with BAD_USER_INPUT', async () => {
    const failure = async (symbols: string[]) => {
      const updates = client.iterate<Update>({ query: UPDATES, variables: { symbols } });
      const result = await updates.next().then(
        (r) => r.value as FormattedExecutionResult<Update, unknown>,
        (error: unknown) => ({ errors: error as FormattedExecutionResult['errors'] }),
      );
      await updates.return?.();
      return result.errors?.[0];
    };
    expect(await failure(['A B'])).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await failure(['ZZZZ'])).toMatchObject({ message: 'Unknown symbol: ZZZZ' });
    expect(await failure(Array.from({ length: 101 }, (_, i) => `S${i}`))).toMatchObject({
      message: 'At most 100 symbols per call',
    });
  });
});
