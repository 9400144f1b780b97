import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { MarketDataUpdatesDocument, type MarketQuoteFragment } from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { applyQuotes } from './queries';
import { quoteStore } from './quoteStore';

/**
 * Streams quotes of `symbols` while mounted: each push goes to the quote store (only the leaves showing that
 * symbol re-render, see useLiveQuote) and, once per tick for all symbols together, into the query cache (the
 * persisted copy screens read offline); `onQuote` also sees each one. Mount it once per screen, where the
 * symbols are known: the screen itself does not re-render on ticks.
 */
export function useLiveQuotes(symbols: readonly string[], onQuote?: (quote: MarketQuoteFragment) => void): void {
  const queryClient = useQueryClient();
  const key = [...new Set(symbols)].sort().join(',');
  const unique = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  // Pushed since the store's last flush; written to the cache together when it flushes.
  const [pushed] = useState(() => new Map<string, MarketQuoteFragment>());
  useEffect(
    () =>
      quoteStore.onFlush(() => {
        if (pushed.size === 0) return;
        const quotes = [...pushed.values()];
        pushed.clear();
        applyQuotes(queryClient, quotes);
      }),
    [queryClient, pushed],
  );
  useSubscription(
    MarketDataUpdatesDocument,
    { symbols: unique },
    ({ marketDataUpdates }) => {
      pushed.set(marketDataUpdates.symbol, marketDataUpdates);
      quoteStore.put([marketDataUpdates]);
      onQuote?.(marketDataUpdates);
    },
    { enabled: unique.length > 0 },
  );
}
