import type { MutationResolvers, QueryResolvers, TradingStrategyResolvers } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';

export const strategyQueries: Pick<
  QueryResolvers,
  'strategies' | 'strategy' | 'strategyPerformance' | 'strategyTemplates'
> = {
  strategies: (_parent, args, { user, services }) => services.strategies.strategies(user.id, args),
  strategy: (_parent, { id }, { user, services }) => services.strategies.strategy(user.id, id),
  strategyPerformance: (_parent, args, { user, services }) => services.strategies.strategyPerformance(user.id, args),
  strategyTemplates: (_parent, _args, { services }) =>
    services.strategies.templates().map((template) => ({
      ...template,
      tags: [...template.tags],
      parameters: template.parameters.map((parameter) => ({ ...parameter })),
    })),
};

/** TradingStrategy's versions, read only when selected (the strategy itself was read for this user). */
export const strategyFields: TradingStrategyResolvers = {
  versions: async (strategy, _args, { user, services }) =>
    (await services.strategies.strategyVersions(user.id, strategy.id)).map((version) => ({
      ...version,
      createdAt: version.createdAt.toISOString(),
    })),
};

export const strategyMutations: Pick<
  MutationResolvers,
  'createStrategy' | 'updateStrategy' | 'deleteStrategy' | 'activateStrategy' | 'deactivateStrategy' | 'evolveStrategy'
> = {
  createStrategy: (_parent, { input }, context) =>
    context.services.strategies.createStrategy(mutationCall(context), input),
  updateStrategy: (_parent, { id, input }, context) =>
    context.services.strategies.updateStrategy(mutationCall(context), id, input),
  deleteStrategy: (_parent, { id }, context) => context.services.strategies.deleteStrategy(mutationCall(context), id),
  activateStrategy: (_parent, { id }, context) =>
    context.services.strategies.activateStrategy(mutationCall(context), id),
  deactivateStrategy: (_parent, { id }, context) =>
    context.services.strategies.deactivateStrategy(mutationCall(context), id),
  evolveStrategy: (_parent, { input }, context) =>
    context.services.strategies.evolveStrategy(mutationCall(context), input),
};
