import { Table } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import type { DataTableRowPlace } from './DataTableRow';

/** A body row's height before it is measured (size "sm" with a badge or a button). */
const ESTIMATED_ROW_PX = 41;
/** Rows rendered beyond each edge of the view, so a fast scroll does not show blank space. */
const OVERSCAN_ROWS = 8;
/** Tables longer than this render only the rows in view. */
export const VIRTUALIZE_AFTER_ROWS = 100;
/** The most a long table's scroll box takes of the page's height. */
export const VIRTUAL_MAX_H = 'min(70vh, 40rem)';
/** What a first render without a layout (the server, a test) assumes of the scroll box. */
const INITIAL_RECT = { width: 1024, height: 640 };

interface VirtualRowsProps<Row> {
  label: string;
  size: 'sm' | 'md' | 'lg';
  /** The class of the table (the styles of its rows' parts), if any. */
  className?: string;
  header: ReactNode;
  rows: readonly Row[];
  getRowKey(row: Row): string;
  /** One body row at its place (keyed by its row's key). */
  renderRow(row: Row, place: DataTableRowPlace): ReactNode;
}

/**
 * A long table that renders only the rows in view: a box with its own vertical scroll and a sticky header,
 * spacer rows standing for the rows above and below, `aria-rowcount`/`aria-rowindex` telling assistive
 * technology where the rendered rows sit among all of them.
 */
export function VirtualRows<Row>({
  label,
  size,
  className,
  header,
  rows,
  getRowKey,
  renderRow,
}: VirtualRowsProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app is not built with React Compiler; this component reads the virtualizer afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: INITIAL_RECT,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : getRowKey(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Table.ScrollArea
      ref={scrollRef}
      borderWidth="1px"
      borderRadius="lg"
      position="relative"
      maxH={VIRTUAL_MAX_H}
      overflowY="auto"
    >
      <Table.Root size={size} aria-label={label} aria-rowcount={rows.length + 1} stickyHeader className={className}>
        {header}
        <Table.Body>
          {before > 0 ? <tr aria-hidden="true" style={{ height: before }} /> : null}
          {items.map((item) => {
            const row = rows[item.index];
            return row === undefined
              ? null
              : renderRow(row, { rowIndex: item.index + 2, measureRef: virtualizer.measureElement });
          })}
          {after > 0 ? <tr aria-hidden="true" style={{ height: after }} /> : null}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
