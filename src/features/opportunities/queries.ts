import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import type { ScanType } from '../../domain/scanner/scanTypes';
import { gqlRequest } from '../../graphql/client';
import {
  FollowedScansDocument,
  FollowScanDocument,
  MarkAllOpportunityAlertsReadDocument,
  MarkOpportunityAlertReadDocument,
  OpportunityAlertsDocument,
  UnfollowScanDocument,
} from '../../graphql/generated/graphql';

/** The alerts are asked again this often while shown (timeToExpiry counts down on the server's clock). */
export const OPPORTUNITIES_REFRESH_MS = 60_000;

export const opportunityKeys = {
  all: ['opportunities'] as const,
  lists: () => [...opportunityKeys.all, 'list'] as const,
  list: (unreadOnly: boolean) => [...opportunityKeys.lists(), unreadOnly ? 'unread' : 'all'] as const,
  followed: () => [...opportunityKeys.all, 'followed'] as const,
};

/** The user's opportunity alerts, newest first (spec §9: 20 a page). */
export function opportunityAlertsQuery(unreadOnly: boolean) {
  return queryOptions({
    queryKey: opportunityKeys.list(unreadOnly),
    queryFn: () => gqlRequest(OpportunityAlertsDocument, { limit: PAGE_SIZE.opportunityAlerts, unreadOnly }),
    refetchInterval: OPPORTUNITIES_REFRESH_MS,
  });
}

/** The scan types whose fitting hits become the user's alerts. */
export function followedScansQuery() {
  return queryOptions({
    queryKey: opportunityKeys.followed(),
    queryFn: async () => (await gqlRequest(FollowedScansDocument, {})).followedScans,
  });
}

/** Marks one alert read (online only), then the lists are read again. */
export async function markOpportunityRead(queryClient: QueryClient, id: string): Promise<void> {
  await gqlRequest(MarkOpportunityAlertReadDocument, { id });
  await queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() });
}

export async function markAllOpportunitiesRead(queryClient: QueryClient): Promise<void> {
  await gqlRequest(MarkAllOpportunityAlertsReadDocument, {});
  await queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() });
}

/** Follows or unfollows a scan type; the answer (the followed scan types) replaces the cached list. */
export async function setScanFollowed(queryClient: QueryClient, scanType: ScanType, follow: boolean): Promise<void> {
  const followed = follow
    ? (await gqlRequest(FollowScanDocument, { scanType })).followScan
    : (await gqlRequest(UnfollowScanDocument, { scanType })).unfollowScan;
  queryClient.setQueryData(opportunityKeys.followed(), followed);
}
