// Test data: a quote as the API answers it, for the market feature's tests and those of its readers.
import type { MarketQuoteFragment } from '../../graphql/generated/graphql';

/** A quote of `symbol` at `price`, stamped `second` seconds after 2026-11-23 15:00 UTC. */
export function testQuote(symbol: string, price: number, second = 0): MarketQuoteFragment {
  return {
    symbol,
    name: symbol,
    sector: 'Information Technology',
    price,
    volume: 1000,
    timestamp: new Date(Date.UTC(2026, 10, 23, 15, 0, second)).toISOString(),
    bid: price - 0.01,
    ask: price + 0.01,
    change: 1,
    changePercent: 0.5,
    high: price,
    low: price,
    open: price,
    previousClose: price - 1,
    marketCap: 1e12,
    avgVolume: 1e6,
  };
}
