import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MarketDataBatchQuery, MarketDataQuery } from '../../graphql/generated/graphql';
import { applyQuote, marketKeys } from './queries';
import { testQuote } from './fixtures';

const quote = testQuote;

describe('applyQuote (MarketData keyed by symbol)', () => {
  it('replaces the quote of its symbol in single and batch queries, leaving other symbols alone', () => {
    const client = new QueryClient();
    client.setQueryData<MarketDataQuery>(marketKeys.quote('AAPL'), { marketData: quote('AAPL', 100) });
    client.setQueryData<MarketDataBatchQuery>(marketKeys.batch(['AAPL', 'MSFT']), {
      marketDataBatch: [quote('AAPL', 100), quote('MSFT', 300)],
    });
    client.setQueryData<MarketDataBatchQuery>(marketKeys.batch(['TSLA']), { marketDataBatch: [quote('TSLA', 200)] });

    applyQuote(client, quote('AAPL', 101.5));

    expect(client.getQueryData<MarketDataQuery>(marketKeys.quote('AAPL'))?.marketData?.price).toBe(101.5);
    expect(
      client
        .getQueryData<MarketDataBatchQuery>(marketKeys.batch(['AAPL', 'MSFT']))
        ?.marketDataBatch.map((q) => q.price),
    ).toEqual([101.5, 300]);
    expect(client.getQueryData<MarketDataBatchQuery>(marketKeys.batch(['TSLA']))?.marketDataBatch[0]?.price).toBe(200);
  });
});
