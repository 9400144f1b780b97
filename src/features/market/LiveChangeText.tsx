import { Text, type TextProps } from '@chakra-ui/react';
import type { MarketQuoteFragment } from '../../graphql/generated/graphql';
import { changeColor, formatChange } from './formatMarket';
import { LiveQuoteText } from './LiveQuoteText';
import { useLiveQuoteWhen } from './useLiveQuote';

const quoteChangeColor = (quote: MarketQuoteFragment | null) =>
  changeColor(quote ? (quote.change ?? quote.changePercent) : null);
const quoteChange = (quote: MarketQuoteFragment) => formatChange(quote.change, quote.changePercent);

/**
 * ChangeText (./ChangeText.tsx) of `symbol`'s live quote (its change and percentage). On a tick only its text re-renders, and its
 * styled element only when the sign of the change flips (the colour).
 */
export function LiveChangeText({ symbol, ...props }: { symbol: string } & Omit<TextProps, 'children' | 'color'>) {
  const quote = useLiveQuoteWhen(symbol, quoteChangeColor);
  return (
    <Text as="span" color={quoteChangeColor(quote)} fontVariantNumeric="tabular-nums" {...props}>
      <LiveQuoteText symbol={symbol} text={quoteChange} />
    </Text>
  );
}
