import { afterEach, describe, expect, it } from 'vitest';
import { UNIVERSE } from '../../../src/domain/market/universe';
import { createEventBus } from '../../events';
import { shareSimulatedTicks, type SharedTicks } from './sharedTicks';
import { SimulatedMarket } from './simulator';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const SYMBOLS = UNIVERSE.map((instrument) => instrument.symbol);
/** Long enough never to fire: the tests tick by hand. */
const NEVER = 1e9;

const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

// Each test builds two simulated markets (a year of history each, about 1 s idle): 30 s each, several times what they
// take on a loaded CI machine (2 cores at load 15–25), where vitest's default 5 s was not enough.
describe('shareSimulatedTicks', () => {
  let bus = createEventBus();
  afterEach(() => (bus = createEventBus()));
  const shared: SharedTicks[] = [];
  afterEach(() => shared.splice(0).forEach((ticks) => ticks.stop()));

  function serverProcess(startedAt: number, errors: unknown[] = []) {
    const market = new SimulatedMarket({ seed: 'shared', now: startedAt, alwaysOpen: true });
    const ticks = shareSimulatedTicks(market, bus, {
      intervalMs: NEVER,
      clock: () => startedAt,
      onError: (error) => errors.push(error),
    });
    shared.push(ticks);
    return { market, ticks };
  }

  it('gives a follower the leader’s quotes, and the follower continues from them when it takes over', async () => {
    // Two processes started five minutes apart: different histories, different prices at first.
    const a = serverProcess(WEDNESDAY_1100);
    const b = serverProcess(WEDNESDAY_1100 + 300_000);
    expect(b.market.getQuotes(SYMBOLS)).not.toEqual(a.market.getQuotes(SYMBOLS));

    await a.ticks.ticking.start();
    let at = WEDNESDAY_1100 + 300_000;
    for (let i = 0; i < 30; i++) a.market.tick((at += 1000));
    await delivered();
    expect(b.market.getQuotes(SYMBOLS)).toEqual(a.market.getQuotes(SYMBOLS));
    for (const symbol of ['AAPL', 'KO']) {
      const [last] = b.market.getCandles(symbol, '1m', 1);
      expect(last!.close).toBe(a.market.getQuote(symbol)!.price);
    }

    // Leadership moves to b: its ticks continue from the shared prices and a follows them.
    await a.ticks.ticking.stop();
    await b.ticks.ticking.start();
    const before = a.market.getQuote('AAPL')!;
    const [quote] = b.market.tick(at + 1000).filter((q) => q.symbol === 'AAPL');
    await delivered();
    expect(a.market.getQuotes(SYMBOLS)).toEqual(b.market.getQuotes(SYMBOLS));
    expect(quote!.timestamp).toBeGreaterThan(before.timestamp);
    expect(Math.abs(quote!.price / before.price - 1)).toBeLessThan(0.01);
  }, 30_000);

  it('ignores a tick that is not newer than the last one applied, and reports a malformed one', async () => {
    const errors: unknown[] = [];
    const a = serverProcess(WEDNESDAY_1100);
    const b = serverProcess(WEDNESDAY_1100, errors);
    await a.ticks.ticking.start();
    a.market.tick(WEDNESDAY_1100 + 2000);
    await delivered();
    const quotes = b.market.getQuotes(SYMBOLS);
    bus.publish('marketTick', {
      at: WEDNESDAY_1100 + 1000,
      sessionDay: 0,
      entries: [['AAPL', 0, 1, 1, 1, 1, 1, 1, 1]],
    });
    bus.publish('marketTick', { at: Number.NaN, sessionDay: 0, entries: [] });
    await delivered();
    expect(b.market.getQuotes(SYMBOLS)).toEqual(quotes);
    expect(errors).toHaveLength(1);
  }, 30_000);
});
