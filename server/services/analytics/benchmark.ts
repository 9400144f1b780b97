/**
 * A benchmark's daily closes and a user's daily equity as day-numbered points (issue 15 points 3 and 4).
 *
 * - The benchmark is `INDEX`, the simulated cap-weighted index of the universe's stocks, or a symbol of the market
 *   universe. Anything else is BAD_USER_INPUT naming the `benchmark` field.
 * - The index's level is Σ close × shares outstanding of the stocks (as the dashboard's cap-weighted index) when
 *   every stock has a bar every day. A stock without a bar on a day counts at its last close (its move shows on its
 *   next bar), and a stock whose bars start later joins without moving the index: the first day's level is
 *   Σ close × shares of the stocks with a bar that day, each later day's the day before's × the ratio of
 *   Σ shares × last close today to the same sum the day before, over the stocks with a bar on or before the day
 *   before. So the level's day-to-day ratio is always the index's return.
 * - Closes are keyed by New York day number; the candles needed are fetched once per call (the chain-linked index
 *   goes over the bars the first pass fetched).
 */
import type { Candle } from '../../../src/domain/market/candle';
import type { Instrument } from '../../../src/domain/market/universe';
import { DAY_MS, dayOfIso, easternDayNumber } from '../../../src/domain/market/calendar';
import type { DayPoint } from '../../../src/domain/analytics/periods';
import type { Queryable } from '../../db/client';
import { AppError, badField } from '../errors';
import type { MarketDataProvider } from '../market';
import { equityAndDeposits } from './dailyEquity';

export const INDEX_BENCHMARK = 'INDEX';

export type CandleSource = Pick<MarketDataProvider, 'getCandles'>;

/** BAD_USER_INPUT naming the input field, its message starting with it ("benchmark: …"). */
export function badInputField(field: string, message: string): AppError {
  return badField(field, `${field}: ${message}`);
}

/** The annual risk-free rate the Sharpe and Sortino ratios take: between -1 and 1, else bad input naming it. */
export function checkRiskFreeRate(riskFreeRate: number): void {
  if (!(Math.abs(riskFreeRate) <= 1))
    throw badInputField('riskFreeRate', 'an annual rate between -1 and 1 (0.04 = 4 %)');
}

/** The benchmark's symbol in upper case, checked against the universe. */
export function benchmarkName(benchmark: string | null | undefined, instruments: ReadonlyMap<string, Instrument>) {
  const name = (benchmark ?? INDEX_BENCHMARK).trim().toUpperCase();
  if (name !== INDEX_BENCHMARK && !instruments.has(name))
    throw badInputField('benchmark', `unknown benchmark "${name.slice(0, 20)}": use INDEX or a symbol of the market`);
  return name;
}

/** Day numbers of bar times (every symbol's daily bars share their times; bounded, cleared when full). */
const dayOfBar = new Map<number, number>();
function barDay(time: number): number {
  let day = dayOfBar.get(time);
  if (day === undefined) {
    if (dayOfBar.size >= 100_000) dayOfBar.clear();
    dayOfBar.set(time, (day = easternDayNumber(time)));
  }
  return day;
}

/** A symbol's closes by day number over its newest `bars` daily bars. */
export async function symbolCloses(market: CandleSource, symbol: string, bars: number) {
  const candles = await market.getCandles(symbol, '1D', bars);
  return new Map(candles.map((c) => [barDay(c.time), c.close]));
}

/**
 * The bar times seen, each a slot: a bar's slot is found by its position from the end (the symbols' bars usually
 * share their times, newest last), else looked up.
 */
interface Slots {
  times: number[];
  slotOf: Map<number, number>;
}

/** The slot of the bar at `time`, `i`-th of `count` bars (a new slot for a time not seen yet). */
function slotAt(slots: Slots, time: number, i: number, count: number): number {
  const at = i + slots.times.length - count;
  if (slots.times[at] === time) return at;
  let slot = slots.slotOf.get(time);
  if (slot === undefined) {
    slots.slotOf.set(time, (slot = slots.times.length));
    slots.times.push(time);
  }
  return slot;
}

