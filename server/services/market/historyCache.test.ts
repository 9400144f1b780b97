import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentOrLastSessionDay } from '../../../src/domain/market/calendar';
import { finishHistory, generateHistory, generateHistoryBase } from '../../../src/domain/market/history';
import { findInstrument } from '../../../src/domain/market/universe';
import { IN_MEMORY_DATA_DIR } from '../../config';
import {
  cachedHistory,
  cachedHistoryBase,
  generatorFingerprint,
  historyBaseKey,
  historyCacheFile,
  historyTemporaryFile,
  readHistoryBase,
  writeHistoryBase,
} from './historyCache';
import { encodeHistoryBase } from './historyTransfer';
import { until } from '../../../tests/fixtures/waiting';

const instruments = ['AAPL', 'KO'].map((symbol) => findInstrument(symbol)!);
const IN_SESSION = Date.parse('2026-11-18T16:31:25.500Z'); // Wednesday 11:31:25.5 ET
const LATER_IN_SESSION = Date.parse('2026-11-18T20:59:59.900Z'); // 15:59:59.9 ET
const AFTER_CLOSE = Date.parse('2026-11-18T23:00:00Z');
const OVERNIGHT = Date.parse('2026-11-19T06:00:00Z'); // Thursday 01:00 ET: Wednesday is still the newest session
const EARLY_CLOSE_DAY = Date.parse('2026-11-27T17:10:00Z'); // the Friday after Thanksgiving, 12:10 ET
const options = (now: number) => ({ seed: 'cache', sessionDay: currentOrLastSessionDay(now), instruments });

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-cache-'));
  file = join(dir, 'market-history.bin');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failOnError = (error: unknown) => {
  throw error;
};

