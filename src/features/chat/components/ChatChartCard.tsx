import { Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PriceChart } from '../../../components/charts/PriceChart';
import { DEFAULT_CHART_INTERVAL, isChartInterval } from '../../../components/charts/intervals';
import { candlesQuery } from '../../market/queries';
import type { ChatMessageView } from '../types';
import { ChartCard } from './cards/ChartCard';

/** A chart card with the symbol's candles (the same query and chart as the stock page, smaller). */
export function ChatChartCard({ message }: { message: ChatMessageView }) {
  const card = message.metadata?.chartData;
  const interval = card && isChartInterval(card.interval) ? card.interval : DEFAULT_CHART_INTERVAL;
  const candles = useQuery({ ...candlesQuery(card?.symbol ?? '', interval), enabled: Boolean(card) });
  if (!card) return null;
  const indicators = new Set(card.indicators.map((indicator) => indicator.toUpperCase()));
  const chart = candles.data ? (
    <PriceChart
      candles={candles.data.candles}
      intraday={interval !== '1D'}
      label={`${card.symbol} ${interval} chart`}
      overlays={{
        sma: indicators.has('SMA20') || indicators.has('SMA50'),
        ema: indicators.has('EMA12') || indicators.has('EMA26'),
        bollinger: indicators.has('BB'),
        rsi: indicators.has('RSI'),
        macd: false,
      }}
      height={{ base: '14rem', md: '16rem' }}
    />
  ) : candles.isError ? (
    <Text textStyle="xs" color="fg.muted">
      The chart could not be loaded.
    </Text>
  ) : (
    <Skeleton h="14rem" borderRadius="md" />
  );
  return <ChartCard card={card} chart={chart} />;
}
