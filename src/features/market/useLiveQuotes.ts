import { useQueryClient } from '@tanstack/react-query';
import { MarketDataUpdatesDocument, type MarketQuoteFragment } from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { applyQuote } from './queries';

/**
 * Streams quotes of `symbols` into the query cache while mounted (every screen showing those symbols
 * re-renders with the new price); `onQuote` also sees each one.
 */
export function useLiveQuotes(symbols: readonly string[], onQuote?: (quote: MarketQuoteFragment) => void): void {
  const queryClient = useQueryClient();
  const unique = [...new Set(symbols)].sort();
  useSubscription(
    MarketDataUpdatesDocument,
    { symbols: unique },
    ({ marketDataUpdates }) => {
      applyQuote(queryClient, marketDataUpdates);
      onQuote?.(marketDataUpdates);
    },
    { enabled: unique.length > 0 },
  );
}
