import { useQuery } from '@tanstack/react-query';
import { LuRadioTower } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { DataTable, EmptyText, type DataTableColumn } from '../../../components/table/DataTable';
import type { MarketDataBatchQuery } from '../../../graphql/generated/graphql';
import { formatTime } from '../../../lib/format';
import { StockLink } from '../../market/StockLink';
import { changeColor, formatCompact, formatSignedPercent, formatUsd } from '../../market/formatMarket';
import { marketDataBatchQuery } from '../../market/queries';
import { useLiveQuotes } from '../../market/useLiveQuotes';
import { LiveBadge } from '../../stocks/components/QuotePanel';

type Quote = MarketDataBatchQuery['marketDataBatch'][number];

const COLUMNS: readonly DataTableColumn<Quote>[] = [
  { key: 'symbol', header: 'Symbol', render: (quote) => <StockLink symbol={quote.symbol} /> },
  {
    key: 'price',
    header: 'Price',
    align: 'end',
    cellProps: { fontWeight: 'medium' },
    render: (quote) => formatUsd(quote.price),
  },
  {
    key: 'change',
    header: 'Change',
    align: 'end',
    cellProps: (quote) => ({ color: changeColor(quote.changePercent) }),
    render: (quote) => formatSignedPercent(quote.changePercent),
  },
  {
    key: 'bidAsk',
    header: 'Bid / ask',
    align: 'end',
    nowrap: true,
    render: (quote) => `${formatUsd(quote.bid)} / ${formatUsd(quote.ask)}`,
  },
  { key: 'volume', header: 'Volume', align: 'end', render: (quote) => formatCompact(quote.volume) },
  { key: 'time', header: 'Time', align: 'end', nowrap: true, render: (quote) => formatTime(quote.timestamp) },
];

/** Streaming quotes of the followed symbols, one row each, updated on every tick. */
export function LiveQuotesCard({ symbols, description }: { symbols: readonly string[]; description: string }) {
  const query = useQuery(marketDataBatchQuery(symbols));
  useLiveQuotes(symbols);
  return (
    <SectionCard title="Live quotes" icon={LuRadioTower} description={description} aside={<LiveBadge />}>
      {symbols.length === 0 ? (
        <EmptyText>No symbols to follow yet.</EmptyText>
      ) : (
        <QueryContent query={query} what="Quotes">
          {({ marketDataBatch }) => (
            <DataTable
              label="Live quotes"
              columns={COLUMNS}
              rows={marketDataBatch}
              getRowKey={(quote) => quote.symbol}
            />
          )}
        </QueryContent>
      )}
    </SectionCard>
  );
}
