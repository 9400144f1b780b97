import { Box, SkeletonText } from '@chakra-ui/react';
import { VIRTUAL_MAX_H, VIRTUALIZE_AFTER_ROWS } from './VirtualRows';

/** Height of a header row of a size "sm" DataTable. */
const HEADER_ROW_PX = 37;

/**
 * What a DataTable of `rows` rows looks like while it renders in the background: a bordered box of about the
 * table's height (`rowHeight` per body row; a long table's scroll box past VIRTUALIZE_AFTER_ROWS), so what sits
 * below does not jump when the table arrives.
 */
export function TableSkeleton({ rows, rowHeight }: { rows: number; rowHeight: number }) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-busy="true"
      style={{ height: HEADER_ROW_PX + rows * rowHeight }}
      maxH={rows > VIRTUALIZE_AFTER_ROWS ? VIRTUAL_MAX_H : undefined}
      overflow="hidden"
    >
      <SkeletonText noOfLines={Math.max(1, Math.min(rows, 12))} gap="4" />
    </Box>
  );
}
