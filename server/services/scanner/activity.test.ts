import { describe, expect, it } from 'vitest';
import { createActivityLog } from './activity';

describe('scan activity log', () => {
  it('keeps the newest `capacity` scans, newest first, filtered by type and hits', () => {
    const log = createActivityLog(3);
    expect(log.list({ limit: 10 })).toEqual([]);
    const types = ['TOP_GAINERS', 'GAP_UP', 'TOP_GAINERS', 'BREAKOUT', 'TOP_GAINERS'] as const;
    types.forEach((scanType, i) =>
      log.record({ scanType, at: i, durationMs: 0.5, hits: i % 2, topSymbols: [], userId: null }),
    );
    expect(log.list({ limit: 10 }).map((entry) => entry.id)).toEqual([5, 4, 3]);
    expect(log.list({ limit: 2 }).map((entry) => entry.id)).toEqual([5, 4]);
    expect(log.list({ limit: 10, scanType: 'TOP_GAINERS' }).map((entry) => entry.id)).toEqual([5, 3]);
    expect(log.list({ limit: 10, withHitsOnly: true }).map((entry) => entry.id)).toEqual([4]);
  });
});
