import { HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/form/SelectField';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { formatDateTime } from '../../lib/format';
import { useTradingMode } from '../trading/useTradingMode';
import { isAnalyticsPeriod, PERIOD_OPTIONS, type AnalyticsPeriod } from './analyticsPeriods';
import { ANALYTICS_TABS, isAnalyticsTab, type AnalyticsTab } from './analyticsTabs';
import { AccountBadge } from './components/AccountBadge';
import { MetricsTab } from './components/MetricsTab';
import { PnlTab } from './components/PnlTab';
import { RiskTab } from './components/RiskTab';
import { analyticsReportQuery } from './queries';

const TAB_LABELS: Record<AnalyticsTab, string> = { pnl: 'P&L', metrics: 'Trading metrics', risk: 'Risk' };

interface AnalyticsPageProps {
  tab: AnalyticsTab;
  period: AnalyticsPeriod;
  onTabChange(tab: AnalyticsTab): void;
  onPeriodChange(period: AnalyticsPeriod): void;
}

/**
 * Analytics (issue 15 point 5) with its P&L, Trading metrics and Risk tabs over one period; the tab and the period
 * live in the URL (`?tab=`, `?period=`). One performance report feeds the three tabs and says whose account (paper or
 * live) it reads; offline, the last one read for the period is shown with the time it was read.
 */
export function AnalyticsPage({ tab, period, onTabChange, onPeriodChange }: AnalyticsPageProps) {
  const { mode } = useTradingMode();
  const report = useQuery(analyticsReportQuery(period, mode));
  return (
    <>
      <PageHeader
        title="Analytics"
        description="Performance and risk of your trading."
        actions={
          <SelectField
            label="Period"
            hideLabel
            size="sm"
            value={period}
            options={PERIOD_OPTIONS}
            onChange={(value) => {
              if (isAnalyticsPeriod(value)) onPeriodChange(value);
            }}
          />
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          if (isAnalyticsTab(details.value)) onTabChange(details.value);
        }}
        variant="line"
        colorPalette="brand"
        lazyMount
      >
        <Tabs.List mb="4" overflowX="auto">
          {ANALYTICS_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} flexShrink="0">
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <QueryContent query={report} what="Performance report" skeletonLines={8}>
          {({ data, readAt, cached }) => (
            <Stack gap="4">
              <HStack gap="2" flexWrap="wrap">
                <AccountBadge account={data.account} testId="analytics-account" />
                <Text textStyle="xs" color={cached ? 'fg.warning' : 'fg.muted'} data-testid="analytics-read-at">
                  {cached ? "You're offline: showing the report of " : ''}
                  {data.start} to {data.end}, read {formatDateTime(readAt)}.
                </Text>
              </HStack>
              <Tabs.Content value="pnl" p="0">
                <PnlTab report={data} />
              </Tabs.Content>
              <Tabs.Content value="metrics" p="0">
                <MetricsTab report={data} />
              </Tabs.Content>
              <Tabs.Content value="risk" p="0">
                <RiskTab report={data} period={period} mode={mode} />
              </Tabs.Content>
            </Stack>
          )}
        </QueryContent>
      </Tabs.Root>
    </>
  );
}
