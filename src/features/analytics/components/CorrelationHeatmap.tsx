import { Table, Text } from '@chakra-ui/react';
import { heatShade } from '../analyticsFormat';

export interface Correlation {
  a: string;
  b: string;
  correlation: number;
}

/** The holdings' pairwise correlations as a symmetric grid (1 on the diagonal), blue positive, orange negative. */
export function CorrelationHeatmap({ pairs }: { pairs: readonly Correlation[] }) {
  if (pairs.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Correlations need at least two holdings with 20 common trading days of closes.
      </Text>
    );
  }
  const symbols = [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))].sort();
  const value = new Map(
    pairs.flatMap((pair) => [
      [`${pair.a}/${pair.b}`, pair.correlation] as const,
      [`${pair.b}/${pair.a}`, pair.correlation] as const,
    ]),
  );
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" textStyle="xs" data-testid="correlation-heatmap">
        <Table.Caption captionSide="top" srOnly>
          Correlation of daily returns between each pair of holdings, from −1 to 1
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Text srOnly>Symbol</Text>
            </Table.ColumnHeader>
            {symbols.map((symbol) => (
              <Table.ColumnHeader key={symbol} textAlign="center" px="1.5">
                {symbol}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {symbols.map((row) => (
            <Table.Row key={row}>
              <Table.Cell as="th" scope="row" fontWeight="semibold">
                {row}
              </Table.Cell>
              {symbols.map((column) => {
                const c = row === column ? 1 : (value.get(`${row}/${column}`) ?? null);
                return (
                  <Table.Cell
                    key={column}
                    textAlign="center"
                    px="1.5"
                    bg={heatShade(c, 1, ['blue', 'orange'])}
                    fontVariantNumeric="tabular-nums"
                  >
                    {c === null ? '—' : c.toFixed(2)}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
