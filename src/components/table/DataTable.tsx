import { Table, Text, type TableColumnHeaderProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DataTableRow, type DataTableColumn } from './DataTableRow';
import { VirtualRows } from './VirtualRows';

export type { DataTableColumn } from './DataTableRow';

export interface DataTableProps<Row> {
  /** The table's accessible name (`aria-label`), e.g. "Orders". */
  label: string;
  /** Keep the array stable between renders (a module constant or memoised): rows re-render only when it changes. */
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
  /**
   * Past this many rows only the rows in view (and a few around them) are rendered, in a box that scrolls
   * with the header kept in view. Default {@link VIRTUALIZE_AFTER_ROWS}.
   */
  virtualizeAfter?: number;
}

/** Tables longer than this render only the rows in view. */
export const VIRTUALIZE_AFTER_ROWS = 100;

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

/**
 * Rows of cells under a header row, in a bordered container that scrolls sideways on narrow screens; the
 * empty text when there are no rows. Long tables render only the rows in view (see `virtualizeAfter`).
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
  virtualizeAfter = VIRTUALIZE_AFTER_ROWS,
}: DataTableProps<Row>) {
  if (rows.length === 0 && emptyText !== undefined) return <EmptyText>{emptyText}</EmptyText>;
  const virtual = rows.length > virtualizeAfter;
  const header = (
    <Table.Header>
      <Table.Row bg="bg.subtle" aria-rowindex={virtual ? 1 : undefined}>
        {columns.map((column) => (
          <Table.ColumnHeader key={column.key} {...headerProps(column)}>
            {column.header}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
  if (virtual) {
    return (
      <VirtualRows
        label={label}
        size={size}
        header={header}
        columns={columns}
        rows={rows}
        getRowKey={getRowKey}
        getRowTestId={getRowTestId}
      />
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size={size} aria-label={label} stickyHeader={stickyHeader}>
        {header}
        <Table.Body>
          {rows.map((row) => (
            <DataTableRow key={getRowKey(row)} row={row} columns={columns} testId={getRowTestId?.(row)} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
