/**
 * The items of watchlists (spec §3 Watchlist items: symbol, name, marketData, alerts, technicalSignals,
 * position), resolved in batches: every item of one answer shares a WatchlistItemBatch over all the symbols of
 * that answer, so each field costs one call for the whole list, not one per item: one quotes call, one alerts
 * query, one positions read, one technical analysis per distinct symbol (market data, no database). Nothing is
 * loaded for a field the query does not select.
 */
import type { PriceAlert } from '../../src/domain/alerts/priceAlert';
import type { Position } from '../../src/domain/trading/account';
import type { Services } from '../services';
import { MAX_SYMBOLS_PER_CALL, type MarketData, type TechnicalAnalysisResult } from '../services/market';

/** technicalSignals(limit) without a limit (the schema's default). */
export const DEFAULT_ITEM_SIGNALS = 3;
/** technicalSignals(limit): at most this many per item (there are 12 signal types), strongest first. */
export const MAX_ITEM_SIGNALS = 12;

export type TechnicalSignalResult = TechnicalAnalysisResult['signals'][number];

export interface WatchlistItemBatch {
  quote(symbol: string): Promise<MarketData | null>;
  alerts(symbol: string): Promise<PriceAlert[]>;
  /** Strongest first. */
  technicalSignals(symbol: string): Promise<TechnicalSignalResult[]>;
  position(symbol: string): Promise<Position | null>;
}

/** What WatchlistItem's resolvers receive (codegen mapper). */
export interface WatchlistItemModel {
  symbol: string;
  name: string | null;
  batch: WatchlistItemBatch;
}

/** A value computed once, on first use. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

/** The batch of the user's `symbols` (each distinct symbol loaded once, whatever list it is in). */
export function createWatchlistItemBatch(
  services: Pick<Services, 'marketData' | 'alerts' | 'trading'>,
  userId: string,
  symbols: readonly string[],
): WatchlistItemBatch {
  const distinct = [...new Set(symbols)];
  const quotes = lazy(async () => {
    const answers = await Promise.all(
      chunks(distinct, MAX_SYMBOLS_PER_CALL).map((part) => services.marketData.quotes(part)),
    );
    return new Map(answers.flat().map((quote) => [quote.symbol, quote]));
  });
  const alerts = lazy(() => services.alerts.forSymbols(userId, distinct));
  const positions = lazy(async () => {
    const held = await services.trading.broker.positions(userId);
    return new Map(held.map((position) => [position.symbol, position]));
  });
  const signals = lazy(async () => {
    const analyses = await Promise.all(distinct.map((symbol) => services.marketData.technicalAnalysis(symbol)));
    return new Map(
      distinct.map((symbol, index) => [
        symbol,
        [...(analyses[index]?.signals ?? [])].sort((a, b) => b.strength - a.strength),
      ]),
    );
  });
  return {
    quote: async (symbol) => (await quotes()).get(symbol) ?? null,
    alerts: async (symbol) => (await alerts()).get(symbol) ?? [],
    technicalSignals: async (symbol) => (await signals()).get(symbol) ?? [],
    position: async (symbol) => (await positions()).get(symbol) ?? null,
  };
}

/** The items of the given symbols (each with its name), all on one batch. */
export function watchlistItems(
  services: Pick<Services, 'marketData' | 'alerts' | 'trading'>,
  userId: string,
  items: readonly { symbol: string; name: string | null }[],
  batch: WatchlistItemBatch = createWatchlistItemBatch(
    services,
    userId,
    items.map((item) => item.symbol),
  ),
): WatchlistItemModel[] {
  return items.map((item) => ({ symbol: item.symbol, name: item.name, batch }));
}
