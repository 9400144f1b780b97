import { Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuRadioTower } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { formatTime } from '../../../lib/format';
import { StockLink } from '../../market/StockLink';
import { changeColor, formatCompact, formatSignedPercent, formatUsd } from '../../market/formatMarket';
import { marketDataBatchQuery } from '../../market/queries';
import { useLiveQuotes } from '../../market/useLiveQuotes';
import { LiveBadge } from '../../stocks/components/QuotePanel';

/** Streaming quotes of the followed symbols, one row each, updated on every tick. */
export function LiveQuotesCard({ symbols, description }: { symbols: readonly string[]; description: string }) {
  const query = useQuery(marketDataBatchQuery(symbols));
  useLiveQuotes(symbols);
  return (
    <SectionCard title="Live quotes" icon={LuRadioTower} description={description} aside={<LiveBadge />}>
      {symbols.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No symbols to follow yet.
        </Text>
      ) : (
        <QueryContent query={query} what="Quotes">
          {({ marketDataBatch }) => (
            <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
              <Table.Root size="sm" aria-label="Live quotes">
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>Symbol</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Bid / ask</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Volume</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {marketDataBatch.map((quote) => (
                    <Table.Row key={quote.symbol} bg="transparent">
                      <Table.Cell>
                        <StockLink symbol={quote.symbol} />
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="medium">
                        {formatUsd(quote.price)}
                      </Table.Cell>
                      <Table.Cell
                        textAlign="end"
                        fontVariantNumeric="tabular-nums"
                        color={changeColor(quote.changePercent)}
                      >
                        {formatSignedPercent(quote.changePercent)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                        {formatUsd(quote.bid)} / {formatUsd(quote.ask)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatCompact(quote.volume)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                        {formatTime(quote.timestamp)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </QueryContent>
      )}
    </SectionCard>
  );
}
