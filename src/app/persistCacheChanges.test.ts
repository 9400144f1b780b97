// The query cache's writes on a real QueryClient with the app's persist options, into an in-memory storage: pushed
// quotes are written late, everything else soon, and leaving the page writes what waits.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketQuoteFragment } from '../graphql/generated/graphql';
import { applyQuotes, marketKeys } from '../features/market/queries';
import { QUERY_CACHE_LIVE_WRITE_DELAY_MS, QUERY_CACHE_WRITE_DELAY_MS } from './cacheWriteSchedule';
import { cacheChangeOf, persistCacheChanges, type PageLeaving } from './persistCacheChanges';
import { createQueryClient } from './queryClient';
import { testQuote } from '../features/market/fixtures';

const quote = testQuote;

const SYMBOLS = Array.from({ length: 20 }, (_, index) => `S${index}`);

describe('persistCacheChanges', () => {
  let saved: PersistedClient[];
  let leave: () => void;
  let stop: () => void;
  const client = createQueryClient();
  const page: PageLeaving = {
    onLeave: (listener) => {
      leave = listener;
      return () => (leave = () => undefined);
    },
  };
  /** The price of `symbol` in the last written copy. */
  const writtenPrice = (symbol: string) => {
    const last = saved.at(-1)?.clientState.queries.find((query) => query.queryKey.join() === `market,quote,${symbol}`);
    return (last?.state.data as { marketData: MarketQuoteFragment } | undefined)?.marketData.price;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    client.clear();
    saved = [];
    const storage = new Map<string, string>();
    const persister = createAsyncStoragePersister({
      throttleTime: 0,
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value: string) => {
          storage.set(key, value);
          saved.push(JSON.parse(value) as PersistedClient);
        },
        removeItem: (key) => void storage.delete(key),
      },
    });
    for (const symbol of SYMBOLS) client.setQueryData(marketKeys.quote(symbol), { marketData: quote(symbol, 100) });
    stop = persistCacheChanges({ queryClient: client, persister, buster: 'test' }, page);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('writes ticks of 20 symbols once per live delay, not every second, with the latest prices', async () => {
    for (let second = 1; second < QUERY_CACHE_LIVE_WRITE_DELAY_MS / 1000; second++) {
      applyQuotes(
        client,
        SYMBOLS.map((symbol) => quote(symbol, 100 + second)),
      );
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(1);
    expect(writtenPrice('S7')).toBe(100 + QUERY_CACHE_LIVE_WRITE_DELAY_MS / 1000 - 1);
  });

  it('writes an answer or a change made by the app soon, with the quotes waiting', async () => {
    applyQuotes(client, [quote('S1', 123)]);
    client.setQueryData(['user', 'me'], { id: 'u1' });
    await vi.advanceTimersByTimeAsync(QUERY_CACHE_WRITE_DELAY_MS);
    expect(saved).toHaveLength(1);
    expect(writtenPrice('S1')).toBe(123);
    // A fetched quote (a screen's answer, not a tick) is written soon too.
    await client.fetchQuery({ queryKey: marketKeys.quote('X1'), queryFn: () => ({ marketData: quote('X1', 50) }) });
    await vi.advanceTimersByTimeAsync(QUERY_CACHE_WRITE_DELAY_MS);
    expect(saved).toHaveLength(2);
    expect(writtenPrice('X1')).toBe(50);
  });

  it('writes waiting quotes at once when the page is hidden or left, and when it stops', async () => {
    applyQuotes(client, [quote('S3', 111)]);
    leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(1);
    expect(writtenPrice('S3')).toBe(111);
    leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(1);
    applyQuotes(client, [quote('S3', 112)]);
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(2);
    expect(writtenPrice('S3')).toBe(112);
  });

  it('classifies cache events: quotes set by hand (ticks) live, everything else soon', async () => {
    const events: ReturnType<typeof cacheChangeOf>[] = [];
    const unsubscribe = client.getQueryCache().subscribe((event) => events.push(cacheChangeOf(event)));
    applyQuotes(client, [quote('S4', 2)]);
    expect(events).toEqual(['live']);
    events.length = 0;
    client.setQueryData(marketKeys.batch(['S4']), { marketDataBatch: [quote('S4', 1)] });
    expect(events).toEqual(['soon', 'live']);
    events.length = 0;
    await client.fetchQuery({ queryKey: marketKeys.quote('X2'), queryFn: () => ({ marketData: quote('X2', 5) }) });
    expect(new Set(events)).toEqual(new Set(['soon']));
    events.length = 0;
    client.setQueryData(['portfolio'], { total: 1 });
    client.setQueryData(['portfolio'], { total: 2 });
    client.removeQueries({ queryKey: ['portfolio'] });
    expect(events).toEqual(['soon', 'soon', 'soon', 'soon']);
    unsubscribe();
  });
});
