/**
 * A benchmark's daily closes and a user's daily equity as day-numbered points (issue 15 points 3 and 4).
 *
 * - The benchmark is `INDEX`, the simulated cap-weighted index of the universe's stocks (Σ close × shares
 *   outstanding over the stocks with a close that day: the level's day-to-day ratio is the index's return, as
 *   the dashboard's cap-weighted index), or a symbol of the market universe. Anything else is BAD_USER_INPUT
 *   naming the `benchmark` field.
 * - Closes are keyed by New York day number; the candles needed are fetched once per call.
 */
import type { Instrument } from '../../../src/domain/market/universe';
import { DAY_MS, dayOfIso, easternDayNumber } from '../../../src/domain/market/calendar';
import type { DayPoint } from '../../../src/domain/analytics/periods';
import type { Queryable } from '../../db/client';
import { AppError, badField } from '../errors';
import type { MarketDataProvider } from '../market';
import { dailyEquity } from './dailyEquity';

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

/** The benchmark's closes by day number over the newest `bars` daily bars (see the rules). */
export async function benchmarkCloses(
  market: CandleSource,
  instruments: ReadonlyMap<string, Instrument>,
  name: string,
  bars: number,
): Promise<Map<number, number>> {
  if (name !== INDEX_BENCHMARK) return symbolCloses(market, name, bars);
  // Slots by bar time; the symbols' bars usually share their times, newest last, so a bar's slot is found by its
  // position from the end and only a bar elsewhere is looked up.
  const times: number[] = [];
  const levels: number[] = [];
  const slotOf = new Map<number, number>();
  for (const instrument of instruments.values()) {
    if (instrument.type !== 'stock') continue;
    const candles = await market.getCandles(instrument.symbol, '1D', bars);
    const offset = times.length - candles.length;
    for (let i = 0; i < candles.length; i++) {
      const { time, close } = candles[i]!;
      let slot = times[i + offset] === time ? i + offset : slotOf.get(time);
      if (slot === undefined) {
        slotOf.set(time, (slot = times.length));
        times.push(time);
        levels.push(0);
      }
      levels[slot] = levels[slot]! + close * instrument.sharesOutstanding;
    }
  }
  return new Map(times.map((time, slot) => [barDay(time), levels[slot]!]));
}

/** The user's recorded days from `from` to `to` ('YYYY-MM-DD') as points (time = day × DAY_MS, UTC midnight). */
export async function equityPoints(
  db: Queryable,
  userId: string,
  from: string,
  to: string,
  account?: string,
): Promise<DayPoint[]> {
  return (await dailyEquity(db, userId, from, to, account)).map((row) => {
    const day = dayOfIso(row.date);
    return { day, time: day * DAY_MS, equity: row.equity, netDeposits: row.netDeposits };
  });
}
