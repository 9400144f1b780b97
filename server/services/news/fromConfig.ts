import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { MarketDataProvider } from '../market/provider';
import { AlpacaNews } from './alpaca';
import { newsStreamUrl } from './alpacaStream';
import type { NewsProvider } from './provider';
import { RssNews } from './rss';
import { SimulatedNews } from './simulated';

/**
 * The news providers the configuration asks for, in order of preference: Alpaca news with the market-data keys
 * when MARKET_PROVIDER=alpaca, else the simulated market's own stories; then the NEWS_FEEDS feeds.
 */
export function newsProviders(
  config: Config,
  marketData: MarketDataProvider,
  log: Pick<Logger, 'warn'>,
): NewsProvider[] {
  const market = config.marketProvider;
  const providers: NewsProvider[] = [];
  if (market.kind === 'alpaca') {
    providers.push(
      new AlpacaNews({
        dataUrl: market.dataUrl,
        keyId: market.keyId,
        secretKey: market.secretKey,
        // the news stream is on the market-data stream's host (held by the leader only: ./live.ts)
        streamUrl: newsStreamUrl(market.streamUrl),
        onStreamError: (error) => log.warn({ reason: error.message }, 'Alpaca news stream'),
      }),
    );
  } else {
    providers.push(
      new SimulatedNews(marketData, (error) =>
        log.warn({ err: error }, 'simulated news: reading the day’s bars failed'),
      ),
    );
  }
  if (config.newsFeeds.length > 0)
    providers.push(new RssNews({ feeds: config.newsFeeds, log, publicOnly: config.nodeEnv === 'production' }));
  return providers;
}
