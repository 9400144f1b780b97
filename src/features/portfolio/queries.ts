import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { PortfolioDocument, type PortfolioFieldsFragment, type PortfolioQuery } from '../../graphql/generated/graphql';
import { WATCHED_STALE_TIME_MS } from '../market/watched';

export const portfolioKeys = {
  all: ['portfolio'] as const,
};

/**
 * Keeps the answer in Dexie for offline reading; a browser without IndexedDB just keeps the query cache. Dexie
 * loads on the first write (route loaders import this file, so a static import would put it in the first download).
 */
function storePortfolio(portfolio: PortfolioFieldsFragment): void {
  Promise.all([import('../../data/db'), import('./portfolioStore')])
    .then(([{ localDb }, { savePortfolio }]) => savePortfolio(localDb(), portfolio))
    .catch(() => undefined);
}

export function portfolioQuery() {
  return queryOptions({
    queryKey: portfolioKeys.all,
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: async () => {
      const result = await gqlRequest(PortfolioDocument);
      storePortfolio(result.portfolio);
      return result;
    },
  });
}

/** A pushed portfolio replaces the cached one with its positions (spec §7: portfolio has no key), here and in Dexie. */
export function applyPortfolio(queryClient: QueryClient, portfolio: PortfolioFieldsFragment): void {
  queryClient.setQueryData<PortfolioQuery>(portfolioKeys.all, { portfolio });
  storePortfolio(portfolio);
}
