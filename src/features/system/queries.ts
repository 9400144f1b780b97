import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { SystemHealthDocument } from '../../graphql/generated/graphql';

export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};

/** How often a visible system health view refreshes. */
export const SYSTEM_HEALTH_REFRESH_MS = 30_000;

export function systemHealthQuery() {
  return queryOptions({ queryKey: systemKeys.health(), queryFn: () => gqlRequest(SystemHealthDocument) });
}
