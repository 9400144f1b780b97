import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregateCandles, INTERVALS, type Candle, type Interval } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import { findInstrument } from '../../../src/domain/market/universe';
import type { MarketDataProvider } from './provider';
import { SimulatedMarket } from './simulator';

const instruments = ['AAPL', 'NVDA', 'KO', 'SPY'].map((s) => findInstrument(s)!);
const WEDNESDAY_1131 = Date.parse('2026-11-18T16:31:25Z'); // 11:31:25 ET, market open
const FRIDAY_EVENING = Date.parse('2026-11-20T23:00:00Z'); // 18:00 ET, closed
const MONDAY_OPEN = Date.parse('2026-11-23T14:30:00Z'); // 09:30 ET
const SATURDAY_NOON = Date.parse('2026-11-21T17:00:00Z');

const market = (
  now: number,
  alwaysOpen = false,
  extra: Partial<ConstructorParameters<typeof SimulatedMarket>[0]> = {},
) => new SimulatedMarket({ seed: 'test', now, alwaysOpen, instruments, ...extra });

function runTicks(sim: SimulatedMarket, from: number, seconds: number): MarketQuote[] {
  let quotes: MarketQuote[] = [];
  for (let s = 1; s <= seconds; s++) quotes = sim.tick(from + s * 1000);
  return quotes;
}

function expectConsistent(sim: SimulatedMarket, symbol: string) {
  const live = sim.getQuote(symbol)!;
  const all = Object.fromEntries(INTERVALS.map((i) => [i, sim.getCandles(symbol, i, 10_000)])) as Record<
    Interval,
    Candle[]
  >;
  for (const interval of INTERVALS) expect(all[interval].at(-1)!.close, `${symbol} ${interval}`).toBe(live.price);
  const pairs: [Interval, Interval][] = [
    ['1m', '5m'],
    ['5m', '15m'],
    ['15m', '1h'],
    ['1h', '1D'],
  ];
  for (const [fine, coarse] of pairs) {
    const aggregated = aggregateCandles(all[fine], coarse).slice(1);
    const expected = all[coarse].filter((bar) => bar.time >= aggregated[0]!.time);
    expect(aggregated, `${symbol} ${fine}→${coarse}`).toEqual(expected);
  }
  const today = all['1D'].at(-1)!;
  expect([live.open, live.high, live.low, live.volume]).toEqual([today.open, today.high, today.low, today.volume]);
}

