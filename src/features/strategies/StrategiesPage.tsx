import { HStack, Stack } from '@chakra-ui/react';
import { QueryLoading } from '../../components/page/QueryContent';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LuWorkflow } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { SelectField } from '../../components/form/SelectField';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryErrorState } from '../../components/page/QueryErrorState';
import { SectionCard } from '../../components/page/SectionCard';
import { NewStrategyDialog } from './components/NewStrategyDialog';
import { StrategyRecommendations } from './recommendations/StrategyRecommendations';
import { StrategiesTable } from './components/StrategiesTable';
import { NO_STRATEGY_FILTERS, strategyTemplatesQuery, type StrategyFilters } from './queries';
import { STRATEGY_CATEGORIES } from './strategyFormat';
import { useLocalStrategies } from './useLocalStrategies';

const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...STRATEGY_CATEGORIES];
const ACTIVE_OPTIONS = [
  { value: '', label: 'Active and inactive' },
  { value: 'true', label: 'Active only' },
  { value: 'false', label: 'Inactive only' },
];

/**
 * Strategies (spec §1): the user's strategies with the latest backtest's figures, filtered by category and
 * activity; "New strategy" builds one from a template. An active strategy is traded by the server on each closed bar.
 * The list is this device's copy (readable offline); a strategy created or edited offline shows it is not synced.
 */
export function StrategiesPage() {
  const [filters, setFilters] = useState<StrategyFilters>(NO_STRATEGY_FILTERS);
  const { strategies, sync, refresh } = useLocalStrategies(filters);
  const templates = useQuery(strategyTemplatesQuery());
  const templateNames = useMemo(
    () => new Map((templates.data?.strategyTemplates ?? []).map((t) => [t.id, t.name])),
    [templates.data],
  );
  const filtered = filters.category !== null || filters.isActive !== null;
  return (
    <>
      <PageHeader
        title="Strategies"
        description="Rules built from templates, tested on past prices, traded automatically while active."
        actions={<NewStrategyDialog />}
      />
      <ComponentErrorBoundary name="Strategies">
        <SectionCard title="Your strategies" icon={LuWorkflow}>
          <Stack gap="3">
            <HStack gap="2">
              <SelectField
                label="Category"
                hideLabel
                size="sm"
                maxW="14rem"
                value={filters.category ?? ''}
                options={CATEGORY_OPTIONS}
                onChange={(value) => setFilters((current) => ({ ...current, category: value || null }))}
              />
              <SelectField
                label="Activity"
                hideLabel
                size="sm"
                maxW="14rem"
                value={filters.isActive === null ? '' : String(filters.isActive)}
                options={ACTIVE_OPTIONS}
                onChange={(value) =>
                  setFilters((current) => ({ ...current, isActive: value === '' ? null : value === 'true' }))
                }
              />
            </HStack>
            {strategies !== undefined ? (
              <StrategiesTable
                strategies={strategies}
                sync={sync}
                templateNames={templateNames}
                emptyText={
                  filtered
                    ? 'No strategies match these filters.'
                    : 'No strategies yet. Create one from a template with "New strategy".'
                }
              />
            ) : refresh.isError ? (
              <QueryErrorState
                error={refresh.error}
                what="Strategies"
                onRetry={() => void refresh.refetch()}
                retrying={refresh.isFetching}
              />
            ) : (
              <QueryLoading what="Strategies" />
            )}
          </Stack>
        </SectionCard>
      </ComponentErrorBoundary>
      <StrategyRecommendations />
    </>
  );
}
