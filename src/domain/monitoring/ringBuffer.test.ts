import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ringBuffer';
import { summarizeSeries } from './seriesSummary';

describe('RingBuffer', () => {
  it('keeps the last `capacity` items, oldest first, once it wraps', () => {
    const buffer = new RingBuffer<number>(3);
    expect(buffer.toArray()).toEqual([]);
    expect(buffer.latest()).toBeUndefined();
    buffer.push(1);
    buffer.push(2);
    expect(buffer.toArray()).toEqual([1, 2]);
    for (const n of [3, 4, 5]) buffer.push(n);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(buffer.size).toBe(3);
    expect(buffer.latest()).toBe(5);
    buffer.push(6);
    expect(buffer.toArray()).toEqual([4, 5, 6]);
  });

  it('answers the newest items a cut-off keeps, across the wrap', () => {
    const buffer = new RingBuffer<{ at: number }>(4);
    for (let at = 1; at <= 6; at += 1) buffer.push({ at });
    expect(buffer.since((item) => item.at >= 5).map((item) => item.at)).toEqual([5, 6]);
    expect(buffer.since((item) => item.at >= 0).map((item) => item.at)).toEqual([3, 4, 5, 6]);
    expect(buffer.since((item) => item.at > 6)).toEqual([]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(/capacity/);
    expect(() => new RingBuffer(1.5)).toThrow(/capacity/);
  });
});

describe('summarizeSeries', () => {
  it('gives latest, min, median, max and the change from the first value', () => {
    expect(summarizeSeries([4, 1, 3, 2])).toEqual({ latest: 2, min: 1, median: 2.5, max: 4, change: -2 });
    expect(summarizeSeries([7])).toEqual({ latest: 7, min: 7, median: 7, max: 7, change: 0 });
  });

  it('is null for no values', () => {
    expect(summarizeSeries([])).toBeNull();
  });
});
