import { Text } from '@chakra-ui/react';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { StockLink } from '../../market/StockLink';
import { changeColor, formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { ClosePositionDialog } from './ClosePositionDialog';
import { LivePositionPnL, LivePositionPrice, LivePositionValue } from './LivePositionFigures';

/** Height of a positions row (its Close button sets it), for the skeleton shown while the table renders. */
export const POSITION_ROW_PX = 49;

const COLUMNS: readonly DataTableColumn<PositionFieldsFragment>[] = [
  { key: 'symbol', header: 'Symbol', render: (position) => <StockLink symbol={position.symbol} /> },
  { key: 'shares', header: 'Shares', align: 'end', render: (position) => formatShares(position.quantity) },
  { key: 'averageCost', header: 'Avg cost', align: 'end', render: (position) => formatUsd(position.averageCost) },
  { key: 'price', header: 'Price', align: 'end', render: (position) => <LivePositionPrice position={position} /> },
  { key: 'value', header: 'Value', align: 'end', render: (position) => <LivePositionValue position={position} /> },
  {
    key: 'unrealizedPnL',
    header: 'Unrealized P&L',
    align: 'end',
    nowrap: true,
    render: (position) => <LivePositionPnL position={position} />,
  },
  {
    key: 'dayPnL',
    header: 'Day P&L',
    align: 'end',
    cellProps: (position) => ({ color: changeColor(position.dayPnL) }),
    render: (position) => formatSignedUsd(position.dayPnL),
  },
  {
    key: 'actions',
    header: <Text srOnly>Actions</Text>,
    align: 'end',
    render: (position) => <ClosePositionDialog symbol={position.symbol} quantity={position.quantity} />,
  },
];

/** One row per holding with its live price, value and P&L (only those cells re-render on a tick), and Close. */
export function PositionsTable({ positions }: { positions: readonly PositionFieldsFragment[] }) {
  return (
    <DataTable
      label="Positions"
      columns={COLUMNS}
      rows={positions}
      getRowKey={(position) => position.symbol}
      getRowTestId={(position) => `position-${position.symbol}`}
      emptyText="No positions. Buy a stock from its page or from Advanced trading."
      stickyHeader
    />
  );
}
