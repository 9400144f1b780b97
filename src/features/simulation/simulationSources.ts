/**
 * The bars a simulation needs, from the client's candles query (../market/queries.ts `candlesQuery`, the daily
 * bars the charts load and the persisted cache keeps): cached answers are used as they are, so a run works
 * offline on what was cached; a symbol not cached is fetched when online, and left out when offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Interval } from '../../domain/market/candle';
import type { CandlesQuery } from '../../graphql/generated/graphql';
import { candlesQuery } from '../market/queries';

export interface GatheredBars {
  bars: [symbol: string, bars: CandlesQuery['candles']][];
  /** Symbols without bars (not cached offline, unknown, or their request failed). */
  missing: string[];
}

async function barsOf(queryClient: QueryClient, symbol: string, interval: Interval) {
  const options = candlesQuery(symbol, interval);
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached) return cached.candles;
  // Offline, a query without data would wait for the connection (networkMode offlineFirst): skip it instead.
  if (!navigator.onLine) return [];
  return (await queryClient.fetchQuery(options)).candles;
}

/** Each symbol's bars of `interval`, oldest first. */
export async function gatherBars(
  queryClient: QueryClient,
  symbols: readonly string[],
  interval: Interval,
): Promise<GatheredBars> {
  const answers = await Promise.allSettled(symbols.map((symbol) => barsOf(queryClient, symbol, interval)));
  const bars: GatheredBars['bars'] = [];
  const missing: string[] = [];
  answers.forEach((answer, i) => {
    const symbol = symbols[i]!;
    if (answer.status === 'fulfilled' && answer.value.length > 0) bars.push([symbol, answer.value]);
    else missing.push(symbol);
  });
  return { bars, missing };
}
