import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';

export const backtestQueries: Pick<QueryResolvers, 'backtestRun' | 'backtestRuns'> = {
  backtestRun: (_parent, { id }, { user, services }) => services.backtests.run(user.id, id),
  backtestRuns: (_parent, args, { user, services }) => services.backtests.runs(user.id, args),
};

export const backtestMutations: Pick<
  MutationResolvers,
  'startBacktest' | 'cancelBacktest' | 'startOptimisation' | 'applyOptimisation'
> = {
  startBacktest: (_parent, { input }, context) => context.services.backtests.start(mutationCall(context), input),
  cancelBacktest: (_parent, { id }, context) => context.services.backtests.cancel(mutationCall(context), id),
  startOptimisation: (_parent, { input }, context) =>
    context.services.backtests.startOptimisation(mutationCall(context), input),
  applyOptimisation: (_parent, { id }, context) => context.services.backtests.apply(mutationCall(context), id),
};
