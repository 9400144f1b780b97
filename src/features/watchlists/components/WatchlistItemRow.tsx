import { Badge, CloseButton, Grid, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo } from 'react';
import { LuBell, LuBriefcase, LuTrendingDown, LuTrendingUp, LuActivity } from 'react-icons/lu';
import { localDb } from '../../../data/db';
import { removeSymbolFromWatchlist } from '../../../data/watchlists';
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
  watchlistId: string;
  listName: string;
  symbol: string;
  name: string | null;
  details: WatchlistItemDetails | undefined;
  alertCount: number;
}

/**
 * The row's price and change (its second column, one above the other): pushed quotes first, else the server's
 * `fetched` one. The only part of the row that re-renders when the symbol ticks.
 */
function ItemQuote({ symbol, fetched }: { symbol: string; fetched: WatchlistItemDetails['marketData'] | undefined }) {
  const quote = useLiveQuote(symbol) ?? fetched ?? null;
  return (
    <>
      <Text
        gridColumn="2"
        gridRow="1"
        textAlign="end"
        textStyle="sm"
        fontWeight="medium"
        fontVariantNumeric="tabular-nums"
      >
        {quote ? formatUsd(quote.price) : '—'}
      </Text>
      {quote ? (
        <ChangeText
          gridColumn="2"
          gridRow="2"
          textAlign="end"
          textStyle="xs"
          change={quote.change}
          percent={quote.changePercent}
        />
      ) : null}
    </>
  );
}

/**
 * One symbol of a watchlist (spec §3 Watchlist items): symbol and name, the latest price and change (pushed
 * quotes first, else the server's), the strongest technical signal, how many alerts watch it and the quantity
 * held; and its remove button. Memoised on plain values: a tick re-renders its ItemQuote only.
 */
export const WatchlistItemRow = memo(function WatchlistItemRow({
  watchlistId,
  listName,
  symbol,
  name,
  details,
  alertCount,
}: WatchlistItemRowProps) {
  const signal = signalBadge(details?.technicalSignals);
  const held = details?.position?.quantity ?? 0;
  const tone = signal ? TONE[signal.tone] : null;

  return (
    <Grid
      as="li"
      templateColumns="minmax(0, 1fr) auto auto"
      columnGap="3"
      rowGap="1"
      py="2"
      alignItems="center"
      data-testid="watchlist-item"
      data-symbol={symbol}
    >
      <HStack gridColumn="1" gridRow="1" gap="2" minW="0">
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
        <HStack gridColumn="1" gridRow="2" gap="1.5" wrap="wrap">
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
      <ItemQuote symbol={symbol} fetched={details?.marketData} />
      <CloseButton
        gridColumn="3"
        gridRow="1 / span 2"
        size="2xs"
        variant="ghost"
        aria-label={`Remove ${symbol} from ${listName}`}
        onClick={() => void removeSymbolFromWatchlist(localDb(), watchlistId, symbol)}
      />
    </Grid>
  );
});
