import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LuChartCandlestick } from 'react-icons/lu';
import { PriceChart, type ChartOverlays } from '../../../components/charts/PriceChart';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import type { StrategyDefinition } from '../../../domain/strategies';
import { candlesQuery } from '../../market/queries';
import { previewSignals, previewSummary } from './preview';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';

const NO_OVERLAYS: ChartOverlays = { sma: false, ema: false, bollinger: false, rsi: false, macd: false };
const HEIGHT = { base: '16rem', md: '22rem' };
const NO_MARKERS: never[] = [];

/** What the form holds now: a checked definition, or why there is none. */
export type PreviewInput = { definition: StrategyDefinition } | { invalid: string };

/**
 * The current form's signals on the first symbol's daily candles (the cached chart query, so it works offline),
 * computed in the browser by the domain's signal engine, a moment after the form stops changing.
 */
export function SignalPreview({ input, symbol }: { input: PreviewInput; symbol: string | undefined }) {
  const settled = useDebouncedValue(input, 300);
  const candles = useQuery({ ...candlesQuery(symbol ?? '', '1D'), enabled: symbol !== undefined });
  const bars = candles.data?.candles;
  const preview = useMemo(
    () => (bars && 'definition' in settled ? previewSignals(settled.definition, bars) : null),
    [bars, settled],
  );
  return (
    <SectionCard
      title="Signal preview"
      icon={LuChartCandlestick}
      description={symbol ? `${symbol}, daily bars: entries ▲, exits ▼` : undefined}
    >
      {symbol === undefined ? (
        <Text color="fg.muted">Enter a symbol to preview the signals.</Text>
      ) : (
        <QueryContent query={candles} what="Candles">
          {(data) => (
            <Stack gap="3">
              <PriceChart
                candles={data.candles}
                overlays={NO_OVERLAYS}
                intraday={false}
                height={HEIGHT}
                label={`${symbol} daily candles with the strategy's entry and exit signals`}
                markers={preview?.markers ?? NO_MARKERS}
              />
              {'invalid' in settled ? (
                <Text textStyle="sm" color="fg.warning" data-testid="preview-summary">
                  No signals shown: {settled.invalid}
                </Text>
              ) : (
                <Text textStyle="sm" data-testid="preview-summary">
                  {preview ? previewSummary(preview) : ''}
                </Text>
              )}
            </Stack>
          )}
        </QueryContent>
      )}
    </SectionCard>
  );
}
