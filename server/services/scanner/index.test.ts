import { describe, expect, it } from 'vitest';
import { SCAN_TYPES } from '../../../src/domain/scanner/scanTypes';
import { SimulatedMarket } from '../market';
import { createScannerService, type ScanRun } from '.';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

describe('scanner service', () => {
  it('seeds from the provider on first use, scans every type for onHits listeners, and stops listening', async () => {
    const market = new SimulatedMarket({ seed: 'scanner-service', now: WEDNESDAY_1100 });
    const errors: unknown[] = [];
    const scanner = createScannerService({
      market,
      now: () => new Date(WEDNESDAY_1100),
      log: { error: (object) => void errors.push(object) },
    });
    const runs: ScanRun[] = [];
    const stop = scanner.onHits((run) => runs.push(run));
    scanner.onHits(() => {
      throw new Error('a broken listener');
    });
    const all = await scanner.scanAll();
    expect(scanner.size()).toBe(market.getInstruments().length);
    expect(runs.map((run) => run.scanType)).toEqual([...SCAN_TYPES]);
    expect(runs.every((run) => run.userId === null)).toBe(true);
    expect(runs.map((run) => run.hits)).toEqual(all.map((entry) => entry.hits));
    expect(errors).toHaveLength(SCAN_TYPES.length);
    expect(scanner.activity({ limit: 1 })[0]).toMatchObject({ scanType: 'GAP_DOWN', userId: null });

    // Quotes move the state until close(): a tick changes the most active's volume, then nothing does.
    const before = (await scanner.scan('u1', 'MOST_ACTIVE', 1))[0]!;
    market.tick(WEDNESDAY_1100 + 60_000);
    const after = (await scanner.scan('u1', 'MOST_ACTIVE', 50)).find((hit) => hit.symbol === before.symbol)!;
    expect(after.volume).toBe(market.getQuote(before.symbol)!.volume);
    expect(after.volume).toBeGreaterThan(before.volume);
    scanner.close();
    market.tick(WEDNESDAY_1100 + 120_000);
    const frozen = (await scanner.scan('u1', 'MOST_ACTIVE', 50)).find((hit) => hit.symbol === before.symbol)!;
    expect(frozen.volume).toBe(after.volume);
    stop();
  });

  it('peeks without waiting: null while the universe loads (the load started), then the hits, unlogged', async () => {
    const market = new SimulatedMarket({ seed: 'scanner-peek', now: WEDNESDAY_1100 });
    const scanner = createScannerService({ market, now: () => new Date(WEDNESDAY_1100), log: { error() {} } });
    expect(scanner.peek(['BREAKOUT', 'MOST_ACTIVE'], 3)).toBeNull();
    // The batch waits for the load the peek started.
    const [scanned] = await scanner.batch('u1', ['MOST_ACTIVE'], 3);
    expect(scanner.size()).toBe(market.getInstruments().length);
    expect(scanner.peek(['MOST_ACTIVE'], 3)).toEqual([scanned]);
    expect(scanner.activity({}).map((entry) => entry.userId)).toEqual(['u1']);
    scanner.close();
  });
});
