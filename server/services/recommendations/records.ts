/**
 * The out-of-sample records behind the recommendations (src/domain/recommendations/outOfSample.ts): every template
 * with its default parameters on each of the LIQUID_SYMBOLS most liquid symbols, computed once per trading day and
 * shared by every user (only the risk filter and the order are per user, ../recommendations/index.ts).
 *
 * Rules:
 * - Liquidity: the universe's reference price × average daily volume (dollars traded a day), highest first.
 * - The trading day is the New York calendar day of the app clock; the first request of a day starts the
 *   computation and waits for it (about a second for 7 templates × 20 symbols × 756 bars); requests meanwhile share
 *   the same promise. A failed computation is forgotten, so the next request tries again.
 * - It runs in-process but never blocks the event loop for more than one record (a few milliseconds): it yields to
 *   pending I/O (`setImmediate`) between records, so other requests are served while it runs. The backtest worker
 *   pool is left to users' backtest and optimisation runs.
 * - Each process of a cluster computes its own copy from the same bars (the result is deterministic).
 */
import { easternDayNumber } from '../../../src/domain/market/calendar';
import type { Candle } from '../../../src/domain/market/candle';
import type { Instrument } from '../../../src/domain/market/universe';
import { outOfSampleRecord, type OutOfSampleRecord } from '../../../src/domain/recommendations';
import { STRATEGY_TEMPLATES } from '../../../src/domain/strategies/templates';

/** Symbols backtested per template. */
export const LIQUID_SYMBOLS = 20;
/** Daily bars read per symbol: three years (the simulator keeps 756). */
export const HISTORY_BARS = 756;

export interface RecordSet {
  records: OutOfSampleRecord[];
  /** Epoch ms when computed. */
  computedAt: number;
}

export interface RecordSources {
  now: () => Date;
  instruments: () => Promise<readonly Instrument[]>;
  /** Daily bars of a symbol, oldest first. */
  dailyBars: (symbol: string, limit: number) => Promise<Candle[]>;
}

export function mostLiquid(instruments: readonly Instrument[], count: number): string[] {
  return [...instruments]
    .sort(
      (a, b) =>
        b.referencePrice * b.avgDailyVolume - a.referencePrice * a.avgDailyVolume || a.symbol.localeCompare(b.symbol),
    )
    .slice(0, count)
    .map((instrument) => instrument.symbol);
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

async function computeRecords({ now, instruments, dailyBars }: RecordSources): Promise<RecordSet> {
  const symbols = mostLiquid(await instruments(), LIQUID_SYMBOLS);
  const records: OutOfSampleRecord[] = [];
  for (const symbol of symbols) {
    const bars = await dailyBars(symbol, HISTORY_BARS);
    for (const template of STRATEGY_TEMPLATES) {
      await yieldToIo();
      const record = outOfSampleRecord(template, symbol, bars);
      if (record) records.push(record);
    }
  }
  return { records, computedAt: now().getTime() };
}

/** The records of the current trading day (computed at the first call of the day). */
export function createRecordCache(sources: RecordSources) {
  let current: { day: number; set: Promise<RecordSet> } | undefined;
  return function records(): Promise<RecordSet> {
    const day = easternDayNumber(sources.now().getTime());
    if (current?.day !== day) {
      const set = computeRecords(sources);
      const entry = { day, set };
      current = entry;
      set.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.set;
  };
}
