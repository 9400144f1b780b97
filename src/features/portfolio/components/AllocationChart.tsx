import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { formatUsd } from '../../market/formatMarket';
import { allocation, type AllocationSlice, type PricedPosition } from '../livePositions';
import { useLivePositions } from '../useLivePosition';

const COLORS = [
  'brand.solid',
  'blue.solid',
  'purple.solid',
  'orange.solid',
  'pink.solid',
  'cyan.solid',
  'yellow.solid',
];

/** Each slice's colour: a colour per named holding (in order), grey for cash, mid grey for the grouped rest. */
function sliceColors(slices: readonly AllocationSlice[]): string[] {
  let named = 0;
  return slices.map((slice) => {
    if (slice.holdings !== undefined) return 'gray.500';
    if (slice.label === 'Cash') return 'gray.emphasized';
    return COLORS[named++ % COLORS.length] ?? 'gray.solid';
  });
}

// The pieces below take plain values and are memoised: a tick re-renders only the ones whose figures moved.
// Widths change with every tick, so they are inline styles, not style props (each value would add a CSS rule).

const Segment = memo(function Segment({ color, percent }: { color: string; percent: string }) {
  return <Box h="full" minW="1" bg={color} style={{ width: `${percent}%` }} />;
});

const LegendKey = memo(function LegendKey({ label, color }: { label: string; color: string }) {
  return (
    <HStack gap="2">
      <Box boxSize="2.5" borderRadius="sm" bg={color} />
      <Text fontWeight="medium">{label}</Text>
    </HStack>
  );
});

const LegendRow = memo(function LegendRow({
  label,
  color,
  figures,
}: {
  label: string;
  color: string;
  figures: string;
}) {
  return (
    <HStack as="li" justify="space-between" textStyle="sm" listStyleType="none">
      <LegendKey label={label} color={color} />
      <Text fontVariantNumeric="tabular-nums" color="fg.muted">
        {figures}
      </Text>
    </HStack>
  );
});

/** Each holding's (and cash's) share of the account: one stacked bar and a legend. */
export function AllocationChart({ slices }: { slices: readonly AllocationSlice[] }) {
  const colors = useMemo(() => sliceColors(slices), [slices]);
  if (slices.length === 0) {
    return <Text color="fg.muted">Nothing to allocate yet.</Text>;
  }
  return (
    <Stack gap="4">
      <HStack gap="0.5" h="4" borderRadius="full" overflow="hidden" role="img" aria-label="Allocation">
        {slices.map((slice, index) => (
          <Segment key={slice.label} color={colors[index] ?? 'gray.solid'} percent={slice.percent.toFixed(2)} />
        ))}
      </HStack>
      <Stack gap="2" as="ul">
        {slices.map((slice, index) => (
          <LegendRow
            key={slice.label}
            label={slice.label}
            color={colors[index] ?? 'gray.solid'}
            figures={`${formatUsd(slice.value)} · ${slice.percent.toFixed(1)}%`}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The allocation at the latest quotes: re-renders once per tick, the page around it does not. */
export const LiveAllocationChart = memo(function LiveAllocationChart({
  positions,
  cash,
}: {
  positions: readonly PricedPosition[];
  cash: number;
}) {
  const live = useLivePositions(positions);
  const slices = useMemo(() => allocation(live, cash), [live, cash]);
  return <AllocationChart slices={slices} />;
});
