import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '../../market/formatMarket';
import type { AllocationSlice } from '../livePositions';

const COLORS = [
  'brand.solid',
  'blue.solid',
  'purple.solid',
  'orange.solid',
  'pink.solid',
  'cyan.solid',
  'yellow.solid',
];

/** Each holding's (and cash's) share of the account: one stacked bar and a legend. */
export function AllocationChart({ slices }: { slices: readonly AllocationSlice[] }) {
  if (slices.length === 0) {
    return <Text color="fg.muted">Nothing to allocate yet.</Text>;
  }
  const color = (slice: AllocationSlice, index: number) =>
    slice.label === 'Cash' ? 'gray.emphasized' : COLORS[index % COLORS.length];
  return (
    <Stack gap="4">
      <HStack gap="0.5" h="4" borderRadius="full" overflow="hidden" role="img" aria-label="Allocation">
        {slices.map((slice, index) => (
          <Box key={slice.label} h="full" w={`${slice.percent}%`} minW="1" bg={color(slice, index)} />
        ))}
      </HStack>
      <Stack gap="2" as="ul">
        {slices.map((slice, index) => (
          <HStack key={slice.label} as="li" justify="space-between" textStyle="sm" listStyleType="none">
            <HStack gap="2">
              <Box boxSize="2.5" borderRadius="sm" bg={color(slice, index)} />
              <Text fontWeight="medium">{slice.label}</Text>
            </HStack>
            <Text fontVariantNumeric="tabular-nums" color="fg.muted">
              {formatUsd(slice.value)} · {slice.percent.toFixed(1)}%
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
