import { SkeletonText, Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from './QueryErrorState';

interface QueryContentProps<TData> {
  query: UseQueryResult<TData>;
  /** What is being loaded, for the error message ("System health could not be loaded."). */
  what: string;
  /** Lines of the loading skeleton. */
  skeletonLines?: number;
  children(data: TData): ReactNode;
}

/** A query's three states: a skeleton while loading, the error with Retry, or the content. */
export function QueryContent<TData>({ query, what, skeletonLines = 4, children }: QueryContentProps<TData>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <QueryErrorState
        error={query.error}
        what={what}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <Stack aria-busy="true" aria-label={`Loading ${what.toLowerCase()}`} py="1">
      <SkeletonText noOfLines={skeletonLines} gap="3" />
    </Stack>
  );
}
