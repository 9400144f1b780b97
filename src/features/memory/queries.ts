import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { ServerMetricsDocument } from '../../graphql/generated/graphql';
import { readBrowserStorage } from './browserStorage';

export const memoryKeys = {
  all: ['memory'] as const,
  server: (minutes: number) => [...memoryKeys.all, 'server', minutes] as const,
  browser: () => [...memoryKeys.all, 'browser'] as const,
};

/** How often the visible Memory monitoring page refreshes (the server samples as often). */
export const MEMORY_REFRESH_MS = 5_000;
/** The charts' window: the server keeps one hour. */
export const MEMORY_WINDOW_MINUTES = 60;

/** Live figures, refreshed every few seconds: never persisted (an hour of samples would be rewritten each time). */
export function serverMetricsQuery(minutes = MEMORY_WINDOW_MINUTES) {
  return queryOptions({
    queryKey: memoryKeys.server(minutes),
    queryFn: () => gqlRequest(ServerMetricsDocument, { minutes }),
    meta: { persist: false },
  });
}

/** This browser's storage, read locally (never persisted either). */
export function browserStorageQuery() {
  return queryOptions({ queryKey: memoryKeys.browser(), queryFn: readBrowserStorage, meta: { persist: false } });
}
