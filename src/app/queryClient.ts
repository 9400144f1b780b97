import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '../domain/constants';
import { isAuthFailure } from '../graphql/errors';

/** Failed queries are retried twice, except authentication failures (those reload the app at /). */
const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !isAuthFailure(error),
      },
      mutations: { retry: false },
    },
  });
}
