import type { QueryResolvers } from '../generated/resolvers';

export const systemQueries: Pick<QueryResolvers, 'systemHealth'> = {
  systemHealth: (_parent, _args, { services }) => services.system.health(),
};
