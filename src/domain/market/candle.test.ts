import { describe, expect, it } from 'vitest';
import { aggregateCandles, bucketStart, parseInterval, type Candle } from './candle';
import { BAR_FIELDS, CandleRing } from './candleRing';

const t = (iso: string) => Date.parse(iso);

describe('bucketStart', () => {
  it('aligns intraday buckets to the 09:30 ET open and daily bars to 00:00 ET', () => {
    const at = t('2026-11-18T16:31:25Z'); // 11:31:25 ET
    expect(bucketStart(at, '1m')).toBe(t('2026-11-18T16:31:00Z'));
    expect(bucketStart(at, '5m')).toBe(t('2026-11-18T16:30:00Z'));
    expect(bucketStart(at, '15m')).toBe(t('2026-11-18T16:30:00Z'));
    expect(bucketStart(at, '1h')).toBe(t('2026-11-18T16:30:00Z')); // the 11:30–12:30 ET bar
    expect(bucketStart(t('2026-11-18T20:59:00Z'), '1h')).toBe(t('2026-11-18T20:30:00Z')); // last hour 15:30–16:00
    expect(bucketStart(at, '1D')).toBe(t('2026-11-18T05:00:00Z'));
    // Off-hours (always-open mode): the hour bucket never reaches back into the previous day.
    expect(bucketStart(t('2026-11-18T05:10:00Z'), '1h')).toBe(t('2026-11-18T05:00:00Z'));
    expect(bucketStart(t('2026-11-18T04:50:00Z'), '1h')).toBe(t('2026-11-18T04:30:00Z')); // 23:30 ET
  });
});

describe('parseInterval', () => {
  it('reads the usual spellings', () => {
    expect(parseInterval('1D')).toBe('1D');
    expect(parseInterval('1d')).toBe('1D');
    expect(parseInterval(' 5m ')).toBe('5m');
    expect(parseInterval('60m')).toBe('1h');
    expect(parseInterval('1H')).toBe('1h');
    expect(parseInterval('4h')).toBeNull();
  });
});

describe('aggregateCandles', () => {
  it('takes the first open, max high, min low, last close and summed volume per bucket', () => {
    const base = t('2026-11-18T14:30:00Z');
    const minutes: Candle[] = [
      { time: base, open: 10, high: 11, low: 9.5, close: 10.5, volume: 100 },
      { time: base + 60_000, open: 10.5, high: 12, low: 10.4, close: 11.8, volume: 50 },
      { time: base + 5 * 60_000, open: 11.8, high: 11.9, low: 9, close: 9.2, volume: 70 },
    ];
    expect(aggregateCandles(minutes, '5m')).toEqual([
      { time: base, open: 10, high: 12, low: 9.5, close: 11.8, volume: 150 },
      { time: base + 5 * 60_000, open: 11.8, high: 11.9, low: 9, close: 9.2, volume: 70 },
    ]);
    expect(aggregateCandles(minutes, '1D')).toEqual([
      { time: t('2026-11-18T05:00:00Z'), open: 10, high: 12, low: 9, close: 9.2, volume: 220 },
    ]);
    expect(minutes[0]!.high).toBe(11); // input untouched
  });
});

describe('CandleRing', () => {
  it('keeps the newest `capacity` bars and hands out copies', () => {
    const ring = new CandleRing(3);
    for (let i = 0; i < 5; i++) ring.accumulate(i, i, i, i, i, 1);
    ring.accumulate(4, 4, 9, 1, 7, 2); // merges into the newest bar
    expect(ring.length).toBe(3);
    expect(ring.toArray().map((b) => b.time)).toEqual([2, 3, 4]);
    expect(ring.last()).toEqual({ time: 4, open: 4, high: 9, low: 1, close: 7, volume: 3 });
    expect(ring.toArray(2).map((b) => b.time)).toEqual([3, 4]);
    const copy = ring.toArray(1)[0]!;
    copy.close = 0;
    expect(ring.last()!.close).toBe(7);
    expect(ring.fromEnd(2)!.time).toBe(2);
    expect(ring.fromEnd(3)).toBeUndefined();
  });

  it('packs its bars oldest first, wrapped or not, and is made again from them with its newest `capacity`', () => {
    const ring = new CandleRing(4);
    for (let i = 1; i <= 6; i++)
      ring.push({ time: i, open: i + 0.1, high: i + 0.5, low: i - 0.5, close: i + 0.2, volume: 10 * i });
    const packed = ring.packed();
    expect(packed.length).toBe(4 * BAR_FIELDS);
    expect(Array.from(packed.subarray(0, BAR_FIELDS))).toEqual([3, 3.1, 3.5, 2.5, 3.2, 30]);
    const same = CandleRing.fromPacked(4, packed);
    expect(same.toArray()).toEqual(ring.toArray());
    same.push({ time: 7, open: 7, high: 7, low: 7, close: 7, volume: 7 });
    expect(same.toArray().map((b) => b.time)).toEqual([4, 5, 6, 7]);
    expect(same.packed().subarray(0, 2)).toEqual(new Float64Array([4, 4.1]));
    const smaller = CandleRing.fromPacked(2, ring.packed());
    expect(smaller.toArray().map((b) => b.time)).toEqual([5, 6]);
    smaller.push({ time: 7, open: 7, high: 7, low: 7, close: 7, volume: 7 });
    expect(smaller.toArray().map((b) => b.time)).toEqual([6, 7]);
    const larger = CandleRing.fromPacked(8, ring.packed());
    expect(larger.length).toBe(4);
    expect(larger.fromEnd(3)?.time).toBe(3);
    expect(new CandleRing(3).packed().length).toBe(0);
    expect(() => CandleRing.fromPacked(3, new Float64Array(5))).toThrow(RangeError);
    expect(() => new CandleRing(3, new Float64Array(12))).toThrow(RangeError);
  });

  it('sets the newest bar’s fields in place, its time kept, and hands out copies only', () => {
    const ring = new CandleRing(2);
    ring.setLast({ open: 1 }); // empty: nothing
    expect(ring.length).toBe(0);
    ring.push({ time: 1, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 });
    ring.setLast({ open: 1.2, volume: 9 });
    ring.last()!.close = 99;
    expect(ring.last()).toEqual({ time: 1, open: 1.2, high: 2, low: 0.5, close: 1.5, volume: 9 });
  });
});
