import { Tabs } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartLine, LuGauge, LuShieldCheck } from 'react-icons/lu';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { ANALYTICS_TABS, isAnalyticsTab, type AnalyticsTab } from './analyticsTabs';

const TAB_CONTENT: Record<AnalyticsTab, { label: string; icon: IconType; title: string; text: string }> = {
  pnl: {
    label: 'P&L',
    icon: LuChartLine,
    title: 'No profit and loss yet',
    text: 'Realised and unrealised profit and loss over time will appear here once paper trading is enabled.',
  },
  metrics: {
    label: 'Trading metrics',
    icon: LuGauge,
    title: 'No trading metrics yet',
    text: 'Win rate, profit factor, Sharpe ratio and other trading metrics will appear here once you have trades.',
  },
  risk: {
    label: 'Risk',
    icon: LuShieldCheck,
    title: 'No risk analysis yet',
    text: 'Drawdown, exposure and other risk measures will appear here once you have positions.',
  },
};

interface AnalyticsPageProps {
  tab: AnalyticsTab;
  onTabChange(tab: AnalyticsTab): void;
}

/** Analytics with its P&L, Trading metrics and Risk tabs; the tab lives in the URL (`?tab=`). */
export function AnalyticsPage({ tab, onTabChange }: AnalyticsPageProps) {
  return (
    <>
      <PageHeader title="Analytics" description="Performance and risk of your trading." />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          if (isAnalyticsTab(details.value)) onTabChange(details.value);
        }}
        variant="line"
        colorPalette="brand"
        lazyMount
      >
        <Tabs.List mb="6">
          {ANALYTICS_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {TAB_CONTENT[value].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ANALYTICS_TABS.map((value) => (
          <Tabs.Content key={value} value={value} p="0">
            <EmptyStateCard
              icon={TAB_CONTENT[value].icon}
              title={TAB_CONTENT[value].title}
              description={TAB_CONTENT[value].text}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
