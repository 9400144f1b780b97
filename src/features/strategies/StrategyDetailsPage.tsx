import { Button, Grid, GridItem, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuChartLine, LuHistory, LuSlidersHorizontal, LuWorkflow } from 'react-icons/lu';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { StatList } from '../../components/page/StatList';
import { EmptyText } from '../../components/table/DataTable';
import type { StrategyFieldsFragment } from '../../graphql/generated/graphql';
import { capitalize, formatDateTime } from '../../lib/format';
import { formatDay } from '../backtest/backtestFormat';
import { BacktestHistory } from '../backtest/components/BacktestHistory';
import { ActiveSwitch } from './components/ActiveSwitch';
import { StrategyActivity } from './components/StrategyActivity';
import { StrategyNotFound } from './components/StrategyNotFound';
import { StrategyVersions } from './components/StrategyVersions';
import { MetricsTable } from './components/MetricsTable';
import { ActiveBadge } from './components/StrategiesTable';
import { strategyQuery, strategyTemplatesQuery } from './queries';
import { categoryLabel, parameterText } from './strategyFormat';

/** Strategy detail (spec §1): the definition's summary, the latest backtest's metrics and a way to backtest it. */
export function StrategyDetailsPage({ strategyId }: { strategyId: string }) {
  const query = useQuery(strategyQuery(strategyId));
  const strategy = query.data?.strategy;
  return (
    <>
      <PageHeader
        title={strategy?.name ?? 'Strategy details'}
        description={strategy?.description || undefined}
        actions={
          strategy ? (
            <HStack gap="2">
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/strategies/$strategyId/config" params={{ strategyId }}>
                  <LuSlidersHorizontal /> Configure
                </RouterLink>
              </Button>
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to="/backtest" search={{ strategyId }}>
                  <LuHistory /> Backtest
                </RouterLink>
              </Button>
            </HStack>
          ) : null
        }
      />
      <QueryContent query={query} what="Strategy">
        {(data) => (data.strategy ? <StrategyDetails strategy={data.strategy} /> : <StrategyNotFound />)}
      </QueryContent>
    </>
  );
}

function StrategyDetails({ strategy }: { strategy: StrategyFieldsFragment }) {
  const templates = useQuery(strategyTemplatesQuery());
  const template = templates.data?.strategyTemplates.find((t) => t.id === strategy.templateId);
  const performance = strategy.performance;
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <GridItem minW="0">
        <SectionCard
          title="Definition"
          icon={LuWorkflow}
          aside={
            <HStack gap="2">
              <ActiveBadge active={strategy.isActive} />
              <ActiveSwitch strategy={strategy} />
            </HStack>
          }
        >
          <StatList
            items={[
              { label: 'Category', value: categoryLabel(strategy.category) },
              { label: 'Template', value: template?.name ?? strategy.templateId ?? 'Code' },
              { label: 'Parameters', value: parameterText(strategy.parameters) },
              { label: 'Symbols', value: strategy.symbols.join(', ') || '—' },
              { label: 'Interval', value: strategy.interval ?? '—' },
              { label: 'Version', value: `v${strategy.version}` },
              { label: 'Risk level', value: capitalize(strategy.riskLevel) },
              { label: 'Time horizon', value: capitalize(strategy.timeHorizon) },
              { label: 'Updated', value: formatDateTime(strategy.updatedAt) },
            ]}
          />
        </SectionCard>
      </GridItem>
      <GridItem minW="0">
        <SectionCard
          title="Latest backtest"
          icon={LuChartLine}
          description={performance ? `${formatDay(performance.from)} – ${formatDay(performance.to)}` : undefined}
        >
          {performance ? (
            <MetricsTable metrics={performance.metrics} />
          ) : (
            <EmptyText>No backtest yet. Run one to see how the rules did on past prices.</EmptyText>
          )}
        </SectionCard>
      </GridItem>
      <GridItem minW="0" colSpan={{ base: 1, lg: 2 }}>
        <StrategyActivity strategyId={strategy.id} />
      </GridItem>
      <GridItem minW="0" colSpan={{ base: 1, lg: 2 }}>
        <BacktestHistory strategyId={strategy.id} />
      </GridItem>
      <GridItem minW="0" colSpan={{ base: 1, lg: 2 }}>
        <StrategyVersions strategyId={strategy.id} />
      </GridItem>
    </Grid>
  );
}
