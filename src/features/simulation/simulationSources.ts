/**
 * What a simulation reads from the query cache (the persisted TanStack cache, so a run works offline on what was
 * cached): the bars of the client's candles query (../market/queries.ts `candlesQuery`, the bars the charts load)
 * and a rules strategy's definition (its configuration query, ../strategies/config/queries.ts). A cached answer is
 * used as it is; one not cached is fetched when online, and missing when offline.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Interval } from '../../domain/market/candle';
import type { CandlesQuery } from '../../graphql/generated/graphql';
import { candlesQuery } from '../market/queries';
import { strategyConfigQuery } from '../strategies/config/queries';

/** The cached answer, else a fetch when online; null offline without one. */
async function cachedOrFetched<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | null> {
  const cached = queryClient.getQueryData<TData>(options.queryKey);
  if (cached) return cached;
  // Offline, a query without data would wait for the connection (networkMode offlineFirst): skip it instead.
  if (!navigator.onLine) return null;
  return queryClient.fetchQuery(options);
}

/** A strategy's definition as canonical JSON; null when it has none or it cannot be read now. */
export async function strategyCode(queryClient: QueryClient, id: string): Promise<string | null> {
  const answer = await cachedOrFetched(queryClient, strategyConfigQuery(id)).catch(() => null);
  return answer?.strategy?.code ?? null;
}

export interface GatheredBars {
  bars: [symbol: string, bars: CandlesQuery['candles']][];
  /** Symbols without bars (not cached offline, unknown, or their request failed). */
  missing: string[];
}

/** Each symbol's bars of `interval`, oldest first. */
export async function gatherBars(
  queryClient: QueryClient,
  symbols: readonly string[],
  interval: Interval,
): Promise<GatheredBars> {
  const answers = await Promise.allSettled(
    symbols.map((symbol) => cachedOrFetched(queryClient, candlesQuery(symbol, interval))),
  );
  const bars: GatheredBars['bars'] = [];
  const missing: string[] = [];
  answers.forEach((answer, i) => {
    const symbol = symbols[i]!;
    const candles = answer.status === 'fulfilled' ? (answer.value?.candles ?? []) : [];
    if (candles.length > 0) bars.push([symbol, candles]);
    else missing.push(symbol);
  });
  return { bars, missing };
}
