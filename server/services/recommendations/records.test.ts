import { describe, expect, it } from 'vitest';
import { UNIVERSE } from '../../../src/domain/market/universe';
import { STRATEGY_TEMPLATES } from '../../../src/domain/strategies/templates';
import { walkBars } from '../../../src/domain/strategies/fixtures';
import { createRecordCache, LIQUID_SYMBOLS, mostLiquid } from './records';

/** 2026-11-24 10:00 New York (15:00 UTC). */
const MORNING = Date.UTC(2026, 10, 24, 15);
const HOUR = 3_600_000;

function sources(clock: { t: number }, failFirst = false) {
  const asked: string[] = [];
  let failures = failFirst ? 1 : 0;
  return {
    asked,
    now: () => new Date(clock.t),
    instruments: async () => UNIVERSE,
    dailyBars: async (symbol: string, limit: number) => {
      if (failures-- > 0) throw new Error('market down');
      asked.push(symbol);
      return walkBars(limit, symbol.charCodeAt(0));
    },
  };
}

describe('mostLiquid', () => {
  it('orders by dollars traded a day (reference price × average daily volume)', () => {
    const symbols = mostLiquid(UNIVERSE, LIQUID_SYMBOLS);
    expect(symbols).toHaveLength(LIQUID_SYMBOLS);
    const dollars = symbols.map((s) => {
      const instrument = UNIVERSE.find((i) => i.symbol === s)!;
      return instrument.referencePrice * instrument.avgDailyVolume;
    });
    expect(dollars).toEqual([...dollars].sort((a, b) => b - a));
    const least = Math.min(...dollars);
    const others = UNIVERSE.filter((i) => !symbols.includes(i.symbol));
    expect(others.every((i) => i.referencePrice * i.avgDailyVolume <= least)).toBe(true);
  });
});

describe('createRecordCache', () => {
  it('computes once per New York trading day, shared by concurrent callers', async () => {
    const clock = { t: MORNING };
    const source = sources(clock);
    const records = createRecordCache(source);
    const [first, concurrent] = await Promise.all([records(), records()]);
    expect(concurrent).toBe(first);
    expect(source.asked).toHaveLength(LIQUID_SYMBOLS);
    expect(first.records).toHaveLength(LIQUID_SYMBOLS * STRATEGY_TEMPLATES.length);
    expect(first.computedAt).toBe(MORNING);

    clock.t = MORNING + 8 * HOUR; // 18:00 New York: the same day
    expect(await records()).toBe(first);
    clock.t = MORNING + 14 * HOUR; // 00:00 New York the next day
    const next = await records();
    expect(next).not.toBe(first);
    expect(next.computedAt).toBe(MORNING + 14 * HOUR);
    expect(source.asked).toHaveLength(2 * LIQUID_SYMBOLS);
  });

  it('forgets a failed computation so the next call tries again', async () => {
    const source = sources({ t: MORNING }, true);
    const records = createRecordCache(source);
    await expect(records()).rejects.toThrow('market down');
    expect((await records()).records.length).toBeGreaterThan(0);
  });
});
