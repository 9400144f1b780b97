import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useThemeState } from '../../theme/themeStore';
import { CHART_PALETTE } from './chartTheme';
import { CURVE_CHART_HEIGHT, type CurveChartProps } from './curveProps';

export type { CurveChartProps, CurveSeries } from './curveProps';

// lightweight-charts loads with the first chart shown rather than with the pages (see PriceChart).
const CurveChartCanvas = lazy(() =>
  import('./CurveChartCanvas').then(({ CurveChartCanvas }) => ({ default: CurveChartCanvas })),
);

/** Lines over time with a legend naming each (see CurveChartCanvas); a placeholder of its size while it loads. */
export function CurveChart(props: CurveChartProps) {
  const { theme } = useThemeState();
  const palette = CHART_PALETTE[theme];
  return (
    <Stack gap="2">
      <Suspense fallback={<Skeleton w="full" h={props.height ?? CURVE_CHART_HEIGHT} />}>
        <CurveChartCanvas {...props} />
      </Suspense>
      {props.series.length > 1 ? (
        <HStack gap="4" flexWrap="wrap" aria-hidden="true">
          {props.series.map((line) => (
            <HStack key={line.name} gap="1.5">
              <Box w="3" h="0.5" borderRadius="full" bg={palette[line.color]} />
              <Text textStyle="xs" color="fg.muted">
                {line.name}
              </Text>
            </HStack>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
