import { Box, Button, Flex, Group, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { LuChartCandlestick } from 'react-icons/lu';
import { CHART_INTERVALS, DEFAULT_CHART_INTERVAL, type ChartInterval } from '../../../components/charts/intervals';
import type { ChartCandle } from '../../../components/charts/chartData';
import { PriceChart, type ChartOverlays } from '../../../components/charts/PriceChart';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { candlesQuery } from '../../market/queries';
import { useLiveQuote } from '../../market/useLiveQuote';
import { withLivePrice } from '../liveCandle';
import { usePresentationTables } from '../usePresentationTables';

const OVERLAY_LABELS: [keyof ChartOverlays, string][] = [
  ['sma', 'SMA 20/50'],
  ['ema', 'EMA 12/26'],
  ['bollinger', 'Bollinger'],
  ['rsi', 'RSI'],
  ['macd', 'MACD'],
];

/** Intraday charts refetch their bars each minute (a new bar starts); live quotes move the last one. */
const INTRADAY_REFRESH_MS = 60_000;

interface LiveChartProps {
  symbol: string;
  candles: readonly ChartCandle[];
  overlays: ChartOverlays;
  intraday: boolean;
  label: string;
}

/** The chart with the symbol's latest quote folded into the last bar: only this re-renders on a tick. */
const LivePriceChart = memo(function LivePriceChart({ symbol, candles, overlays, intraday, label }: LiveChartProps) {
  const quote = useLiveQuote(symbol);
  const bars = useMemo(() => withLivePrice(candles, quote), [candles, quote]);
  const layout = usePresentationTables<HTMLDivElement>();
  return (
    <Box ref={layout}>
      <PriceChart candles={bars} overlays={overlays} intraday={intraday} label={label} />
    </Box>
  );
});

/** Candlesticks with volume for one symbol: interval switcher, overlay toggles, RSI and MACD panes. */
export function ChartCard({ symbol }: { symbol: string }) {
  const [interval, setChartInterval] = useState<ChartInterval>(DEFAULT_CHART_INTERVAL);
  const [overlays, setOverlays] = useState<ChartOverlays>({
    sma: true,
    ema: false,
    bollinger: false,
    rsi: true,
    macd: true,
  });
  const intraday = interval !== '1D';
  const query = useQuery({
    ...candlesQuery(symbol, interval),
    refetchInterval: intraday ? INTRADAY_REFRESH_MS : false,
  });

  return (
    <SectionCard title="Chart" icon={LuChartCandlestick}>
      <Flex gap="3" wrap="wrap" justify="space-between" align="center" mb="3">
        <Group attached role="group" aria-label="Interval">
          {CHART_INTERVALS.map((value) => (
            <Button
              key={value}
              size="xs"
              minW="10"
              variant={value === interval ? 'solid' : 'outline'}
              colorPalette={value === interval ? 'brand' : 'gray'}
              aria-pressed={value === interval}
              onClick={() => setChartInterval(value)}
            >
              {value}
            </Button>
          ))}
        </Group>
        <HStack gap="1.5" wrap="wrap" role="group" aria-label="Indicators">
          {OVERLAY_LABELS.map(([key, label]) => (
            <Button
              key={key}
              size="xs"
              variant={overlays[key] ? 'subtle' : 'outline'}
              colorPalette={overlays[key] ? 'brand' : 'gray'}
              aria-pressed={overlays[key]}
              onClick={() => setOverlays((current) => ({ ...current, [key]: !current[key] }))}
            >
              {label}
            </Button>
          ))}
        </HStack>
      </Flex>
      <QueryContent query={query} what="Price history" skeletonLines={8}>
        {({ candles }) =>
          candles.length === 0 ? (
            <Text color="fg.muted">No price history for {symbol}.</Text>
          ) : (
            <LivePriceChart
              symbol={symbol}
              candles={candles}
              overlays={overlays}
              intraday={intraday}
              label={`${symbol} ${interval} candlestick chart with volume`}
            />
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
