/**
 * Crash safety: the real server (server/main.ts) on a file-backed PGlite is SIGKILLed while orders are being
 * placed and filled over HTTP. After a restart every acknowledged order is there, and cash and positions equal
 * the ledger recomputed from the stored trades (each fill is one transaction). engineTwoServers.test.ts runs the
 * same with two servers on one PostgreSQL database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/client';
import {
  CRASH_SYMBOLS,
  crashOrderInput,
  expectCrashSafe,
  quotedBids,
  replaySent,
  sendOrders,
  startPaperServer,
  waitUntil,
} from './paperServers';

const dataDir = mkdtempSync(join(tmpdir(), 'engine-crash-'));
const STARTING_CASH_CENTS = 100_000_00;

const startServer = () => startPaperServer({ DATA_DIR: dataDir, MARKET_SEED: 'crash-test' });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('crash safety of the paper broker (file-backed PGlite, SIGKILL)', () => {
  it('keeps every acknowledged order and balances that match the trades after a SIGKILL mid-fill', async () => {
    const first = await startServer();
    const bids = await quotedBids(first.address, CRASH_SYMBOLS);
    const input = (n: number) => crashOrderInput(n, bids);
    const stream = sendOrders(() => first.address, input);
    await waitUntil(() => stream.acknowledged.size, 80);
    const stopped = stream.stop();
    expect(await first.kill('SIGKILL')).toBeNull();
    await stopped;

    const second = await startServer();
    try {
      // Replaying every request is safe: acknowledged ones return the same order, none is duplicated.
      await replaySent(stream, input, () => second.address);
    } finally {
      expect(await second.kill('SIGTERM')).toBe(0);
    }

    // (Whether a resting limit order also filled on a later tick depends on the random walk; the market orders
    // fill inside placeOrder, so the SIGKILL always lands among fills.)
    const handle = await createDatabase(loadConfig({ DATA_DIR: dataDir }), console);
    try {
      await expectCrashSafe(handle.db, stream.acknowledged, STARTING_CASH_CENTS);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
