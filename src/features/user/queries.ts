import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { MeDocument } from '../../graphql/generated/graphql';

export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

/** The signed-in user with preferences and broker connections. */
export function meQuery() {
  return queryOptions({ queryKey: userKeys.me(), queryFn: () => gqlRequest(MeDocument) });
}
