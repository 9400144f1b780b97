import type { MutationResolvers, PriceAlert, QueryResolvers, SubscriptionResolvers } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';

export const alertQueries: Pick<QueryResolvers, 'alerts'> = {
  alerts: (_parent, args, { user, services }) => services.alerts.list(user.id, args),
};

export const alertMutations: Pick<
  MutationResolvers,
  'createAlert' | 'updateAlert' | 'deleteAlert' | 'toggleAlert' | 'markAlertRead'
> = {
  createAlert: (_parent, { input }, context) => context.services.alerts.create(mutationCall(context), input),
  updateAlert: (_parent, { id, input }, context) => context.services.alerts.update(mutationCall(context), id, input),
  deleteAlert: (_parent, { id }, context) => context.services.alerts.delete(mutationCall(context), id),
  toggleAlert: (_parent, { id, isActive }, context) =>
    context.services.alerts.toggle(mutationCall(context), id, isActive),
  markAlertRead: (_parent, { id }, context) => context.services.alerts.markRead(mutationCall(context), id),
};

export const alertSubscriptions: Pick<SubscriptionResolvers, 'alertTriggered'> = {
  alertTriggered: {
    subscribe: (_parent, _args, { user, services }) => services.events.subscribe('alertTriggered', user.id),
    resolve: (alert: PriceAlert) => alert,
  },
};
