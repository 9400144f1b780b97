import { Stack, Text } from '@chakra-ui/react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { BacktestResultFieldsFragment } from '../../../graphql/generated/graphql';
import { changeColor, formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { formatReturn } from '../../strategies/strategyFormat';
import { formatDay } from '../backtestFormat';

export type BacktestTrade = BacktestResultFieldsFragment['trades'][number];
type Trade = BacktestTrade;

function Fill({ time, price }: { time: string; price: number }) {
  return (
    <Stack gap="0">
      <Text>{formatDay(time)}</Text>
      <Text color="fg.muted" textStyle="xs">
        {formatUsd(price)}
      </Text>
    </Stack>
  );
}

const COLUMNS: readonly DataTableColumn<Trade>[] = [
  { key: 'symbol', header: 'Symbol', render: (trade) => trade.symbol },
  {
    key: 'entry',
    header: 'Entry',
    nowrap: true,
    render: (trade) => <Fill time={trade.entryTime} price={trade.entryPrice} />,
  },
  {
    key: 'exit',
    header: 'Exit',
    nowrap: true,
    render: (trade) => <Fill time={trade.exitTime} price={trade.exitPrice} />,
  },
  { key: 'quantity', header: 'Shares', align: 'end', render: (trade) => formatShares(trade.quantity) },
  {
    key: 'pnl',
    header: 'P&L',
    align: 'end',
    nowrap: true,
    cellProps: (trade) => ({ color: changeColor(trade.pnl) }),
    render: (trade) => (
      <Stack gap="0">
        <Text>{formatSignedUsd(trade.pnl)}</Text>
        <Text textStyle="xs">{formatReturn(trade.return)}</Text>
      </Stack>
    ),
  },
  {
    key: 'reason',
    header: 'Reason',
    render: (trade) => (
      <Stack gap="0" minW="12rem">
        <Text textStyle="xs">In: {trade.entryReason}</Text>
        <Text textStyle="xs" color="fg.muted">
          Out: {trade.exitReason}
        </Text>
      </Stack>
    ),
  },
];

/** The backtest's round trips: entry and exit (day and price), shares, P&L after commissions and why each fired. */
export function BacktestTradesTable({ trades }: { trades: readonly Trade[] }) {
  return (
    <DataTable
      label="Backtest trades"
      columns={COLUMNS}
      rows={trades}
      getRowKey={(trade) => `${trade.symbol}-${trade.entryTime}-${trade.exitTime}`}
      emptyText="The strategy made no trade over these bars."
      stickyHeader
    />
  );
}
