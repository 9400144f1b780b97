import { Table, Text, type TableCellProps, type TableColumnHeaderProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One column: its header, how a row fills its cell, and how the cells sit. */
export interface DataTableColumn<Row> {
  /** Unique within the table (the React key of the header and of each cell). */
  key: string;
  /** The header's content; a node for a header read only by screen readers (`<Text srOnly>Actions</Text>`). */
  header: ReactNode;
  /** `'end'` for numbers and actions: header and cells right-aligned, cells in tabular figures. Default `'start'`. */
  align?: 'start' | 'end';
  /** Keeps each cell on one line (dates, prices with a separator). */
  nowrap?: boolean;
  /** More props of each cell: a `title`, a `color` after the value's sign, a `fontWeight`. */
  cellProps?: TableCellProps | ((row: Row) => TableCellProps);
  render(row: Row): ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (`aria-label`), e.g. "Orders". */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey(row: Row): string;
  /** Shown instead of the table when there are no rows; without it the header row stands alone. */
  emptyText?: ReactNode;
  /** A `data-testid` for each body row. */
  getRowTestId?(row: Row): string;
  /** Keeps the header row in view while the rows scroll. */
  stickyHeader?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** The muted line that stands for an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" textStyle="sm">
      {children}
    </Text>
  );
}

function headerProps<Row>(column: DataTableColumn<Row>): TableColumnHeaderProps {
  return column.align === 'end' ? { textAlign: 'end' } : {};
}

function cellProps<Row>(column: DataTableColumn<Row>, row: Row): TableCellProps {
  return {
    ...(column.align === 'end' ? { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(typeof column.cellProps === 'function' ? column.cellProps(row) : column.cellProps),
  };
}

/**
 * Rows of cells under a header row, in a bordered container that scrolls sideways on narrow screens; the
 * empty text when there are no rows.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowKey,
  emptyText,
  getRowTestId,
  stickyHeader,
  size = 'sm',
}: DataTableProps<Row>) {
  if (rows.length === 0 && emptyText !== undefined) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size={size} aria-label={label} stickyHeader={stickyHeader}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader key={column.key} {...headerProps(column)}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={getRowKey(row)} bg="transparent" data-testid={getRowTestId?.(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.key} {...cellProps(column, row)}>
                  {column.render(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
