import { Badge, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuRadio } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { useSubscriptionConnection } from '../../../graphql/subscriptions';
import { formatTime } from '../../../lib/format';
import { LiveChangeText } from '../../market/LiveChangeText';
import { LiveQuoteText } from '../../market/LiveQuoteText';
import { formatCompact, formatUsd } from '../../market/formatMarket';
import { useLiveQuoteWhen } from '../../market/useLiveQuote';
import type { MarketQuoteFragment } from '../../../graphql/generated/graphql';

/** "Live" while the quote stream is connected, else when the shown quote is from. */
export function LiveBadge() {
  const connection = useSubscriptionConnection();
  return connection === 'connected' ? (
    <Badge colorPalette="green" variant="subtle">
      <LuRadio />
      Live
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle">
      {connection === 'connecting' ? 'Connecting…' : connection === 'reconnecting' ? 'Reconnecting…' : 'Not live'}
    </Badge>
  );
}

type Figure = (quote: MarketQuoteFragment) => string;

/** The panel's figures below the price, each a label and how it reads the quote. */
const FIGURES: [string, Figure][] = [
  ['Bid', (quote) => formatUsd(quote.bid)],
  ['Ask', (quote) => formatUsd(quote.ask)],
  ['Open', (quote) => formatUsd(quote.open)],
  ['Previous close', (quote) => formatUsd(quote.previousClose)],
  ['Day high', (quote) => formatUsd(quote.high)],
  ['Day low', (quote) => formatUsd(quote.low)],
  ['Volume', (quote) => formatCompact(quote.volume)],
  ['Avg volume', (quote) => formatCompact(quote.avgVolume)],
  ['Market cap', (quote) => `$${formatCompact(quote.marketCap)}`],
  ['Sector', (quote) => quote.sector],
];
const identity: Figure = (quote) => `${quote.symbol} · ${quote.name}`;
const price: Figure = (quote) => formatUsd(quote.price);
const asOf: Figure = (quote) => `as of ${formatTime(quote.timestamp)}`;
const known = (quote: MarketQuoteFragment | null) => quote !== null;

/**
 * The latest quote of one symbol: price, change, bid/ask, the session's range and volume (live). The panel itself
 * renders once a quote is known; on a tick only the texts that changed re-render (LiveQuoteText), inside styled
 * elements rendered once.
 */
export const QuotePanel = memo(function QuotePanel({ symbol }: { symbol: string }) {
  const quote = useLiveQuoteWhen(symbol, known);
  if (!quote) return null;
  return (
    <SectionCard title="Quote" aside={<LiveBadge />}>
      <Stack gap="4">
        <Stat.Root>
          <Stat.Label>
            <LiveQuoteText symbol={symbol} text={identity} />
          </Stat.Label>
          <Stat.ValueText fontSize="3xl" fontVariantNumeric="tabular-nums" data-testid="quote-price">
            <LiveQuoteText symbol={symbol} text={price} />
          </Stat.ValueText>
          {/* A <dl> holds only dt/dd: the change line is the value's second description. */}
          <HStack as="dd" gap="2" wrap="wrap">
            <LiveChangeText symbol={symbol} fontWeight="medium" />
            <Text as="span" textStyle="xs" color="fg.muted">
              <LiveQuoteText symbol={symbol} text={asOf} />
            </Text>
          </HStack>
        </Stat.Root>
        <SimpleGrid columns={2} gapX="4" gapY="2">
          {FIGURES.map(([label, figure]) => (
            <Stack key={label} gap="0" minW="0">
              <Text textStyle="xs" color="fg.muted">
                {label}
              </Text>
              <Text textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums" truncate>
                <LiveQuoteText symbol={symbol} text={figure} />
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
});
