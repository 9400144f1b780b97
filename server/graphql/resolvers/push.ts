import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';

export const pushQueries: Pick<QueryResolvers, 'pushConfig' | 'pushSubscriptions' | 'missedNotifications'> = {
  pushConfig: (_parent, _args, { services }) => services.push.config(),
  pushSubscriptions: (_parent, _args, { user, services }) => services.push.devices(user.id),
  missedNotifications: (_parent, { since }, { user, services }) => services.push.missed(user.id, since),
};

export const pushMutations: Pick<MutationResolvers, 'subscribePush' | 'unsubscribePush'> = {
  subscribePush: (_parent, { endpoint, p256dh, auth, device }, { user, services }) =>
    services.push.subscribe(user.id, { endpoint, p256dh, auth, device }),
  unsubscribePush: (_parent, { endpoint }, { user, services }) => services.push.unsubscribe(user.id, endpoint),
};
