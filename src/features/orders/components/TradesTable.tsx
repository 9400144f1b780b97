import { Table, Text } from '@chakra-ui/react';
import type { TradeFieldsFragment } from '../../../graphql/generated/graphql';
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

/** Executions, newest first: time, symbol, side, shares, price, value and commission. */
export function TradesTable({ trades, empty }: { trades: readonly TradeFieldsFragment[]; empty: string }) {
  if (trades.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size="sm" aria-label="Trades">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Side</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Shares</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Commission</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {trades.map((trade) => (
            <Table.Row key={trade.id} bg="transparent" data-testid={`trade-${trade.id}`}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(trade.timestamp, shortDateTime)}</Table.Cell>
              <Table.Cell>
                <StockLink symbol={trade.symbol} />
              </Table.Cell>
              <Table.Cell>
                <SideBadge side={trade.side} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatShares(trade.quantity)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(trade.executionPrice)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(estimatedCost(trade.executionPrice, trade.quantity))}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(trade.commission)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
