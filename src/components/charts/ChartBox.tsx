import { Box, type BoxProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/** The element a lightweight-charts chart is drawn into: an image with its text alternative, full width. */
export function ChartBox({
  ref,
  label,
  testId,
  height,
}: {
  ref: Ref<HTMLDivElement>;
  label: string;
  testId: string;
  height: BoxProps['h'];
}) {
  return <Box ref={ref} role="img" aria-label={label} data-testid={testId} w="full" h={height} position="relative" />;
}
