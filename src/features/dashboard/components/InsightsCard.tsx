import { Alert, Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuLightbulb } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { DashboardOverviewQuery } from '../../../graphql/generated/graphql';
import { capitalize } from '../../../lib/format';
import { formatNumber, formatUsd } from '../../market/formatMarket';
import { MiniStat } from '../../market/MiniStat';
import { StockLink } from '../../market/StockLink';

type Insights = DashboardOverviewQuery['dashboardOverview']['aiInsights'];

const SEVERITY_STATUS = { critical: 'error', warning: 'warning', info: 'info' } as const;

function severityStatus(severity: string): 'error' | 'warning' | 'info' {
  return severity in SEVERITY_STATUS ? SEVERITY_STATUS[severity as keyof typeof SEVERITY_STATUS] : 'info';
}

function Heading({ children }: { children: string }) {
  return (
    <Text as="h3" textStyle="sm" fontWeight="semibold" color="fg.muted">
      {children}
    </Text>
  );
}

/** Insights derived by rules over the market and the portfolio: sentiment, opportunities, risks, patterns. */
export const InsightsCard = memo(function InsightsCard({ insights }: { insights: Insights }) {
  const sentiment = insights.marketSentiment;
  const sentimentPalette = sentiment.overall === 'bullish' ? 'green' : sentiment.overall === 'bearish' ? 'red' : 'gray';
  return (
    <SectionCard
      title="Insights"
      icon={LuLightbulb}
      aside={
        <Badge colorPalette={sentimentPalette} variant="subtle">
          {capitalize(sentiment.overall)}
        </Badge>
      }
    >
      <Stack gap="5">
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" textStyle="sm">
          {(
            [
              ['Fear & greed', formatNumber(sentiment.fearGreedIndex, 0)],
              ['Volatility (VIX-like)', formatNumber(sentiment.vixLevel, 1)],
              ['Down/up volume', formatNumber(sentiment.putCallRatio)],
              ['Retail (advancing %)', formatNumber(sentiment.retail, 0)],
              ['Institutional (up $ %)', formatNumber(sentiment.institutional, 0)],
            ] satisfies [string, string][]
          ).map(([label, value]) => (
            <MiniStat key={label} label={label} value={value} />
          ))}
        </SimpleGrid>

        {insights.riskAlerts.length > 0 ? (
          <Stack gap="2">
            <Heading>Risk alerts</Heading>
            {insights.riskAlerts.map((alert) => (
              <Alert.Root
                key={`${alert.title}-${alert.symbol ?? ''}`}
                status={severityStatus(alert.severity)}
                size="sm"
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{alert.title}</Alert.Title>
                  <Alert.Description>{alert.message}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ))}
          </Stack>
        ) : null}

        <Stack gap="2">
          <Heading>Top opportunities</Heading>
          {insights.topOpportunities.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              No symbol is oversold or overbought right now.
            </Text>
          ) : (
            insights.topOpportunities.map((item) => (
              <HStack key={item.symbol} gap="2" align="flex-start" textStyle="sm">
                <Badge colorPalette={item.action === 'BUY' ? 'green' : 'red'} variant="subtle" flexShrink="0">
                  {item.action}
                </Badge>
                {item.alertId ? (
                  <Badge colorPalette="teal" variant="outline" flexShrink="0">
                    Your alert
                  </Badge>
                ) : null}
                <Text>
                  <StockLink symbol={item.symbol} /> {formatUsd(item.price)} · RSI {formatNumber(item.rsi, 0)} —{' '}
                  <Text as="span" color="fg.muted">
                    {item.reason}
                  </Text>
                </Text>
              </HStack>
            ))
          )}
        </Stack>

        {insights.technicalPatterns.length > 0 ? (
          <Stack gap="2">
            <Heading>Technical patterns</Heading>
            {insights.technicalPatterns.slice(0, 6).map((pattern) => (
              <Text key={`${pattern.symbol}-${pattern.pattern}`} textStyle="sm">
                <StockLink symbol={pattern.symbol} />{' '}
                <Text as="span" color="fg.muted">
                  {pattern.description}
                </Text>
              </Text>
            ))}
          </Stack>
        ) : null}

        {insights.portfolioRecommendations.length > 0 ? (
          <Stack gap="2">
            <Heading>Portfolio</Heading>
            {insights.portfolioRecommendations.map((recommendation) => (
              <Text key={`${recommendation.type}-${recommendation.symbol ?? ''}`} textStyle="sm">
                {recommendation.message}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </SectionCard>
  );
});
