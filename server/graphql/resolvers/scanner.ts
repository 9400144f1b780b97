import type { QueryResolvers } from '../generated/resolvers';

export const scannerQueries: Pick<QueryResolvers, 'marketScanner' | 'marketScannerBatch' | 'scanActivity'> = {
  marketScanner: (_parent, { scanType, limit }, { user, services }) => services.scanner.scan(user.id, scanType, limit),
  marketScannerBatch: async (_parent, { scanTypes, limit }, { user, services }) =>
    (await services.scanner.batch(user.id, scanTypes, limit)).map(({ scanType, hits }) => ({
      scanType,
      results: hits,
    })),
  scanActivity: (_parent, { limit, scanType, withHitsOnly }, { user, services }) =>
    services.scanner.activity({ limit, scanType, withHitsOnly }).map((entry) => ({
      id: String(entry.id),
      scanType: entry.scanType,
      at: new Date(entry.at).toISOString(),
      durationMs: entry.durationMs,
      hits: entry.hits,
      topSymbols: entry.topSymbols,
      source: entry.userId === null ? 'BACKGROUND' : entry.userId === user.id ? 'YOU' : 'OTHER_USER',
    })),
};
