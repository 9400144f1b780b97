import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { chartBoxHeight, type PriceChartProps } from './chartProps';

export type { ChartMarker, ChartOverlays, PriceChartProps } from './chartProps';

// lightweight-charts, the largest library in the app, loads with the first chart shown rather than with the pages.
const CandlestickChart = lazy(() =>
  import('./CandlestickChart').then(({ CandlestickChart }) => ({ default: CandlestickChart })),
);

/** A candlestick chart (see CandlestickChart), with a placeholder of the same size while its code loads. */
export function PriceChart(props: PriceChartProps) {
  return (
    <Suspense fallback={<Skeleton w="full" h={chartBoxHeight(props.overlays, props.height)} />}>
      <CandlestickChart {...props} />
    </Suspense>
  );
}
