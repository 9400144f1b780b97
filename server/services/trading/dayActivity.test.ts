import { describe, expect, it } from 'vitest';
import { DayActivityCache, type FillSums } from './dayActivity';

const DAY = new Date('2026-11-18T05:00:00Z');
const NEXT_DAY = new Date('2026-11-19T05:00:00Z');
const buy = (quantity: number, valueCents: number): FillSums => ({
  symbol: 'T',
  side: 'BUY',
  quantity,
  valueCents,
  commissionCents: 35,
});

describe('DayActivityCache', () => {
  it('reads the whole day first, then only the trades after the newest one summed', () => {
    const cache = new DayActivityCache();
    const first = cache.read('u', DAY);
    expect(first.afterSeq).toBeNull();
    expect(cache.resolve('u', first, [buy(2, 4_000)], 7, { store: true }).get('T')).toEqual({
      boughtQuantity: 2,
      soldQuantity: 0,
      buyCents: 4_035,
      sellCents: 0,
    });

    const next = cache.read('u', DAY);
    expect(next.afterSeq).toBe(7);
    const sell: FillSums = { symbol: 'T', side: 'SELL', quantity: 1, valueCents: 2_100, commissionCents: 35 };
    expect(cache.resolve('u', next, [buy(0.5, 1_000), sell], 9, { store: true }).get('T')).toEqual({
      boughtQuantity: 2.5,
      soldQuantity: 1,
      buyCents: 5_070,
      sellCents: 2_065,
    });
    expect(cache.read('u', DAY).afterSeq).toBe(9);
  });

  it('keeps nothing from a read made without the lock, and starts again on a new day', () => {
    const cache = new DayActivityCache();
    cache.resolve('u', cache.read('u', DAY), [buy(1, 2_000)], 3, { store: true });
    const unlocked = cache.read('u', DAY);
    expect(cache.resolve('u', unlocked, [buy(1, 2_000)], 4, { store: false }).get('T')?.boughtQuantity).toBe(2);
    expect(cache.read('u', DAY).afterSeq).toBe(3);
    expect(cache.read('u', NEXT_DAY)).toMatchObject({ afterSeq: null, base: new Map() });
  });

  it('remembers an account without trades (nothing after seq 0 summed yet)', () => {
    const cache = new DayActivityCache();
    cache.resolve('u', cache.read('u', DAY), [], null, { store: true });
    expect(cache.read('u', DAY).afterSeq).toBe(0);
  });
});
