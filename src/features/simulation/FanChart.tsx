import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { CHART_PALETTE } from '../../components/charts/chartTheme';
import { useThemeState } from '../../theme/themeStore';
import type { FanChartProps } from './FanChartCanvas';

// lightweight-charts loads with the first chart shown (see CurveChart).
const FanChartCanvas = lazy(() =>
  import('./FanChartCanvas').then(({ FanChartCanvas }) => ({ default: FanChartCanvas })),
);

const LEGEND = [
  { label: '5th–95th percentile', opacity: 0.3, height: '2.5' },
  { label: '25th–75th percentile', opacity: 0.6, height: '2.5' },
  { label: 'Median', opacity: 1, height: '0.5' },
] as const;

/** The fan of equity percentiles with its legend; a placeholder of its size while the chart loads. */
export function FanChart(props: FanChartProps) {
  const { theme } = useThemeState();
  const color = CHART_PALETTE[theme].strategy;
  return (
    <Stack gap="2">
      <Suspense fallback={<Skeleton w="full" h={{ base: '18rem', md: '22rem' }} />}>
        <FanChartCanvas {...props} />
      </Suspense>
      <HStack gap="4" flexWrap="wrap" aria-hidden="true">
        {LEGEND.map((item) => (
          <HStack key={item.label} gap="1.5">
            <Box w="3" h={item.height} borderRadius="sm" bg={color} opacity={item.opacity} />
            <Text textStyle="xs" color="fg.muted">
              {item.label}
            </Text>
          </HStack>
        ))}
      </HStack>
    </Stack>
  );
}
