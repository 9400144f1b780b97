import { Table, Text, type TableColumnHeaderProps } from '@chakra-ui/react';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { useRowStyles, type RowStyles } from '../../theme/rowStyles';
import { DataTableRow, type DataTableColumn, type DataTableHeader, type DataTableRowPlace } from './DataTableRow';
import { TableSkeleton } from './TableSkeleton';
import type { VirtualRows as VirtualRowsOf } from './VirtualRows';
import { ESTIMATED_ROW_PX, isVirtual, VIRTUALIZE_AFTER_ROWS } from './virtualLayout';

export { VIRTUALIZE_AFTER_ROWS } from './virtualLayout';

/** The long-table layout and its virtualiser, loaded the first time a table passes its `virtualizeAfter` rows. */
const VirtualRows = lazy(() => import('./VirtualRows')) as unknown as typeof VirtualRowsOf;

export type { DataTableColumn, DataTableHeader, DataTableRowPlace } from './DataTableRow';
export { rowAttributes } from './DataTableRow';

/** Renders one body row: a `tr` carrying `rowAttributes(place)`, one cell per header. */
export type RenderDataTableRow<Row> = (row: Row, place: DataTableRowPlace) => ReactNode;

/**
 * Either columns that render their cells (DataTable draws Chakra table rows), or headers and a renderer of whole
 * rows: plain `tr`/`td` elements styled by `rowStyles`, where a Chakra cell per value resolves the table recipe again
 * in every cell of every row.
 */
type RowsProps<Row> =
  | {
      /** Keep the array stable between renders (a module constant or memoised): rows re-render only when it changes. */
      columns: readonly DataTableColumn<Row>[];
      renderRow?: undefined;
    }
  | {
      /** The header row's columns; `renderRow` draws the body rows' cells (as many, in that order). */
      columns: readonly DataTableHeader[];
      renderRow: RenderDataTableRow<Row>;
    };

export type DataTableProps<Row> = RowsProps<Row> & {
  /** The table's accessible name (`aria-label`), e.g. "Orders". */
  label: string;
  rows: readonly Row[];
  getRowKey(row: Row): string;
  /** Shown instead of the table when there are no rows; without it the header row stands alone. */
  emptyText?: ReactNode;
  /** A `data-testid` for each body row. */
  getRowTestId?(row: Row): string;
  /** Keeps the header row in view while the rows scroll. */
  stickyHeader?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Styles of the parts of rows drawn by `renderRow` (a module constant), carried by the table: see useRowStyles. */
  rowStyles?: RowStyles;
  /**
   * Past this many rows only the rows in view (and a few around them) are rendered, in a box that scrolls
   * with the header kept in view. Default {@link VIRTUALIZE_AFTER_ROWS}.
   */
  virtualizeAfter?: number;
  /**
   * A body row's height in px, when the table knows it (a button in every row): what a virtualised table assumes
   * of a row before measuring it. Give the table's skeleton the same.
   */
  rowHeight?: number;
};

/** The muted line that stands for an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" textStyle="sm">
      {children}
    </Text>
  );
}

function headerProps(column: DataTableHeader): TableColumnHeaderProps {
  return column.align === 'end' ? { textAlign: 'end' } : {};
}

/**
 * Rows of cells under a header row, in a bordered container that scrolls sideways on narrow screens; the
 * empty text when there are no rows. Long tables render only the rows in view (see `virtualizeAfter`), whoever
 * draws the rows (the columns' cells or `renderRow`).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    getRowKey,
    emptyText,
    getRowTestId,
    stickyHeader,
    size = 'sm',
    rowStyles,
    virtualizeAfter = VIRTUALIZE_AFTER_ROWS,
    rowHeight,
  } = props;
  const styled = useRowStyles(rowStyles);
  if (rows.length === 0 && emptyText !== undefined) return <EmptyText>{emptyText}</EmptyText>;
  const virtual = isVirtual(rows.length, virtualizeAfter);
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
  const bodyRow = (row: Row, place: DataTableRowPlace): ReactNode => {
    const key = getRowKey(row);
    const withId = { ...place, testId: getRowTestId?.(row) };
    return props.renderRow ? (
      <Fragment key={key}>{props.renderRow(row, withId)}</Fragment>
    ) : (
      <DataTableRow key={key} row={row} columns={props.columns} {...withId} />
    );
  };
  return (
    <>
      {styled.style}
      {virtual ? (
        <Suspense
          fallback={
            <TableSkeleton
              rows={rows.length}
              rowHeight={rowHeight ?? ESTIMATED_ROW_PX}
              virtualizeAfter={virtualizeAfter}
            />
          }
        >
          <VirtualRows
            label={label}
            size={size}
            className={styled.className}
            header={header}
            rows={rows}
            getRowKey={getRowKey}
            renderRow={bodyRow}
            rowHeight={rowHeight}
          />
        </Suspense>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
          <Table.Root size={size} aria-label={label} stickyHeader={stickyHeader} className={styled.className}>
            {header}
            <Table.Body>{rows.map((row) => bodyRow(row, {}))}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </>
  );
}
