import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db';
import {
  localStrategies,
  storeServerStrategies,
  strategySyncStates,
  type LocalStrategy,
  type StrategySync,
} from '../../data/strategies';
import { PAGE_SIZE } from '../../domain/constants';
import { gqlRequest } from '../../graphql/client';
import { StrategiesDocument } from '../../graphql/generated/graphql';
import { matchesStrategyFilters, NO_STRATEGY_FILTERS, strategyKeys, type StrategyFilters } from './queries';

/**
 * Reads the server's unfiltered list and writes it into this device's copy. Only a fresh answer is written (never
 * one restored from the persisted cache, which may predate a strategy created here and since sent).
 */
export function deviceStrategiesQuery() {
  return queryOptions({
    queryKey: strategyKeys.device(),
    queryFn: async () => {
      const { strategies } = await gqlRequest(StrategiesDocument, {
        limit: PAGE_SIZE.strategies,
        ...NO_STRATEGY_FILTERS,
      });
      await storeServerStrategies(localDb(), strategies);
      return strategies;
    },
  });
}

/**
 * The strategies on this device (live from Dexie), filtered here as the server would, with the sync state of each;
 * refreshed in the background from the server's unfiltered list (strategies with unsent changes keep their local
 * state). `strategies` is undefined while neither has answered; `refresh` is the server read (its error, Retry).
 */
export function useLocalStrategies(filters: StrategyFilters) {
  const db = localDb();
  const refresh = useQuery(deviceStrategiesQuery());
  const answer = refresh.data;
  const local = useLiveQuery(() => localStrategies(db), [db]);
  const sync = useLiveQuery(() => strategySyncStates(db), [db], new Map<string, StrategySync>());
  // Dexie still empty while the server has strategies (a first answer being written): shown as the server sent it.
  const all: readonly LocalStrategy[] | undefined =
    local === undefined ? undefined : local.length === 0 && answer && answer.length > 0 ? answer : local;
  return { strategies: all?.filter((s) => matchesStrategyFilters(s, filters)), sync, refresh };
}
