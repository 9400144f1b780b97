import { Badge, CloseButton, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuBell, LuBriefcase, LuTrendingDown, LuTrendingUp, LuActivity } from 'react-icons/lu';
import { ChangeText } from '../../market/ChangeText';
import { formatShares, formatUsd } from '../../market/formatMarket';
import { useLiveQuote } from '../../market/useLiveQuote';
import { alertCountLabel, signalBadge, type SignalTone, type WatchlistItemDetails } from '../itemSummary';

const TONE: Record<SignalTone, { palette: string; icon: typeof LuTrendingUp }> = {
  buy: { palette: 'green', icon: LuTrendingUp },
  sell: { palette: 'red', icon: LuTrendingDown },
  hold: { palette: 'gray', icon: LuActivity },
};

interface WatchlistItemRowProps {
  listName: string;
  symbol: string;
  name: string | null;
  details: WatchlistItemDetails | undefined;
  alertCount: number;
  onRemove(): void;
}

/**
 * One symbol of a watchlist (spec §3 Watchlist items): symbol and name, the latest price and change (pushed
 * quotes first, else the server's), the strongest technical signal, how many alerts watch it and the quantity
 * held; and its remove button.
 */
export function WatchlistItemRow({ listName, symbol, name, details, alertCount, onRemove }: WatchlistItemRowProps) {
  const live = useLiveQuote(symbol);
  const quote = live ?? details?.marketData ?? null;
  const signal = signalBadge(details?.technicalSignals);
  const held = details?.position?.quantity ?? 0;
  const tone = signal ? TONE[signal.tone] : null;

  return (
    <HStack as="li" gap="3" py="2" align="center" data-testid="watchlist-item" data-symbol={symbol}>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" minW="0">
          <Link asChild fontWeight="semibold" colorPalette="brand" color="colorPalette.fg" flexShrink={0}>
            <RouterLink to="/stocks/$symbol" params={{ symbol }}>
              {symbol}
            </RouterLink>
          </Link>
          {name ? (
            <Text textStyle="xs" color="fg.muted" truncate title={name}>
              {name}
            </Text>
          ) : null}
        </HStack>
        {signal || alertCount > 0 || held > 0 ? (
          <HStack gap="1.5" wrap="wrap">
            {signal && tone ? (
              <Badge
                size="sm"
                variant="subtle"
                colorPalette={tone.palette}
                title={signal.description}
                aria-label={`Signal: ${signal.label}, ${signal.name}`}
                data-testid="watchlist-item-signal"
              >
                <tone.icon aria-hidden />
                {signal.label}
                <Text as="span" fontWeight="normal" hideBelow="sm">
                  · {signal.name}
                </Text>
              </Badge>
            ) : null}
            {alertCount > 0 ? (
              <Badge size="sm" variant="outline" data-testid="watchlist-item-alerts">
                <LuBell aria-hidden />
                {alertCountLabel(alertCount)}
              </Badge>
            ) : null}
            {held > 0 ? (
              <Badge size="sm" variant="subtle" colorPalette="blue" data-testid="watchlist-item-position">
                <LuBriefcase aria-hidden />
                Held {formatShares(held)}
              </Badge>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
      <Stack gap="0" align="flex-end" flexShrink={0} textAlign="end">
        <Text textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums">
          {quote ? formatUsd(quote.price) : '—'}
        </Text>
        {quote ? <ChangeText textStyle="xs" change={quote.change} percent={quote.changePercent} /> : null}
      </Stack>
      <CloseButton size="2xs" variant="ghost" aria-label={`Remove ${symbol} from ${listName}`} onClick={onRemove} />
    </HStack>
  );
}
