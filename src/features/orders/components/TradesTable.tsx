import type { TradeFieldsFragment } from '../../../graphql/generated/graphql';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { estimatedCost } from '../../../domain/trading/ticket';
import { formatDateTime } from '../../../lib/format';
import { StockLink } from '../../market/StockLink';
import { formatShares, formatUsd } from '../../market/formatMarket';
import { SideBadge } from './OrderStatusBadge';

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

const COLUMNS: readonly DataTableColumn<TradeFieldsFragment>[] = [
  { key: 'time', header: 'Time', nowrap: true, render: (trade) => formatDateTime(trade.timestamp, shortDateTime) },
  { key: 'symbol', header: 'Symbol', render: (trade) => <StockLink symbol={trade.symbol} /> },
  { key: 'side', header: 'Side', render: (trade) => <SideBadge side={trade.side} /> },
  { key: 'shares', header: 'Shares', align: 'end', render: (trade) => formatShares(trade.quantity) },
  { key: 'price', header: 'Price', align: 'end', render: (trade) => formatUsd(trade.executionPrice) },
  {
    key: 'value',
    header: 'Value',
    align: 'end',
    render: (trade) => formatUsd(estimatedCost(trade.executionPrice, trade.quantity)),
  },
  { key: 'commission', header: 'Commission', align: 'end', render: (trade) => formatUsd(trade.commission) },
];

/** Executions, newest first: time, symbol, side, shares, price, value and commission. */
export function TradesTable({ trades, empty }: { trades: readonly TradeFieldsFragment[]; empty: string }) {
  return (
    <DataTable
      label="Trades"
      columns={COLUMNS}
      rows={trades}
      getRowKey={(trade) => trade.id}
      getRowTestId={(trade) => `trade-${trade.id}`}
      emptyText={empty}
    />
  );
}
