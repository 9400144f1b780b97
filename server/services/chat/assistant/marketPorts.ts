import type { Instrument } from '../../../../src/domain/market/universe';
import type { MarketDataProvider } from '../../market';
import type { MarketView, QuoteView } from './ports';

/** Movers listed on each side of the market overview. */
export const MOVERS_LISTED = 3;

/** Words of company names too common to identify a company on their own. */
const GENERIC_NAME_WORDS = new Set([
  'the',
  'inc',
  'corp',
  'corporation',
  'company',
  'group',
  'holdings',
  'trust',
  'fund',
]);

function nameKey(instrument: Instrument): string | undefined {
  const first = instrument.name.split(/[\s.,&]+/)[0]?.toLowerCase();
  return first && first.length >= 3 && !GENERIC_NAME_WORDS.has(first) ? first : undefined;
}

/**
 * Finds the ticker a text mentions: an upper-case ticker of the universe (optionally with `$`), else the
 * first word of a company's name ("Apple", "microsoft").
 */
export function symbolFinder(instruments: readonly Instrument[]): (text: string) => string | undefined {
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument.symbol]));
  const byName = new Map<string, string>();
  for (const instrument of instruments) {
    const key = nameKey(instrument);
    if (key && !byName.has(key)) byName.set(key, instrument.symbol);
  }
  return (text) => {
    for (const token of text.match(/\$?[A-Za-z][A-Za-z.]{0,9}/g) ?? []) {
      const bare = token.replace(/^\$/, '');
      const tickerLike = token.startsWith('$') ? bare.toUpperCase() : bare;
      const symbol = bySymbol.get(tickerLike);
      if (symbol && (token.startsWith('$') || bare === bare.toUpperCase())) return symbol;
      const named = byName.get(bare.toLowerCase());
      if (named) return named;
    }
    return undefined;
  };
}

export function quoteView(market: MarketDataProvider, instruments: readonly Instrument[]) {
  const names = new Map(instruments.map((instrument) => [instrument.symbol, instrument.name]));
  return async (symbol: string): Promise<QuoteView | undefined> => {
    const quote = await market.getQuote(symbol);
    return quote ? { ...quote, name: names.get(quote.symbol) ?? quote.symbol } : undefined;
  };
}

/** Breadth and the biggest movers of the universe, from live quotes. */
export async function marketOverview(
  market: MarketDataProvider,
  instruments: readonly Instrument[],
): Promise<MarketView> {
  const names = new Map(instruments.map((instrument) => [instrument.symbol, instrument.name]));
  const quotes = (await market.getQuotes(instruments.map((instrument) => instrument.symbol))).map((quote) => ({
    ...quote,
    name: names.get(quote.symbol) ?? quote.symbol,
  }));
  const sorted = [...quotes].sort((a, b) => b.changePercent - a.changePercent);
  return {
    advancing: quotes.filter((quote) => quote.change > 0).length,
    declining: quotes.filter((quote) => quote.change < 0).length,
    unchanged: quotes.filter((quote) => quote.change === 0).length,
    gainers: sorted.filter((quote) => quote.change > 0).slice(0, MOVERS_LISTED),
    losers: sorted
      .filter((quote) => quote.change < 0)
      .reverse()
      .slice(0, MOVERS_LISTED),
  };
}
