import type { SystemStyleObject } from '@chakra-ui/react';
import { partSelector as sel, signStyles, useRowStyles, type RowStylesResult } from '../../../theme/rowStyles';

/**
 * Class names of the parts of a row of the Dashboard's largest holdings (PortfolioSummaryCard). The rows are plain
 * elements with these classes and their list carries the styles, resolved once per system: the rows re-render on
 * every tick (their values move), where a Chakra element per part would resolve its styles again each time.
 */
export const HOLDING = {
  row: 'holding-row',
  symbol: 'chakra-text holding-symbol',
  value: 'chakra-text holding-value',
  /** Coloured after its sign by signClass. */
  change: 'chakra-text holding-change',
} as const;

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;

function holdingRowStyles(): SystemStyleObject {
  return {
    [sel(HOLDING.row)]: {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      gap: '2',
      textStyle: 'sm',
      listStyleType: 'none',
    },
    [sel(HOLDING.symbol)]: { fontWeight: 'semibold' },
    [sel(HOLDING.value)]: numeric,
    [sel(HOLDING.change)]: numeric,
    ...signStyles,
  };
}

/** The class of the list of holdings, carrying the styles of its rows' parts (see useRowStyles). */
export function useHoldingRowStyles(): RowStylesResult {
  return useRowStyles(holdingRowStyles);
}
