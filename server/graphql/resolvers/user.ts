import type { UserPreferences } from '../../../src/domain/preferences';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../generated/resolvers';

export const userQueries: Pick<QueryResolvers, 'me'> = {
  me: (_parent, _args, { user, services }) => services.users.profile(user.id),
};

export const userMutations: Pick<MutationResolvers, 'updatePreferences'> = {
  updatePreferences: async (_parent, { input }, { user, services }) => {
    await services.preferences.update(user.id, input);
    return services.users.profile(user.id);
  },
};

export const userSubscriptions: Pick<SubscriptionResolvers, 'preferencesUpdated'> = {
  preferencesUpdated: {
    subscribe: (_parent, _args, { user, services }) => services.events.subscribe('preferencesUpdated', user.id),
    resolve: (preferences: UserPreferences) => preferences,
  },
};
