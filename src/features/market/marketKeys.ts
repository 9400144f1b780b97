import type { ChartInterval } from '../../components/charts/intervals';

/** The market data's query keys (one hierarchy: invalidating `all` reaches every one). */
export const marketKeys = {
  all: ['market'] as const,
  quote: (symbol: string) => [...marketKeys.all, 'quote', symbol] as const,
  batches: () => [...marketKeys.all, 'batch'] as const,
  batch: (symbols: readonly string[]) => [...marketKeys.batches(), [...symbols]] as const,
  candles: (symbol: string, interval: ChartInterval) => [...marketKeys.all, 'candles', symbol, interval] as const,
  analysis: (symbol: string) => [...marketKeys.all, 'analysis', symbol] as const,
  instruments: (search: string) => [...marketKeys.all, 'instruments', search] as const,
};

/**
 * A key of a query holding quotes that live ticks replace (one symbol's quote, or a batch of them): see
 * applyQuotes. The query cache's writes to disk treat pushed changes of these as live (src/app/cacheWriteSchedule.ts).
 */
export function isQuoteKey(queryKey: readonly unknown[]): boolean {
  const [root, kind] = queryKey;
  return root === marketKeys.all[0] && (kind === 'quote' || kind === 'batch');
}
