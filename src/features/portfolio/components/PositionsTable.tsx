import { Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo } from 'react';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { EmptyText } from '../../../components/table/DataTable';
import { formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { ClosePositionDialog } from './ClosePositionDialog';
import { LivePositionPnL, LivePositionPrice, LivePositionValue } from './LivePositionFigures';
import { POSITION_ROW, POSITIONS_TABLE_SIZE, signClass, usePositionRowsClass } from './positionRowStyles';

/** Height of a positions row (its Close button sets it), for the skeleton shown while the table renders. */
export const POSITION_ROW_PX = 49;

const HEADERS: readonly { key: string; header: string; end?: boolean }[] = [
  { key: 'symbol', header: 'Symbol' },
  { key: 'shares', header: 'Shares', end: true },
  { key: 'averageCost', header: 'Avg cost', end: true },
  { key: 'price', header: 'Price', end: true },
  { key: 'value', header: 'Value', end: true },
  { key: 'unrealizedPnL', header: 'Unrealized P&L', end: true },
  { key: 'dayPnL', header: 'Day P&L', end: true },
];

const END_CELL = `${POSITION_ROW.cell} ${POSITION_ROW.end}`;

/** One holding: symbol, shares, average cost, live price, value and P&L (only those re-render on a tick), Close. */
const PositionRow = memo(function PositionRow({ position }: { position: PositionFieldsFragment }) {
  const { symbol } = position;
  return (
    <tr className={POSITION_ROW.row} data-testid={`position-${symbol}`}>
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
      <td className={`${END_CELL} ${signClass(position.dayPnL)}`}>{formatSignedUsd(position.dayPnL)}</td>
      <td className={END_CELL}>
        <ClosePositionDialog symbol={symbol} quantity={position.quantity} />
      </td>
    </tr>
  );
});

/**
 * One row per holding with its live price, value and P&L (only those cells re-render on a tick), and Close. A
 * table like DataTable's (label, sticky header, sideways scroll on narrow screens) whose body rows are plain
 * elements styled by the table (POSITION_ROW): 20 rows of Chakra cells resolved the table recipe 160 times.
 */
export function PositionsTable({ positions }: { positions: readonly PositionFieldsFragment[] }) {
  const rowsClass = usePositionRowsClass();
  if (positions.length === 0) {
    return <EmptyText>No positions. Buy a stock from its page or from Advanced trading.</EmptyText>;
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size={POSITIONS_TABLE_SIZE} aria-label="Positions" stickyHeader className={rowsClass}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {HEADERS.map(({ key, header, end }) => (
              <Table.ColumnHeader key={key} textAlign={end ? 'end' : undefined}>
                {header}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {positions.map((position) => (
            <PositionRow key={position.symbol} position={position} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
