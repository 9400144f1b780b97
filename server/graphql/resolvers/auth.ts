import type { MutationResolvers } from '../generated/resolvers';

export const authMutations: Pick<MutationResolvers, 'login' | 'verifyOTP' | 'logout'> = {
  login: (_parent, { input }, { services, client }) => services.signIn.login(input, client.ip),
  verifyOTP: (_parent, { input }, { services }) => services.signIn.verify(input),
  logout: (_parent, _args, { services, client }) => services.signIn.logout(client.token),
};
