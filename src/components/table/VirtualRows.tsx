import { Table } from '@chakra-ui/react';
import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { Fragment, useCallback, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { DataTableRowPlace } from './DataTableRow';
import { ESTIMATED_ROW_PX, HEADER_ROW_PX, VIRTUAL_MAX_H } from './virtualLayout';

/** Rows rendered beyond each edge of the view, so a fast scroll does not show blank space. */
const OVERSCAN_ROWS = 8;
/** What a first render without a layout (the server, a test) assumes of the scroll box. */
const INITIAL_RECT = { width: 1024, height: 640 };

/**
 * The rows to render: those in view and the overscan (the default), plus `kept` (the row holding the focus, so the
 * virtualiser does not recycle it and the focus is not lost to the page), in order, each once.
 */
export function rowsToRender(range: Range, kept: number | null): number[] {
  const indexes = defaultRangeExtractor(range);
  if (kept === null || kept >= range.count || indexes.includes(kept)) return indexes;
  return [...indexes, kept].sort((a, b) => a - b);
}

/** The rendered rows with the heights of the spacer rows standing for the rows not rendered before each. */
export function withGaps(items: readonly VirtualItem[]): { item: VirtualItem; gapBefore: number }[] {
  let end = 0;
  return items.map((item) => {
    const gapBefore = item.start - end;
    end = item.end;
    return { item, gapBefore };
  });
}

/** The body row index (`data-index`) of the row holding `element`, if any. */
function rowIndexOf(element: EventTarget | null): number | null {
  if (!(element instanceof Element)) return null;
  const index = element.closest('tr')?.getAttribute('data-index');
  return index == null ? null : Number(index);
}

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
  /** A body row's height before it is measured. Default {@link ESTIMATED_ROW_PX}. */
  rowHeight?: number;
}

/**
 * A long table that renders only the rows in view (DataTable loads it on demand, see virtualLayout): a box with its own vertical scroll and a sticky header (the
 * box's scroll padding keeps a focused row out from under it), spacer rows standing for the rows not rendered,
 * `aria-rowcount`/`aria-rowindex` telling assistive technology where the rendered rows sit among all of them. The
 * row holding the focus stays rendered wherever the box scrolls.
 */
export function VirtualRows<Row>({
  label,
  size,
  className,
  header,
  rows,
  getRowKey,
  renderRow,
  rowHeight = ESTIMATED_ROW_PX,
}: VirtualRowsProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => rowsToRender(range, focused), [focused]);
  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => setFocused(rowIndexOf(event.target));
  const onBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    // Focus moving to another element outside the rows frees the row; the window losing focus (no next element)
    // keeps it, so the focus is still there when the window gets it back.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setFocused(null);
  };
  // The app is not built with React Compiler; this component reads the virtualizer afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    initialRect: INITIAL_RECT,
    rangeExtractor,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : getRowKey(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Table.ScrollArea
      ref={scrollRef}
      borderWidth="1px"
      borderRadius="lg"
      position="relative"
      maxH={VIRTUAL_MAX_H}
      overflowY="auto"
      scrollPaddingTop={`${HEADER_ROW_PX}px`}
    >
      <Table.Root size={size} aria-label={label} aria-rowcount={rows.length + 1} stickyHeader className={className}>
        {header}
        <Table.Body onFocus={onFocus} onBlur={onBlur}>
          {withGaps(items).map(({ item, gapBefore }) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <Fragment key={item.key}>
                {gapBefore > 0 ? <tr aria-hidden="true" style={{ height: gapBefore }} /> : null}
                {renderRow(row, { rowIndex: item.index + 2, measureRef: virtualizer.measureElement })}
              </Fragment>
            );
          })}
          {after > 0 ? <tr aria-hidden="true" style={{ height: after }} /> : null}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export default VirtualRows;
