import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { Histogram } from '../../domain/simulation/statistics';
import { formatRatioPercent } from '../../lib/format';

/** The paths' maximum drawdowns as bars (one per bin, height ∝ paths), the range under them. */
export function DrawdownHistogram({ histogram, paths }: { histogram: Histogram; paths: number }) {
  const highest = Math.max(...histogram.counts);
  const top = histogram.width * histogram.counts.length;
  return (
    <Stack gap="1" data-testid="drawdown-histogram">
      <HStack
        align="end"
        gap="1px"
        h="8rem"
        role="img"
        aria-label={`Maximum drawdown of ${paths.toLocaleString('en-US')} paths, from 0% to ${formatRatioPercent(top, 1)}`}
      >
        {histogram.counts.map((count, bin) => (
          <Box
            key={bin}
            flex="1"
            minW="0"
            h={`${(count / highest) * 100}%`}
            minH={count > 0 ? '2px' : '0'}
            bg="red.solid"
            opacity={0.75}
            borderTopRadius="sm"
            title={`${formatRatioPercent(bin * histogram.width, 1)}–${formatRatioPercent((bin + 1) * histogram.width, 1)}: ${count} paths`}
          />
        ))}
      </HStack>
      <HStack justify="space-between">
        <Text textStyle="xs" color="fg.muted">
          0%
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {formatRatioPercent(top, 1)}
        </Text>
      </HStack>
    </Stack>
  );
}
