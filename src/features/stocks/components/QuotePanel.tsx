import { Badge, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuRadio } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { useSubscriptionConnection } from '../../../graphql/subscriptions';
import { formatTime } from '../../../lib/format';
import { ChangeText } from '../../market/ChangeText';
import { formatCompact, formatUsd } from '../../market/formatMarket';
import { useLiveQuote } from '../../market/useLiveQuote';

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

/** The latest quote of one symbol: price, change, bid/ask, the session's range and volume (live). */
export const QuotePanel = memo(function QuotePanel({ symbol }: { symbol: string }) {
  const quote = useLiveQuote(symbol);
  if (!quote) return null;
  const items: [string, string][] = [
    ['Bid', formatUsd(quote.bid)],
    ['Ask', formatUsd(quote.ask)],
    ['Open', formatUsd(quote.open)],
    ['Previous close', formatUsd(quote.previousClose)],
    ['Day high', formatUsd(quote.high)],
    ['Day low', formatUsd(quote.low)],
    ['Volume', formatCompact(quote.volume)],
    ['Avg volume', formatCompact(quote.avgVolume)],
    ['Market cap', `$${formatCompact(quote.marketCap)}`],
    ['Sector', quote.sector],
  ];
  return (
    <SectionCard title="Quote" aside={<LiveBadge />}>
      <Stack gap="4">
        <Stat.Root>
          <Stat.Label>
            {quote.symbol} · {quote.name}
          </Stat.Label>
          <Stat.ValueText fontSize="3xl" fontVariantNumeric="tabular-nums" data-testid="quote-price">
            {formatUsd(quote.price)}
          </Stat.ValueText>
          {/* A <dl> holds only dt/dd: the change line is the value's second description. */}
          <HStack as="dd" gap="2" wrap="wrap">
            <ChangeText change={quote.change} percent={quote.changePercent} fontWeight="medium" />
            <Text as="span" textStyle="xs" color="fg.muted">
              as of {formatTime(quote.timestamp)}
            </Text>
          </HStack>
        </Stat.Root>
        <SimpleGrid columns={2} gapX="4" gapY="2">
          {items.map(([label, value]) => (
            <Stack key={label} gap="0" minW="0">
              <Text textStyle="xs" color="fg.muted">
                {label}
              </Text>
              <Text textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums" truncate>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
});
