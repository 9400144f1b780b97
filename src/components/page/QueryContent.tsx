import { SkeletonText, Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from './QueryErrorState';
import { useReadyInBackground } from './useReadyInBackground';

interface QueryContentProps<TData> {
  query: UseQueryResult<TData>;
  /** What is being loaded, for the error message ("System health could not be loaded."). */
  what: string;
  /** Lines of the loading skeleton. */
  skeletonLines?: number;
  children(data: TData): ReactNode;
}

/**
 * A query's three states: a skeleton while loading, the error with Retry, or the content. The content's first
 * render is a background one (useReadyInBackground): the skeleton is kept while the content, usually the heavy part
 * of a screen, is built in slices. Later answers update the content directly.
 */
export function QueryContent<TData>({ query, what, skeletonLines = 4, children }: QueryContentProps<TData>) {
  const loaded = useReadyInBackground(query.data !== undefined);
  if (query.data !== undefined && loaded) return <>{children(query.data)}</>;
  if (query.isError && query.data === undefined) {
    return (
      <QueryErrorState
        error={query.error}
        what={what}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <QueryLoading what={what} skeletonLines={skeletonLines} />;
}

/**
 * QueryContent's loading state: skeleton lines labelled "Loading <what>", for content on its way another way. A status
 * (a label is allowed only on an element with a role; a plain div's is refused by axe and not read).
 */
export function QueryLoading({ what, skeletonLines = 4 }: { what: string; skeletonLines?: number }) {
  return (
    <Stack role="status" aria-busy="true" aria-label={`Loading ${what.toLowerCase()}`} py="1">
      <SkeletonText noOfLines={skeletonLines} gap="3" />
    </Stack>
  );
}
