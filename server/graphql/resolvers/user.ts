import type { UserPreferences } from '../../../src/domain/preferences';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers, UserResolvers } from '../generated/resolvers';

export const userQueries: Pick<QueryResolvers, 'me'> = {
  me: (_parent, _args, { user, services }) => services.users.user(user.id),
};

/** Preferences and broker connections are read only when a query selects them (`me { id email }` reads neither). */
export const userFields: Pick<UserResolvers, 'preferences' | 'brokerConnections'> = {
  preferences: (user, _args, { services }) => user.preferences ?? services.users.preferences(user.id),
  brokerConnections: (user, _args, { services }) => user.brokerConnections ?? services.users.brokerConnections(user.id),
};

export const userMutations: Pick<MutationResolvers, 'updatePreferences'> = {
  updatePreferences: async (_parent, { input }, { user, services }) => {
    const preferences = await services.preferences.update(user.id, input);
    return { ...(await services.users.user(user.id)), preferences };
  },
};

export const userSubscriptions: Pick<SubscriptionResolvers, 'preferencesUpdated'> = {
  preferencesUpdated: {
    subscribe: (_parent, _args, { user, services }) => services.events.subscribe('preferencesUpdated', user.id),
    resolve: (preferences: UserPreferences) => preferences,
  },
};
