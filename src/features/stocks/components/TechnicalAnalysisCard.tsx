import { Badge, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuActivity } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatList } from '../../../components/page/StatList';
import { capitalize } from '../../../lib/format';
import { formatCompact, formatNumber, formatUsd } from '../../market/formatMarket';
import { technicalAnalysisQuery } from '../../market/queries';

/** Badge colour of a recommendation: buys green, sells red, hold grey. */
export function recommendationPalette(recommendation: string): string {
  if (recommendation.includes('BUY')) return 'green';
  if (recommendation.includes('SELL')) return 'red';
  return 'gray';
}

export function recommendationLabel(recommendation: string): string {
  return recommendation
    .split('_')
    .map((word) => capitalize(word.toLowerCase()))
    .join(' ');
}

/** The daily technical analysis of one symbol: recommendation, trend, indicator values and signals. */
export function TechnicalAnalysisCard({ symbol }: { symbol: string }) {
  const query = useQuery(technicalAnalysisQuery(symbol));
  const analysis = query.data?.technicalAnalysis;
  return (
    <SectionCard
      title="Technical analysis"
      icon={LuActivity}
      description="Daily bars"
      aside={
        analysis ? (
          <Badge colorPalette={recommendationPalette(analysis.recommendation)} variant="solid" size="md">
            {recommendationLabel(analysis.recommendation)}
          </Badge>
        ) : null
      }
    >
      <QueryContent query={query} what="Technical analysis">
        {({ technicalAnalysis }) => {
          if (!technicalAnalysis) return <Text color="fg.muted">No analysis for {symbol}.</Text>;
          const { indicators } = technicalAnalysis;
          return (
            <Stack gap="4">
              <StatList
                items={[
                  { label: 'Trend', value: capitalize(technicalAnalysis.trend) },
                  {
                    label: 'Volatility (ATR %)',
                    value: `${formatNumber(technicalAnalysis.volatility)}%${technicalAnalysis.volatilityLevel ? ` · ${technicalAnalysis.volatilityLevel}` : ''}`,
                  },
                  {
                    label: 'Support / resistance',
                    value: `${formatUsd(technicalAnalysis.support)} / ${formatUsd(technicalAnalysis.resistance)}`,
                  },
                  { label: 'RSI (14)', value: formatNumber(indicators.rsi, 1) },
                  {
                    label: 'MACD / signal / hist.',
                    value: `${formatNumber(indicators.macd.macd)} / ${formatNumber(indicators.macd.signal)} / ${formatNumber(indicators.macd.histogram)}`,
                  },
                  {
                    label: 'SMA 20 / 50',
                    value: `${formatNumber(indicators.sma20)} / ${formatNumber(indicators.sma50)}`,
                  },
                  {
                    label: 'EMA 12 / 26',
                    value: `${formatNumber(indicators.ema12)} / ${formatNumber(indicators.ema26)}`,
                  },
                  {
                    label: 'Bollinger (20, 2)',
                    value: `${formatNumber(indicators.bollingerBands.lower)} – ${formatNumber(indicators.bollingerBands.upper)}`,
                  },
                  { label: 'ATR / ADX', value: `${formatNumber(indicators.atr)} / ${formatNumber(indicators.adx, 1)}` },
                  { label: 'Volume', value: formatCompact(indicators.volume) },
                ]}
              />
              <Separator />
              <Stack gap="3" as="ul" aria-label="Signals">
                {technicalAnalysis.signals.length === 0 ? (
                  <Text as="li" listStyleType="none" color="fg.muted" textStyle="sm">
                    No signals on the latest bar.
                  </Text>
                ) : (
                  technicalAnalysis.signals.map((signal) => (
                    <Stack as="li" key={signal.type} gap="1" listStyleType="none">
                      <HStack gap="2" wrap="wrap">
                        <Badge colorPalette={recommendationPalette(signal.recommendation)} variant="subtle">
                          {signal.recommendation}
                        </Badge>
                        <Text textStyle="sm" fontWeight="medium">
                          {recommendationLabel(signal.type)}
                        </Text>
                        <Text textStyle="xs" color="fg.muted">
                          strength {Math.round(signal.strength * 100)}%
                        </Text>
                      </HStack>
                      <Text textStyle="sm" color="fg.muted">
                        {signal.description}
                      </Text>
                    </Stack>
                  ))
                )}
              </Stack>
            </Stack>
          );
        }}
      </QueryContent>
    </SectionCard>
  );
}
