import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheWriteSchedule, QUERY_CACHE_LIVE_WRITE_DELAY_MS, QUERY_CACHE_WRITE_DELAY_MS } from './cacheWriteSchedule';

describe('CacheWriteSchedule', () => {
  let writes = 0;
  let schedule: CacheWriteSchedule;
  beforeEach(() => {
    vi.useFakeTimers();
    writes = 0;
    schedule = new CacheWriteSchedule(() => (writes += 1));
  });
  afterEach(() => {
    schedule.cancel();
    vi.useRealTimers();
  });

  it('writes a change soon after it, once for several', () => {
    schedule.change('soon');
    vi.advanceTimersByTime(QUERY_CACHE_WRITE_DELAY_MS / 2);
    schedule.change('soon');
    vi.advanceTimersByTime(QUERY_CACHE_WRITE_DELAY_MS / 2 - 1);
    expect(writes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(writes).toBe(1);
    vi.advanceTimersByTime(QUERY_CACHE_LIVE_WRITE_DELAY_MS);
    expect(writes).toBe(1);
  });

  it('writes live changes (ticks every second) once per live delay', () => {
    for (let second = 1; second <= 30; second++) {
      schedule.change('live');
      vi.advanceTimersByTime(1000);
    }
    expect(writes).toBe(Math.floor(30_000 / QUERY_CACHE_LIVE_WRITE_DELAY_MS));
  });

  it('writes waiting live changes with the next soon one, and a soon change is never delayed by a live one', () => {
    schedule.change('live');
    vi.advanceTimersByTime(1000);
    schedule.change('soon');
    schedule.change('live');
    vi.advanceTimersByTime(QUERY_CACHE_WRITE_DELAY_MS);
    expect(writes).toBe(1);
    vi.advanceTimersByTime(QUERY_CACHE_LIVE_WRITE_DELAY_MS);
    expect(writes).toBe(1);
  });

  it('flush writes a waiting change at once and only then; cancel forgets it', () => {
    schedule.flush();
    expect(writes).toBe(0);
    schedule.change('live');
    schedule.flush();
    expect(writes).toBe(1);
    vi.advanceTimersByTime(QUERY_CACHE_LIVE_WRITE_DELAY_MS);
    expect(writes).toBe(1);
    schedule.change('soon');
    schedule.cancel();
    vi.advanceTimersByTime(QUERY_CACHE_LIVE_WRITE_DELAY_MS);
    expect(writes).toBe(1);
  });
});
