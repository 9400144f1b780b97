import { Table, Text } from '@chakra-ui/react';
import { filledMonths, fractionText, heatShade } from '../analyticsFormat';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface YearRow {
  year: number;
  months: readonly (number | null)[];
  total: number;
}

/**
 * Monthly returns, a row per year and the year's chained return, each cell shaded by its sign and size; only the
 * months with a return in some year have a column.
 */
export function MonthlyHeatmap({ rows }: { rows: readonly YearRow[] }) {
  if (rows.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No full day of returns in this period yet.
      </Text>
    );
  }
  const months = filledMonths(rows);
  const scale = Math.max(...rows.flatMap((row) => row.months.map((m) => Math.abs(m ?? 0))), 0);
  const cell = (value: number | null, key: string) => (
    <Table.Cell
      key={key}
      textAlign="center"
      px="1.5"
      py="2"
      bg={heatShade(value, scale)}
      fontVariantNumeric="tabular-nums"
    >
      {value === null ? '' : fractionText(value, 1)}
    </Table.Cell>
  );
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" textStyle="xs" data-testid="monthly-returns">
        <Table.Caption captionSide="top" srOnly>
          Monthly returns by year and the year's total; an empty cell has no return
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Year</Table.ColumnHeader>
            {months.map((month) => (
              <Table.ColumnHeader key={month} textAlign="center" px="1.5">
                {MONTHS[month]}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="center">Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.year}>
              <Table.Cell as="th" scope="row" fontWeight="semibold">
                {row.year}
              </Table.Cell>
              {months.map((month) => cell(row.months[month] ?? null, MONTHS[month]!))}
              {cell(row.total, 'total')}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
