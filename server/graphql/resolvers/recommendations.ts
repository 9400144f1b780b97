import type { StrategyRecommendation } from '../../../src/domain/recommendations';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';

/** The domain's recommendation in the API's shape: times as ISO strings, the template's lists copied. */
function toApi(recommendation: StrategyRecommendation) {
  const { strategy, timestamp, basis } = recommendation;
  return {
    ...recommendation,
    strategy: {
      ...strategy,
      tags: [...strategy.tags],
      parameters: strategy.parameters.map((parameter) => ({ ...parameter })),
    },
    timestamp: new Date(timestamp).toISOString(),
    basis: { ...basis, from: new Date(basis.from).toISOString(), to: new Date(basis.to).toISOString() },
  };
}

export const recommendationQueries: Pick<QueryResolvers, 'strategyRecommendations'> = {
  strategyRecommendations: async (_parent, { limit }, { user, services }) =>
    (await services.recommendations.recommendations(user.id, limit)).map(toApi),
};

export const recommendationMutations: Pick<MutationResolvers, 'deployRecommendation'> = {
  deployRecommendation: (_parent, { input }, context) =>
    context.services.recommendations.deploy(mutationCall(context), input),
};