describe('SimulatedMarket', () => {
  afterEach(() => vi.useRealTimers());

  it('implements the provider interface and starts at the history’s last close', () => {
    const sim: MarketDataProvider = market(WEDNESDAY_1131);
    const quote = sim.getQuote('aapl') as MarketQuote;
    expect(quote.symbol).toBe('AAPL');
    expect(quote.timestamp).toBe(WEDNESDAY_1131);
    expect(quote.bid).toBeLessThan(quote.ask);
    expect(quote.marketCap).toBe(Math.round(quote.price * findInstrument('AAPL')!.sharesOutstanding));
    expect(quote.change).toBeCloseTo(quote.price - quote.previousClose, 9);
    expect(sim.getQuote('NOPE')).toBeUndefined();
    expect((sim.getQuotes(['KO', 'NOPE', 'SPY']) as MarketQuote[]).map((q) => q.symbol)).toEqual(['KO', 'SPY']);
    for (const { symbol } of instruments) expectConsistent(sim as SimulatedMarket, symbol);
  });

  it('moves prices while open and keeps every interval consistent and ending at the live price', () => {
    const sim = market(WEDNESDAY_1131);
    const before = sim.getQuote('NVDA')!.price;
    const quotes = runTicks(sim, WEDNESDAY_1131, 600); // ten minutes, crossing 5m and 15m boundaries
    expect(quotes.length).toBe(instruments.length);
    expect(quotes.every((q) => q.ask > q.bid && q.price > 0)).toBe(true);
    expect(sim.getCandles('NVDA', '1m', 100).map((c) => c.close)).not.toEqual(Array(100).fill(before));
    for (const { symbol } of instruments) expectConsistent(sim, symbol);
    const minutes = sim.getCandles('AAPL', '1m', 12);
    expect(minutes.at(-1)!.time).toBe(Date.parse('2026-11-18T16:41:00Z'));
  });

  it('does not move while the market is closed', () => {
    const sim = market(FRIDAY_EVENING);
    const before = sim.getQuotes(instruments.map((i) => i.symbol));
    const daily = sim.getCandles('KO', '1D', 3);
    expect(sim.tick(FRIDAY_EVENING + 1000)).toEqual([]);
    expect(sim.tick(SATURDAY_NOON)).toEqual([]);
    expect(sim.tick(Date.parse('2026-11-23T14:29:59Z'))).toEqual([]); // Monday 09:29:59 ET
    expect(sim.getQuotes(instruments.map((i) => i.symbol)).map(({ timestamp: _t, ...q }) => q)).toEqual(
      before.map(({ timestamp: _t, ...q }) => q),
    );
    expect(sim.getCandles('KO', '1D', 3)).toEqual(daily);
  });

  it('opens a new session with an overnight gap, a fresh daily bar and the previous close', () => {
    const sim = market(FRIDAY_EVENING);
    const fridayClose = sim.getQuote('SPY')!.price;
    runTicks(sim, MONDAY_OPEN - 1000, 90);
    const quote = sim.getQuote('SPY')!;
    const daily = sim.getCandles('SPY', '1D', 2);
    expect(daily.map((bar) => bar.time)).toEqual([
      Date.parse('2026-11-20T05:00:00Z'),
      Date.parse('2026-11-23T05:00:00Z'),
    ]);
    expect(daily[0]!.close).toBe(fridayClose);
    expect(quote.previousClose).toBe(fridayClose);
    expect(quote.open).toBe(daily.at(-1)!.open);
    expect(quote.volume).toBeGreaterThan(0);
    expectConsistent(sim, 'SPY');
  });

  it('ticks at any hour with alwaysOpen', () => {
    const sim = market(SATURDAY_NOON, true);
    const before = sim.getQuote('AAPL')!;
    runTicks(sim, SATURDAY_NOON, 120);
    const after = sim.getQuote('AAPL')!;
    expect(after.price).not.toBe(before.price);
    expect(after.previousClose).toBe(before.price);
    expectConsistent(sim, 'AAPL');
  });

  it('is deterministic for a seed, start time and tick times', () => {
    const a = market(WEDNESDAY_1131);
    const b = market(WEDNESDAY_1131);
    expect(runTicks(a, WEDNESDAY_1131, 30)).toEqual(runTicks(b, WEDNESDAY_1131, 30));
    expect(a.getCandles('KO', '5m', 50)).toEqual(b.getCandles('KO', '5m', 50));
    const c = new SimulatedMarket({ seed: 'other', now: WEDNESDAY_1131, instruments });
    expect(c.getQuote('KO')!.price).not.toBe(a.getQuote('KO')!.price);
  });

  it('notifies subscribers of their symbols until they unsubscribe, despite a failing subscriber', () => {
    const errors: unknown[] = [];
    const sim = market(WEDNESDAY_1131, false, { onListenerError: (e) => errors.push(e) });
    const seen: string[] = [];
    const unsubscribe = sim.subscribe(['aapl', 'KO', 'UNKNOWN'], (q) => seen.push(q.symbol));
    sim.subscribe(['KO'], () => {
      throw new Error('boom');
    });
    sim.tick(WEDNESDAY_1131 + 1000);
    expect(seen.sort()).toEqual(['AAPL', 'KO']);
    expect(errors.length).toBe(1);
    unsubscribe();
    sim.tick(WEDNESDAY_1131 + 2000);
    expect(seen.length).toBe(2);
  });

  it('keeps memory bounded by the ring capacities', () => {
    const sim = market(WEDNESDAY_1131, false, { capacity: { '1m': 20, '5m': 10, '15m': 10, '1h': 10, '1D': 30 } });
    runTicks(sim, WEDNESDAY_1131, 1800);
    expect(sim.getCandles('AAPL', '1m', 1000).length).toBe(20);
    expect(sim.getCandles('AAPL', '1D', 1000).length).toBe(30);
    expect(sim.getCandles('AAPL', '1m', 5).length).toBe(5);
    expect(sim.getCandles('AAPL', '1m', 0)).toEqual([]);
    expect(sim.getCandles('NOPE', '1m', 5)).toEqual([]);
  });

  it('ticks on a timer once started', () => {
    vi.useFakeTimers();
    let now = WEDNESDAY_1131;
    const sim = market(now);
    const seen: number[] = [];
    sim.subscribe(['SPY'], (q) => seen.push(q.timestamp));
    sim.start(1000, () => (now += 1000));
    vi.advanceTimersByTime(3000);
    sim.stop();
    vi.advanceTimersByTime(3000);
    expect(seen).toEqual([WEDNESDAY_1131 + 1000, WEDNESDAY_1131 + 2000, WEDNESDAY_1131 + 3000]);
  });
});