describe('the history base kept in DATA_DIR', { timeout: 30_000 }, () => {
  it('read back and finished, equals the history generated in one go, at any time of its session day', async () => {
    for (const now of [IN_SESSION, EARLY_CLOSE_DAY]) {
      const key = historyBaseKey(options(now));
      await writeHistoryBase(file, key, encodeHistoryBase(generateHistoryBase(options(now))).encoded);
      for (const at of now === IN_SESSION ? [IN_SESSION, LATER_IN_SESSION, AFTER_CLOSE] : [now]) {
        const cached = await readHistoryBase(file, key, options(now));
        expect(cached).not.toBeNull();
        expect(finishHistory(cached!, at)).toEqual(generateHistory({ seed: 'cache', now: at, instruments }));
      }
    }
  });

  it('is generated and stored on the first start of a session day, and read on the next', async () => {
    const first = await cachedHistoryBase(options(IN_SESSION), file, failOnError);
    const written = statSync(file).mtimeMs;
    const second = await cachedHistoryBase(options(IN_SESSION), file, failOnError);
    expect(statSync(file).mtimeMs).toBe(written); // read, not generated and stored again
    expect(finishHistory(second, LATER_IN_SESSION)).toEqual(finishHistory(first, LATER_IN_SESSION));
  });

  it('keeps the history of a closed session, read back by the starts after it as the history generated in one go', async () => {
    const written = () => (existsSync(file) ? statSync(file).mtimeMs : undefined);
    // The finished history is stored after cachedHistory resolves.
    const settled = (before: number | undefined) => until(() => written() !== before);
    // In session: the base only.
    const inSession = await cachedHistory(options(IN_SESSION), IN_SESSION, file, failOnError);
    expect(inSession).toEqual(generateHistory({ seed: 'cache', now: IN_SESSION, instruments }));
    const baseWritten = written();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written()).toBe(baseWritten);
    // After the close: simulated on the base, then stored finished.
    const afterClose = await cachedHistory(options(AFTER_CLOSE), AFTER_CLOSE, file, failOnError);
    expect(afterClose).toEqual(generateHistory({ seed: 'cache', now: AFTER_CLOSE, instruments }));
    await settled(baseWritten);
    const finishedWritten = written();
    expect(finishedWritten).not.toBe(baseWritten);
    expect(
      await readHistoryBase(file, historyBaseKey(options(AFTER_CLOSE), true), options(AFTER_CLOSE)),
    ).not.toBeNull();
    // Read back later that night, not simulated or stored again.
    const overnight = await cachedHistory(options(OVERNIGHT), OVERNIGHT, file, failOnError);
    expect(overnight).toEqual(generateHistory({ seed: 'cache', now: OVERNIGHT, instruments }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written()).toBe(finishedWritten);
    // A start in that session (a clock set back) does not take the finished history for its base.
    const again = await cachedHistory(options(LATER_IN_SESSION), LATER_IN_SESSION, file, failOnError);
    expect(again).toEqual(generateHistory({ seed: 'cache', now: LATER_IN_SESSION, instruments }));
  });

  it("ignores another day's, seed's or instruments' base, and a damaged file, and replaces it", async () => {
    const key = historyBaseKey(options(IN_SESSION));
    await cachedHistoryBase(options(IN_SESSION), file, failOnError);
    const nextDay = options(IN_SESSION + 86_400_000);
    expect(historyBaseKey(nextDay)).not.toBe(key);
    expect(historyBaseKey({ ...options(IN_SESSION), seed: 'other' })).not.toBe(key);
    expect(historyBaseKey({ ...options(IN_SESSION), instruments: instruments.slice(1) })).not.toBe(key);
    expect(await readHistoryBase(file, historyBaseKey(nextDay), nextDay)).toBeNull();

    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 8)); // truncated
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();
    writeFileSync(file, Buffer.from('not a history'));
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();
    // Whole in length, its bars damaged: one bit flipped, or the bars zeroed (a crash before the disk had them).
    const flipped = Buffer.from(whole);
    flipped[flipped.length - 3]! ^= 0x10;
    writeFileSync(file, flipped);
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();
    const zeroed = Buffer.from(whole);
    zeroed.fill(0, whole.length - 4096);
    writeFileSync(file, zeroed);
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();
    writeFileSync(file, whole);
    expect(await readHistoryBase(file, key, options(IN_SESSION))).not.toBeNull();
    rmSync(file);
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();

    writeFileSync(file, whole.subarray(0, 100));
    const regenerated = await cachedHistoryBase(options(IN_SESSION), file, failOnError);
    expect(finishHistory(regenerated, IN_SESSION)).toEqual(
      generateHistory({ seed: 'cache', now: IN_SESSION, instruments }),
    );
    expect(readFileSync(file)).toEqual(whole);
  });

  it('makes a damaged finished history again instead of trusting it, and stores it whole', async () => {
    await cachedHistory(options(AFTER_CLOSE), AFTER_CLOSE, file, failOnError);
    const finishedKey = historyBaseKey(options(AFTER_CLOSE), true);
    await until(async () => (await readHistoryBase(file, finishedKey, options(AFTER_CLOSE))) !== null);
    const whole = readFileSync(file);
    const damaged = Buffer.from(whole);
    damaged[damaged.length - 1]! ^= 0x01;
    writeFileSync(file, damaged);
    const overnight = await cachedHistory(options(OVERNIGHT), OVERNIGHT, file, failOnError);
    expect(overnight).toEqual(generateHistory({ seed: 'cache', now: OVERNIGHT, instruments }));
    await until(() => readFileSync(file).equals(whole));
  });

  it('tells a changed generator by its reference history', () => {
    expect(generatorFingerprint()).toBe(generatorFingerprint());
    // A generator whose bars differ (here: other random streams) makes another fingerprint, so another key.
    expect(generatorFingerprint((o) => generateHistory({ ...o, seed: 'another model' }))).not.toBe(
      generatorFingerprint(),
    );
  });

  it('regenerates over a header of another shape carrying the key, and removes the temporary files left behind', async () => {
    const key = historyBaseKey(options(IN_SESSION));
    const json = Buffer.from(JSON.stringify({ key, seed: 1, sessionDay: 1, symbols: [null] }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(json.length);
    writeFileSync(file, Buffer.concat([length, json]));
    expect(await readHistoryBase(file, key, options(IN_SESSION))).toBeNull();

    const leftBehind = historyTemporaryFile(file, 99999999); // a process that stopped between writing and renaming
    writeFileSync(leftBehind, 'half a history');
    const underWay = historyTemporaryFile(file, process.ppid); // a running process's write: left alone
    writeFileSync(underWay, 'a history being written');
    // Another host's (a container sharing DATA_DIR): its process ids are not this host's, so left alone.
    const otherHost = `${file}.another-host.99999999.tmp`;
    writeFileSync(otherHost, 'another host’s history being written');
    // The format before host names: removed once old (its writer surely gone), left alone while recent.
    const legacyOld = `${file}.4242.tmp`;
    writeFileSync(legacyOld, 'half a history of an earlier build');
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(legacyOld, anHourAgo, anHourAgo);
    const legacyRecent = `${file}.4343.tmp`;
    writeFileSync(legacyRecent, 'a history being written by an earlier build');
    const regenerated = await cachedHistoryBase(options(IN_SESSION), file, failOnError);
    expect(finishHistory(regenerated, IN_SESSION)).toEqual(
      generateHistory({ seed: 'cache', now: IN_SESSION, instruments }),
    );
    expect(await readHistoryBase(file, key, options(IN_SESSION))).not.toBeNull();
    expect(existsSync(leftBehind)).toBe(false);
    expect(existsSync(underWay)).toBe(true);
    expect(existsSync(otherHost)).toBe(true);
    expect(existsSync(legacyOld)).toBe(false);
    expect(existsSync(legacyRecent)).toBe(true);
    expect(underWay).toBe(`${file}.${encodeURIComponent(hostname())}.${process.ppid}.tmp`);
  });

  it('keeps no file for an in-memory DATA_DIR, and reports a base it cannot store', async () => {
    expect(historyCacheFile(IN_MEMORY_DATA_DIR)).toBeNull();
    expect(historyCacheFile(dir)).toBe(file);
    const errors: unknown[] = [];
    const blocked = join(dir, 'not-a-directory');
    writeFileSync(blocked, '');
    const base = await cachedHistoryBase(options(IN_SESSION), join(blocked, 'market-history.bin'), (error) =>
      errors.push(error),
    );
    expect(errors).toHaveLength(1);
    expect(finishHistory(base, IN_SESSION)).toEqual(generateHistory({ seed: 'cache', now: IN_SESSION, instruments }));
  });
});
