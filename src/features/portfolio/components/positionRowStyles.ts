import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { partSelector as sel, signStyles } from '../../../theme/rowStyles';

/**
 * Class names of the parts of a positions row. The rows are plain elements with these classes; the table carries
 * the styles of all of them (positionRowStyles, given to DataTable), the same as the DataTable row of Chakra table
 * cells, link, text and button they replace, with the same props. A value's colour after its sign: signClass.
 */
export const POSITION_ROW = {
  row: 'chakra-table__row pos-row',
  cell: 'chakra-table__cell pos-cell',
  /** A number (or the actions): right-aligned, in tabular figures. */
  end: 'pos-end',
  nowrap: 'pos-nowrap',
  symbol: 'chakra-link pos-symbol',
  text: 'chakra-text',
  close: 'chakra-button pos-close',
} as const;

/** The table's size: its recipe's cell styles for it, and the Root's `size`. */
export const POSITIONS_TABLE_SIZE = 'sm';

/** The styles of the parts of the positions table's rows (see useRowStyles). */
export function positionRowStyles(system: SystemContext): SystemStyleObject {
  const table = system.getSlotRecipeFn('table')({ size: POSITIONS_TABLE_SIZE, stickyHeader: true }) as Record<
    'row' | 'cell',
    SystemStyleObject
  >;
  const link = system.getRecipeFn('link');
  const button = system.getRecipeFn('button');
  return {
    // DataTableRow's Table.Row and Table.Cell (with DataTable's cell props per column).
    [sel(POSITION_ROW.row)]: { ...table.row, bg: 'transparent' },
    [sel(POSITION_ROW.cell)]: table.cell,
    [sel(POSITION_ROW.end)]: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    [sel(POSITION_ROW.nowrap)]: { whiteSpace: 'nowrap' },
    ...signStyles,
    // StockLink.
    [sel(POSITION_ROW.symbol)]: {
      ...link({}),
      fontWeight: 'semibold',
      colorPalette: 'brand',
      color: 'colorPalette.fg',
    },
    // ClosePositionDialog's trigger.
    [sel(POSITION_ROW.close)]: { ...button({ size: 'xs', variant: 'outline' }), colorPalette: 'red' },
  } as SystemStyleObject;
}
