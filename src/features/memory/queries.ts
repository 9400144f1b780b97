import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { ServerMetricsDocument, type ServerMetricsQuery } from '../../graphql/generated/graphql';
import { readBrowserStorage } from './browserStorage';
import { mergeSamples, minutesToFetch } from './mergeSamples';

export const memoryKeys = {
  all: ['memory'] as const,
  server: (minutes: number) => [...memoryKeys.all, 'server', minutes] as const,
  browser: () => [...memoryKeys.all, 'browser'] as const,
};

/** How often the visible Memory monitoring page refreshes (the server samples as often). */
export const MEMORY_REFRESH_MS = 5_000;
/** The charts' window: the server keeps one hour. */
export const MEMORY_WINDOW_MINUTES = 60;

/** A refresh asks for this window only, merged into the hour already shown (./mergeSamples.ts). */
const REFRESH_WINDOW_MINUTES = 1;

/**
 * Live figures over the last `minutes`, refreshed every few seconds with the last minute only: never persisted
 * (an hour of samples would be rewritten each time).
 */
export function serverMetricsQuery(minutes = MEMORY_WINDOW_MINUTES) {
  const queryKey = memoryKeys.server(minutes);
  return queryOptions({
    queryKey,
    queryFn: async ({ client }): Promise<ServerMetricsQuery> => {
      const previous = client.getQueryData<ServerMetricsQuery>(queryKey)?.serverMetrics;
      const newest = previous?.samples.at(-1);
      const now = Date.now();
      const asked = minutesToFetch(newest && Date.parse(newest.timestamp), now, REFRESH_WINDOW_MINUTES, minutes);
      const { serverMetrics } = await gqlRequest(ServerMetricsDocument, { minutes: asked });
      if (!previous || asked === minutes) return { serverMetrics };
      const samples = mergeSamples(previous.samples, serverMetrics.samples, now - minutes * 60_000);
      return { serverMetrics: { ...serverMetrics, samples } };
    },
    meta: { persist: false },
  });
}

/** This browser's storage, read locally (never persisted either). */
export function browserStorageQuery() {
  return queryOptions({ queryKey: memoryKeys.browser(), queryFn: readBrowserStorage, meta: { persist: false } });
}
