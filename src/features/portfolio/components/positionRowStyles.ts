import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { useRowStylesClass } from '../../../theme/rowStyles';
import { changeColor } from '../../market/formatMarket';

/**
 * Class names of the parts of a positions row. The rows are plain elements with these classes; the table carries
 * the styles of all of them (usePositionRowsClass), the same as the DataTable row of Chakra table cells, link,
 * text and button they replace, with the same props.
 */
export const POSITION_ROW = {
  row: 'chakra-table__row pos-row',
  cell: 'chakra-table__cell pos-cell',
  /** A number (or the actions): right-aligned, in tabular figures. */
  end: 'pos-end',
  nowrap: 'pos-nowrap',
  symbol: 'chakra-link pos-symbol',
  text: 'chakra-text',
  /** A value's colour after its sign (changeColor): gain, loss, none. */
  up: 'pos-up',
  down: 'pos-down',
  flat: 'pos-flat',
  close: 'chakra-button pos-close',
} as const;

/** The class of a value's colour after its sign, as changeColor. */
export function signClass(value: number | null | undefined): string {
  const color = changeColor(value);
  return color === 'fg.success' ? POSITION_ROW.up : color === 'fg.error' ? POSITION_ROW.down : POSITION_ROW.flat;
}

const sel = (classes: string) => `& .${classes.split(' ').at(-1) ?? ''}`;

/** The table's size: its recipe's cell styles for it, and the Root's `size`. */
export const POSITIONS_TABLE_SIZE = 'sm';

function positionRowStyles(system: SystemContext): SystemStyleObject {
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
    [sel(POSITION_ROW.up)]: { color: 'fg.success' },
    [sel(POSITION_ROW.down)]: { color: 'fg.error' },
    [sel(POSITION_ROW.flat)]: { color: 'fg.muted' },
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

/** The class of the positions table, carrying the styles of its rows' parts (see useRowStylesClass). */
export function usePositionRowsClass(): string {
  return useRowStylesClass(positionRowStyles);
}