/**
 * The index by day number when some stock misses a day (see the rules), over the bars the first pass fetched
 * (`candlesOf`, each stock's in `stocks`' order) and the slots it found: the first day's level is Σ close × shares
 * of the stocks with a bar that day; each later day's is the day before's × Σ shares × last close today / Σ shares ×
 * last close the day before, over the stocks with a bar on or before the day before.
 */
function chainLinkedCloses(stocks: readonly Instrument[], candlesOf: readonly (readonly Candle[])[], slots: Slots) {
  const { times } = slots;
  const days = times.length;
  const order = times.map((_, slot) => slot).sort((a, b) => times[a]! - times[b]!);
  const rankOf = new Int32Array(days);
  order.forEach((slot, rank) => (rankOf[slot] = rank));
  // Today's and the day before's sums; a stock's last close held over days without a bar goes into both through
  // `held`, a difference array (added after the bar, taken off at the stock's next bar).
  const today = new Float64Array(days);
  const before = new Float64Array(days);
  const held = new Float64Array(days + 1);
  let first = 0;
  stocks.forEach((stock, s) => {
    const candles = candlesOf[s]!;
    let previous = -1;
    let previousValue = 0;
    for (let i = 0; i < candles.length; i++) {
      const rank = rankOf[slotAt(slots, candles[i]!.time, i, candles.length)]!;
      const value = candles[i]!.close * stock.sharesOutstanding;
      if (previous < 0) {
        if (rank === 0) first += value;
      } else {
        today[rank] = today[rank]! + value;
        before[rank] = before[rank]! + previousValue;
        held[previous + 1] = held[previous + 1]! + previousValue;
        held[rank] = held[rank]! - previousValue;
      }
      previous = rank;
      previousValue = value;
    }
    if (previous >= 0) held[previous + 1] = held[previous + 1]! + previousValue; // to the last day
  });
  const closes = new Map<number, number>();
  let level = first;
  let carried = 0;
  for (let rank = 0; rank < days; rank++) {
    if (rank > 0) {
      carried += held[rank]!;
      const base = before[rank]! + carried;
      if (base > 0) level *= (today[rank]! + carried) / base;
    }
    closes.set(barDay(times[order[rank]!]!), level);
  }
  return closes;
}

/** The benchmark's closes by day number over the newest `bars` daily bars (see the rules). */
export async function benchmarkCloses(
  market: CandleSource,
  instruments: ReadonlyMap<string, Instrument>,
  name: string,
  bars: number,
): Promise<Map<number, number>> {
  if (name !== INDEX_BENCHMARK) return symbolCloses(market, name, bars);
  // Σ close × shares by bar time, and how many stocks have a bar then: when every stock has every bar (the usual
  // case), that sum is the level.
  const stocks = [...instruments.values()].filter((instrument) => instrument.type === 'stock');
  const slots: Slots = { times: [], slotOf: new Map() };
  const levels: number[] = [];
  const counts: number[] = [];
  const candlesOf: Candle[][] = [];
  for (const instrument of stocks) {
    const candles = await market.getCandles(instrument.symbol, '1D', bars);
    candlesOf.push(candles);
    for (let i = 0; i < candles.length; i++) {
      const slot = slotAt(slots, candles[i]!.time, i, candles.length);
      if (slot === levels.length) {
        levels.push(0);
        counts.push(0);
      }
      levels[slot] = levels[slot]! + candles[i]!.close * instrument.sharesOutstanding;
      counts[slot] = counts[slot]! + 1;
    }
  }
  if (counts.some((count) => count !== stocks.length)) return chainLinkedCloses(stocks, candlesOf, slots);
  return new Map(slots.times.map((time, slot) => [barDay(time), levels[slot]!]));
}

/** The user's recorded days from `from` to `to` ('YYYY-MM-DD') as points (time = day × DAY_MS, UTC midnight). */
export async function equityPoints(
  db: Queryable,
  userId: string,
  from: string,
  to: string,
  account?: string,
): Promise<DayPoint[]> {
  return (await equityAndDeposits(db, userId, from, to, account)).map((row) => {
    const day = dayOfIso(row.date);
    return { day, time: day * DAY_MS, equity: row.equity, netDeposits: row.netDeposits };
  });
}
