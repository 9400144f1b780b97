import { Box, SkeletonText } from '@chakra-ui/react';
import { HEADER_ROW_PX, isVirtual, VIRTUAL_MAX_H } from './virtualLayout';

/**
 * What a DataTable of `rows` rows looks like while it renders in the background: a bordered box of about the
 * table's height (`rowHeight` per body row; a long table's scroll box when the table is virtualised, past
 * `virtualizeAfter` rows as DataTable decides), so what sits below does not jump when the table arrives.
 */
export function TableSkeleton({
  rows,
  rowHeight,
  virtualizeAfter,
}: {
  rows: number;
  rowHeight: number;
  /** The table's own `virtualizeAfter`, if it sets one. */
  virtualizeAfter?: number;
}) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-busy="true"
      style={{ height: HEADER_ROW_PX + rows * rowHeight }}
      maxH={isVirtual(rows, virtualizeAfter) ? VIRTUAL_MAX_H : undefined}
      overflow="hidden"
    >
      <SkeletonText noOfLines={Math.max(1, Math.min(rows, 12))} gap="4" />
    </Box>
  );
}
