import { Table, type TableCellProps } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';

/** A column's header: what DataTable draws above the rows, whoever renders the rows. */
export interface DataTableHeader {
  /** Unique within the table (the React key of the header and of each cell). */
  key: string;
  /** The header's content; a node for a header read only by screen readers (`<Text srOnly>Actions</Text>`). */
  header: ReactNode;
  /** `'end'` for numbers and actions: header and cells right-aligned, cells in tabular figures. Default `'start'`. */
  align?: 'start' | 'end';
}

/** One column: its header, how a row fills its cell, and how the cells sit. */
export interface DataTableColumn<Row> extends DataTableHeader {
  /** Keeps each cell on one line (dates, prices with a separator). */
  nowrap?: boolean;
  /** More props of each cell: a `title`, a `color` after the value's sign, a `fontWeight`. */
  cellProps?: TableCellProps | ((row: Row) => TableCellProps);
  render(row: Row): ReactNode;
}

function cellProps<Row>(column: DataTableColumn<Row>, row: Row): TableCellProps {
  return {
    ...(column.align === 'end' ? { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(typeof column.cellProps === 'function' ? column.cellProps(row) : column.cellProps),
  };
}

/**
 * What DataTable gives each body row, whoever renders it: plain values and a stable function, so a memoised row
 * given them as props re-renders only when its row changes. Put them on the row's `tr` with {@link rowAttributes}.
 */
export interface DataTableRowPlace {
  testId?: string;
  /** 1-based position among all rows, header included (set when only some rows are rendered). */
  rowIndex?: number;
  /** Measures the rendered row (virtualised tables). */
  measureRef?: (element: HTMLTableRowElement | null) => void;
}

/** The attributes of a body row's `tr` for its place (test id; position and measuring when virtualised). */
export function rowAttributes({ testId, rowIndex, measureRef }: DataTableRowPlace) {
  return {
    ref: measureRef,
    'data-testid': testId,
    'aria-rowindex': rowIndex,
    'data-index': rowIndex === undefined ? undefined : rowIndex - 2,
  };
}

export interface DataTableRowProps<Row> extends DataTableRowPlace {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
}

/** One body row; re-renders only when its row object or the columns change (stable props skip it). */
export const DataTableRow = memo(function DataTableRow<Row>({
  row,
  columns,
  testId,
  rowIndex,
  measureRef,
}: DataTableRowProps<Row>) {
  return (
    <Table.Row bg="transparent" {...rowAttributes({ testId, rowIndex, measureRef })}>
      {columns.map((column) => (
        <Table.Cell key={column.key} {...cellProps(column, row)}>
          {column.render(row)}
        </Table.Cell>
      ))}
    </Table.Row>
  );
}) as <Row>(props: DataTableRowProps<Row>) => ReactNode;
