import { Box, SkeletonText } from '@chakra-ui/react';

/** Height of a header row of a size "sm" DataTable. */
const HEADER_ROW_PX = 37;

/**
 * What a DataTable of `rows` rows looks like while it renders in the background: a bordered box of about the
 * table's height (`rowHeight` per body row), so what sits below does not jump when the table arrives.
 */
export function TableSkeleton({ rows, rowHeight }: { rows: number; rowHeight: number }) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-busy="true"
      style={{ height: HEADER_ROW_PX + rows * rowHeight }}
      overflow="hidden"
    >
      <SkeletonText noOfLines={Math.max(1, Math.min(rows, 12))} gap="4" />
    </Box>
  );
}
