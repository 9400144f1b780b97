import type { MarketData, QueryResolvers, SubscriptionResolvers, WatchlistItemResolvers } from '../generated/resolvers';

export const marketQueries: Pick<
  QueryResolvers,
  'marketData' | 'marketDataBatch' | 'candles' | 'technicalAnalysis' | 'instruments'
> = {
  marketData: (_parent, { symbol }, { services }) => services.marketData.quote(symbol),
  marketDataBatch: (_parent, { symbols }, { services }) => services.marketData.quotes(symbols),
  candles: (_parent, { symbol, interval, limit }, { services }) => services.marketData.candles(symbol, interval, limit),
  technicalAnalysis: (_parent, { symbol }, { services }) => services.marketData.technicalAnalysis(symbol),
  instruments: (_parent, { search, limit }, { services }) => services.marketData.searchInstruments(search, limit),
};

export const marketSubscriptions: Pick<SubscriptionResolvers, 'marketDataUpdates'> = {
  marketDataUpdates: {
    subscribe: (_parent, { symbols }, { services }) => services.marketData.updates(symbols),
    resolve: (quote: MarketData) => quote,
  },
};

export const watchlistItemMarketFields: Pick<WatchlistItemResolvers, 'marketData'> = {
  marketData: (item) => item.batch.quote(item.symbol),
};
