import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { localDb } from '../../../data/db';
import { storeServerStrategy } from '../../../data/strategies';
import { PAGE_SIZE } from '../../../domain/constants';
import { gqlRequest } from '../../../graphql/client';
import {
  DeployRecommendationDocument,
  StrategyRecommendationsDocument,
  type DeployRecommendationInput,
} from '../../../graphql/generated/graphql';
import { applyStrategy } from '../queries';

export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: (limit: number) => [...recommendationKeys.all, 'list', limit] as const,
};

/** The server computes them once a trading day; the ranking follows the market regime, so read again every 5 min. */
const RECOMMENDATIONS_STALE_MS = 5 * 60_000;

/** The best recommendations for the user's risk tolerance (spec §7 strategyRecommendations, §9: 10). */
export function strategyRecommendationsQuery(limit: number = PAGE_SIZE.recommendations) {
  return queryOptions({
    queryKey: recommendationKeys.list(limit),
    staleTime: RECOMMENDATIONS_STALE_MS,
    queryFn: async () => (await gqlRequest(StrategyRecommendationsDocument, { limit })).strategyRecommendations,
  });
}

/**
 * Deploys a recommendation: the server creates the strategy paused (never queued: online only, like activation),
 * and the answer lands in the cached lists and this device's copy.
 */
export function useDeployRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...recommendationKeys.all, 'deploy'],
    mutationFn: async (input: DeployRecommendationInput) =>
      (await gqlRequest(DeployRecommendationDocument, { input })).deployRecommendation,
    networkMode: 'always',
    onSuccess: async (strategy) => {
      applyStrategy(queryClient, strategy);
      await storeServerStrategy(localDb(), strategy);
    },
  });
}
