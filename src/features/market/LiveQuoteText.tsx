import type { MarketQuoteFragment } from '../../graphql/generated/graphql';
import { useLiveQuoteWhen } from './useLiveQuote';

/**
 * One figure of `symbol`'s live quote as text (`text` formats it, e.g. `(quote) => formatUsd(quote.bid)`; empty
 * before any quote is known). It has no element of its own: put it inside a styled element its parent renders
 * once. On a tick only this text node updates, and only when the text changes, so a panel of figures costs no
 * styled component's render (Chakra resolves every styled element's styles each time it renders).
 */
export function LiveQuoteText({ symbol, text }: { symbol: string; text: (quote: MarketQuoteFragment) => string }) {
  const quote = useLiveQuoteWhen(symbol, (latest) => (latest ? text(latest) : ''));
  return quote ? text(quote) : '';
}
