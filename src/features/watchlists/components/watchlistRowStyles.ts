import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { partSelector as sel, signStyles, useRowStyles, type RowStylesResult } from '../../../theme/rowStyles';

/**
 * Class names of the parts of a watchlist row (WatchlistItemRow). The rows are plain elements with these classes:
 * their list (WatchlistView) carries the styles of all of them, resolved once per system, where a Chakra element per
 * part would resolve its styles again in every row on every render (20 rows, a dozen parts each).
 */
export const ROW = {
  row: 'wl-row',
  head: 'wl-head',
  symbol: 'chakra-link wl-symbol',
  name: 'chakra-text wl-name',
  badges: 'wl-badges',
  badge: 'chakra-badge wl-badge',
  subtle: 'wl-subtle',
  outline: 'wl-outline',
  green: 'wl-green',
  red: 'wl-red',
  gray: 'wl-gray',
  blue: 'wl-blue',
  signalName: 'chakra-text wl-signal-name',
  price: 'chakra-text wl-price',
  /** Coloured after its sign by signClass. */
  change: 'chakra-text wl-change',
  remove: 'chakra-button wl-remove',
} as const;

/** The class of a watchlist's list of rows, carrying the styles of all their parts (see useRowStyles). */
export function useWatchlistRowStyles(): RowStylesResult {
  return useRowStyles(rowStyles);
}

function rowStyles(system: SystemContext): SystemStyleObject {
  const badge = system.getRecipeFn('badge');
  const link = system.getRecipeFn('link');
  const button = system.getRecipeFn('button');
  const hstack = { display: 'flex', flexDirection: 'row', alignItems: 'center' } as const;
  return {
    [sel(ROW.row)]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto auto',
      columnGap: '3',
      rowGap: '1',
      py: '2',
      alignItems: 'center',
    },
    [sel(ROW.head)]: { ...hstack, gridColumn: '1', gridRow: '1', gap: '2', minW: '0' },
    [sel(ROW.symbol)]: {
      ...link({}),
      fontWeight: 'semibold',
      colorPalette: 'brand',
      color: 'colorPalette.fg',
      flexShrink: 0,
    },
    [sel(ROW.name)]: { textStyle: 'xs', color: 'fg.muted', truncate: true },
    [sel(ROW.badges)]: { ...hstack, gridColumn: '1', gridRow: '2', gap: '1.5', flexWrap: 'wrap' },
    [sel(ROW.subtle)]: badge({ size: 'sm', variant: 'subtle' }),
    [sel(ROW.outline)]: badge({ size: 'sm', variant: 'outline' }),
    [sel(ROW.green)]: { colorPalette: 'green' },
    [sel(ROW.red)]: { colorPalette: 'red' },
    [sel(ROW.gray)]: { colorPalette: 'gray' },
    [sel(ROW.blue)]: { colorPalette: 'blue' },
    [sel(ROW.signalName)]: { fontWeight: 'normal', hideBelow: 'sm' },
    [sel(ROW.price)]: {
      gridColumn: '2',
      gridRow: '1',
      textAlign: 'end',
      textStyle: 'sm',
      fontWeight: 'medium',
      fontVariantNumeric: 'tabular-nums',
    },
    [sel(ROW.change)]: {
      fontVariantNumeric: 'tabular-nums',
      gridColumn: '2',
      gridRow: '2',
      textAlign: 'end',
      textStyle: 'xs',
    },
    ...signStyles,
    [sel(ROW.remove)]: {
      ...button({ size: '2xs', variant: 'ghost' }),
      px: '0',
      py: '0',
      _icon: { fontSize: '1.2em' },
      gridColumn: '3',
      gridRow: '1 / span 2',
    },
  } as SystemStyleObject;
}
