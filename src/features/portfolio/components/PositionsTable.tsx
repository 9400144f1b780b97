import { Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo } from 'react';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import {
  DataTable,
  rowAttributes,
  type DataTableHeader,
  type DataTableRowPlace,
} from '../../../components/table/DataTable';
import { signClass } from '../../../theme/rowStyles';
import { changeColor, formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { ClosePositionDialog } from './ClosePositionDialog';
import { LivePositionPnL, LivePositionPrice, LivePositionValue } from './LivePositionFigures';
import { POSITION_ROW, POSITIONS_TABLE_SIZE, positionRowStyles } from './positionRowStyles';

/** Height of a positions row (its Close button sets it): the virtualised table's estimate and its skeleton's. */
export const POSITION_ROW_PX = 49;

const HEADERS: readonly DataTableHeader[] = [
  { key: 'symbol', header: 'Symbol' },
  { key: 'shares', header: 'Shares', align: 'end' },
  { key: 'averageCost', header: 'Avg cost', align: 'end' },
  { key: 'price', header: 'Price', align: 'end' },
  { key: 'value', header: 'Value', align: 'end' },
  { key: 'unrealizedPnL', header: 'Unrealized P&L', align: 'end' },
  { key: 'dayPnL', header: 'Day P&L', align: 'end' },
  { key: 'actions', header: <Text srOnly>Actions</Text>, align: 'end' },
];

const END_CELL = `${POSITION_ROW.cell} ${POSITION_ROW.end}`;

/**
 * One holding: symbol, shares, average cost, live price, value and P&L (only those re-render on a tick), Close.
 * Memoised on its position and its place in the table (plain values).
 */
const PositionRow = memo(function PositionRow({
  position,
  ...place
}: { position: PositionFieldsFragment } & DataTableRowPlace) {
  const { symbol } = position;
  return (
    <tr className={POSITION_ROW.row} {...rowAttributes(place)}>
      <td className={POSITION_ROW.cell}>
        <RouterLink className={POSITION_ROW.symbol} to="/stocks/$symbol" params={{ symbol }}>
          {symbol}
        </RouterLink>
      </td>
      <td className={END_CELL}>{formatShares(position.quantity)}</td>
      <td className={END_CELL}>{formatUsd(position.averageCost)}</td>
      <td className={END_CELL}>
        <LivePositionPrice position={position} />
      </td>
      <td className={END_CELL}>
        <LivePositionValue position={position} />
      </td>
      <td className={`${END_CELL} ${POSITION_ROW.nowrap}`}>
        <LivePositionPnL position={position} />
      </td>
      <td className={`${END_CELL} ${signClass(changeColor(position.dayPnL))}`}>{formatSignedUsd(position.dayPnL)}</td>
      <td className={END_CELL}>
        <ClosePositionDialog symbol={symbol} quantity={position.quantity} />
      </td>
    </tr>
  );
});

const positionKey = (position: PositionFieldsFragment) => position.symbol;
const positionTestId = (position: PositionFieldsFragment) => `position-${position.symbol}`;
const renderPosition = (position: PositionFieldsFragment, place: DataTableRowPlace) => (
  <PositionRow position={position} {...place} />
);

/**
 * One row per holding with its live price, value and P&L (only those cells re-render on a tick), and Close: a
 * DataTable (label, sticky header, sideways scroll on narrow screens, only the rows in view past 100) whose rows are
 * plain elements styled by the table (positionRowStyles): 20 rows of Chakra cells resolved the table recipe 160 times.
 */
export function PositionsTable({ positions }: { positions: readonly PositionFieldsFragment[] }) {
  return (
    <DataTable
      label="Positions"
      columns={HEADERS}
      rows={positions}
      getRowKey={positionKey}
      getRowTestId={positionTestId}
      renderRow={renderPosition}
      rowStyles={positionRowStyles}
      size={POSITIONS_TABLE_SIZE}
      rowHeight={POSITION_ROW_PX}
      stickyHeader
      emptyText="No positions. Buy a stock from its page or from Advanced trading."
    />
  );
}
