import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';

export const tradingParametersQueries: Pick<QueryResolvers, 'tradingParameters' | 'onboardingStatus'> = {
  tradingParameters: (_parent, _args, { user, services }) => services.tradingParameters.get(user.id),
  onboardingStatus: async (_parent, _args, { user, services }) => (await services.onboarding.load(user.id)).status,
};

export const tradingParametersMutations: Pick<MutationResolvers, 'updateTradingParameters'> = {
  updateTradingParameters: (_parent, { input }, { user, services }) => services.tradingParameters.save(user.id, input),
};
