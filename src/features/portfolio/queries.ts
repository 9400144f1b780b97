import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { PortfolioDocument, type PortfolioFieldsFragment, type PortfolioQuery } from '../../graphql/generated/graphql';

export const portfolioKeys = {
  all: ['portfolio'] as const,
};

export function portfolioQuery() {
  return queryOptions({ queryKey: portfolioKeys.all, queryFn: () => gqlRequest(PortfolioDocument) });
}

/** A pushed portfolio replaces the cached one with its positions (spec §7: portfolio has no key). */
export function applyPortfolio(queryClient: QueryClient, portfolio: PortfolioFieldsFragment): void {
  queryClient.setQueryData<PortfolioQuery>(portfolioKeys.all, { portfolio });
}
