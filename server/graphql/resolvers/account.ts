import type { MutationResolvers } from '../generated/resolvers';

export const accountMutations: Pick<MutationResolvers, 'signOutEverywhere' | 'deleteAccount'> = {
  signOutEverywhere: async (_parent, _args, { services, user }) => {
    await services.account.signOutEverywhere(user.id);
    return { success: true };
  },
  deleteAccount: async (_parent, { confirm }, { services, user }) => {
    await services.account.deleteAccount(user.id, confirm);
    return { success: true };
  },
};
