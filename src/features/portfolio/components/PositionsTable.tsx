import { Table, Text } from '@chakra-ui/react';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { StockLink } from '../../market/StockLink';
import { changeColor, formatShares, formatSignedPercent, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { ClosePositionDialog } from './ClosePositionDialog';

/** One row per holding with its live price and P&L, and Close. */
export function PositionsTable({ positions }: { positions: readonly PositionFieldsFragment[] }) {
  if (positions.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        No positions. Buy a stock from its page or from Advanced trading.
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size="sm" aria-label="Positions" stickyHeader>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Shares</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Avg cost</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Unrealized P&L</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Day P&L</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {positions.map((position) => (
            <Table.Row key={position.symbol} bg="transparent" data-testid={`position-${position.symbol}`}>
              <Table.Cell>
                <StockLink symbol={position.symbol} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatShares(position.quantity)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(position.averageCost)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(position.currentPrice)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(position.marketValue)}
              </Table.Cell>
              <Table.Cell
                textAlign="end"
                fontVariantNumeric="tabular-nums"
                color={changeColor(position.unrealizedPnL)}
                whiteSpace="nowrap"
              >
                {formatSignedUsd(position.unrealizedPnL)} ({formatSignedPercent(position.unrealizedPnLPercent)})
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" color={changeColor(position.dayPnL)}>
                {formatSignedUsd(position.dayPnL)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <ClosePositionDialog symbol={position.symbol} quantity={position.quantity} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
