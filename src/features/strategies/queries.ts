import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import { gqlRequest } from '../../graphql/client';
import {
  StrategyOrdersDocument,
  StrategyVersionsDocument,
  StrategyPerformanceDocument,
  StrategiesDocument,
  StrategyDocument,
  StrategyTemplatesDocument,
  type StrategiesQuery,
  type StrategyFieldsFragment,
  type StrategyQuery,
} from '../../graphql/generated/graphql';

/** The list's filters (spec §7 strategies(limit 50, category, isActive)); null: not filtered. */
export interface StrategyFilters {
  category: string | null;
  isActive: boolean | null;
}

export const NO_STRATEGY_FILTERS: StrategyFilters = { category: null, isActive: null };

export const strategyKeys = {
  all: ['strategies'] as const,
  lists: () => [...strategyKeys.all, 'list'] as const,
  list: ({ category, isActive }: StrategyFilters) =>
    [...strategyKeys.lists(), category ?? 'ALL', isActive === null ? 'ALL' : String(isActive)] as const,
  details: () => [...strategyKeys.all, 'detail'] as const,
  detail: (id: string) => [...strategyKeys.details(), id] as const,
  templates: () => [...strategyKeys.all, 'templates'] as const,
  /** The unfiltered list read to refresh this device's copy (useLocalStrategies); not a list `applyStrategy` edits. */
  device: () => [...strategyKeys.all, 'device'] as const,
  /** A strategy's live (paper) performance this year, and the orders it placed (the detail page). */
  performance: (id: string) => [...strategyKeys.detail(id), 'performance'] as const,
  orders: (id: string) => [...strategyKeys.detail(id), 'orders'] as const,
  versions: (id: string) => [...strategyKeys.detail(id), 'versions'] as const,
};

/** How long a strategy's live figures and orders are fresh (they change as it trades). */
const ACTIVITY_STALE_MS = 30_000;

/** The strategy's live performance from its own paper fills over the last 12 months (spec §7 strategyPerformance). */
export function strategyPerformanceQuery(id: string) {
  return queryOptions({
    queryKey: strategyKeys.performance(id),
    staleTime: ACTIVITY_STALE_MS,
    queryFn: () => gqlRequest(StrategyPerformanceDocument, { id }),
  });
}

/** Every definition the strategy had, newest first. */
export function strategyVersionsQuery(id: string) {
  return queryOptions({
    queryKey: strategyKeys.versions(id),
    queryFn: () => gqlRequest(StrategyVersionsDocument, { id }),
  });
}

/** The newest 50 orders placed under the strategy. */
export function strategyOrdersQuery(id: string) {
  return queryOptions({
    queryKey: strategyKeys.orders(id),
    staleTime: ACTIVITY_STALE_MS,
    queryFn: () => gqlRequest(StrategyOrdersDocument, { strategyId: id }),
  });
}

/** The signed-in user's strategies, newest first (spec §9: 50 a page), optionally filtered. */
export function strategiesQuery(filters: StrategyFilters = NO_STRATEGY_FILTERS) {
  return queryOptions({
    queryKey: strategyKeys.list(filters),
    queryFn: () => gqlRequest(StrategiesDocument, { limit: PAGE_SIZE.strategies, ...filters }),
  });
}

export function strategyQuery(id: string) {
  return queryOptions({
    queryKey: strategyKeys.detail(id),
    queryFn: () => gqlRequest(StrategyDocument, { id }),
  });
}

/** The built-in templates: fixed for a given server version, so read once an hour at most. */
export function strategyTemplatesQuery() {
  return queryOptions({
    queryKey: strategyKeys.templates(),
    staleTime: 60 * 60_000,
    queryFn: () => gqlRequest(StrategyTemplatesDocument),
  });
}

/** The filters a cached list was asked for, read back from its key. */
function listFilters(queryKey: readonly unknown[]): StrategyFilters {
  const [, , category, isActive] = queryKey;
  return {
    category: typeof category === 'string' && category !== 'ALL' ? category : null,
    isActive: isActive === 'true' ? true : isActive === 'false' ? false : null,
  };
}

/** Whether a strategy belongs in a list asked for with `filters` (the server's filtering, on this device). */
export function matchesStrategyFilters(
  strategy: Pick<StrategyFieldsFragment, 'category' | 'isActive'>,
  filters: StrategyFilters,
): boolean {
  return (
    (filters.category === null || strategy.category === filters.category) &&
    (filters.isActive === null || strategy.isActive === filters.isActive)
  );
}

/**
 * A strategy's new state in one cached list (spec §7: strategies keyed by id): replaced where it is, added at the
 * top of a list whose filters it matches, removed from one it no longer matches.
 */
export function mergeStrategy(
  strategies: readonly StrategyFieldsFragment[],
  strategy: StrategyFieldsFragment,
  filters: StrategyFilters,
  limit: number = PAGE_SIZE.strategies,
): StrategyFieldsFragment[] {
  const matches = matchesStrategyFilters(strategy, filters);
  if (strategies.some((item) => item.id === strategy.id)) {
    return matches
      ? strategies.map((item) => (item.id === strategy.id ? strategy : item))
      : strategies.filter((item) => item.id !== strategy.id);
  }
  return matches ? [strategy, ...strategies].slice(0, limit) : [...strategies];
}

/** Puts a strategy's new state into every cached list and its detail. */
export function applyStrategy(queryClient: QueryClient, strategy: StrategyFieldsFragment): void {
  for (const [queryKey, data] of queryClient.getQueriesData<StrategiesQuery>({ queryKey: strategyKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<StrategiesQuery>(queryKey, {
      strategies: mergeStrategy(data.strategies, strategy, listFilters(queryKey)),
    });
  }
  queryClient.setQueryData<StrategyQuery>(strategyKeys.detail(strategy.id), { strategy });
}

/** Drops a deleted strategy from every cached list and its detail. */
export function removeStrategy(queryClient: QueryClient, id: string): void {
  for (const [queryKey, data] of queryClient.getQueriesData<StrategiesQuery>({ queryKey: strategyKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<StrategiesQuery>(queryKey, {
      strategies: data.strategies.filter((item) => item.id !== id),
    });
  }
  queryClient.removeQueries({ queryKey: strategyKeys.detail(id) });
}
