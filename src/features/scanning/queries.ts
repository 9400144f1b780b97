import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import type { ScanType } from '../../domain/scanner/scanTypes';
import { gqlRequest } from '../../graphql/client';
import { MarketScannerDocument, ScanActivityDocument } from '../../graphql/generated/graphql';

/** Scan results and the activity log are asked again this often while on screen (the market ticks every second). */
export const SCANNER_REFRESH_MS = 5_000;
/** Entries of the activity log shown. */
export const ACTIVITY_SHOWN = 50;

export interface ActivityFilter {
  scanType: ScanType | null;
  withHitsOnly: boolean;
}

export const scannerKeys = {
  all: ['scanner'] as const,
  results: () => [...scannerKeys.all, 'results'] as const,
  result: (scanType: ScanType, limit: number) => [...scannerKeys.results(), scanType, limit] as const,
  activity: (filter: ActivityFilter) =>
    [...scannerKeys.all, 'activity', filter.scanType ?? 'ALL', filter.withHitsOnly] as const,
};

/** The strongest `limit` hits of one scan (spec §9: 50 a page), refreshed while shown. */
export function scanQuery(scanType: ScanType, limit: number = PAGE_SIZE.scanner) {
  return queryOptions({
    queryKey: scannerKeys.result(scanType, limit),
    queryFn: () => gqlRequest(MarketScannerDocument, { scanType, limit }),
    refetchInterval: SCANNER_REFRESH_MS,
    staleTime: SCANNER_REFRESH_MS,
  });
}

/** The server's newest scans, filtered, refreshed while shown. */
export function scanActivityQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: scannerKeys.activity(filter),
    queryFn: () =>
      gqlRequest(ScanActivityDocument, {
        limit: ACTIVITY_SHOWN,
        scanType: filter.scanType,
        withHitsOnly: filter.withHitsOnly,
      }),
    refetchInterval: SCANNER_REFRESH_MS,
    staleTime: SCANNER_REFRESH_MS,
  });
}
