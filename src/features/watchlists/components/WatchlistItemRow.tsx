import { Link as RouterLink } from '@tanstack/react-router';
import { memo } from 'react';
import { LuBell, LuBriefcase, LuTrendingDown, LuTrendingUp, LuActivity } from 'react-icons/lu';
import { localDb } from '../../../data/db';
import { removeSymbolFromWatchlist } from '../../../data/watchlists';
import { changeColor, formatChange, formatShares, formatUsd } from '../../market/formatMarket';
import { useLiveQuote } from '../../market/useLiveQuote';
import { signClass } from '../../../theme/rowStyles';
import { ROW } from './watchlistRowStyles';
import { alertCountLabel, signalBadge, type SignalTone, type WatchlistItemDetails } from '../itemSummary';

const TONE: Record<SignalTone, { palette: 'green' | 'red' | 'gray'; icon: typeof LuTrendingUp }> = {
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

/** Chakra's CloseIcon (CloseButton's), as a plain element. */
function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor">
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z"
      />
    </svg>
  );
}

const TONE_CLASS = { green: ROW.green, red: ROW.red, gray: ROW.gray } as const;

/**
 * The row's price and change (its second column, one above the other): pushed quotes first, else the server's
 * `fetched` one. The only part of the row that re-renders when the symbol ticks.
 */
function ItemQuote({ symbol, fetched }: { symbol: string; fetched: WatchlistItemDetails['marketData'] | undefined }) {
  const quote = useLiveQuote(symbol) ?? fetched ?? null;
  return (
    <>
      <p className={ROW.price}>{quote ? formatUsd(quote.price) : '—'}</p>
      {quote ? (
        // As ChangeText shows it.
        <span className={`${ROW.change} ${signClass(changeColor(quote.change ?? quote.changePercent))}`}>
          {formatChange(quote.change, quote.changePercent)}
        </span>
      ) : null}
    </>
  );
}

/**
 * One symbol of a watchlist (spec §3 Watchlist items): symbol and name, the latest price and change (pushed
 * quotes first, else the server's), the strongest technical signal, how many alerts watch it and the quantity
 * held; and its remove button. Memoised on plain values: a tick re-renders its ItemQuote only. Plain elements
 * styled by their list (see watchlistRowStyles): a row of Chakra elements costs a dozen style resolutions.
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
    <li className={ROW.row} data-testid="watchlist-item" data-symbol={symbol}>
      <div className={ROW.head}>
        <RouterLink className={ROW.symbol} to="/stocks/$symbol" params={{ symbol }}>
          {symbol}
        </RouterLink>
        {name ? (
          <p className={ROW.name} title={name}>
            {name}
          </p>
        ) : null}
      </div>
      {signal || alertCount > 0 || held > 0 ? (
        <div className={ROW.badges}>
          {signal && tone ? (
            <span
              className={`${ROW.badge} ${ROW.subtle} ${TONE_CLASS[tone.palette]}`}
              title={signal.description}
              aria-label={`Signal: ${signal.label}, ${signal.name}`}
              data-testid="watchlist-item-signal"
            >
              <tone.icon aria-hidden />
              {signal.label}
              <span className={ROW.signalName}>· {signal.name}</span>
            </span>
          ) : null}
          {alertCount > 0 ? (
            <span className={`${ROW.badge} ${ROW.outline}`} data-testid="watchlist-item-alerts">
              <LuBell aria-hidden />
              {alertCountLabel(alertCount)}
            </span>
          ) : null}
          {held > 0 ? (
            <span className={`${ROW.badge} ${ROW.subtle} ${ROW.blue}`} data-testid="watchlist-item-position">
              <LuBriefcase aria-hidden />
              Held {formatShares(held)}
            </span>
          ) : null}
        </div>
      ) : null}
      <ItemQuote symbol={symbol} fetched={details?.marketData} />
      <button
        type="button"
        className={ROW.remove}
        aria-label={`Remove ${symbol} from ${listName}`}
        onClick={() => void removeSymbolFromWatchlist(localDb(), watchlistId, symbol)}
      >
        <CloseIcon />
      </button>
    </li>
  );
});
