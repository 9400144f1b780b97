// The simulator's history before today's session, kept in DATA_DIR between starts: generating it is the longest
// step of a cold start (about a second of CPU), and for one seed and session day it never changes
// (HistoryBase), so a restart on the same day reads it instead and only simulates today's session. After the
// close, the finished session is kept in its place (its own key), read by the starts until the next open.
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { endianness, hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { INTERVALS, type Interval } from '../../../src/domain/market/candle';
import { BAR_FIELDS } from '../../../src/domain/market/candleRing';
import { dayNumberOf, sessionCloseOf } from '../../../src/domain/market/calendar';
import {
  DEFAULT_CAPACITY,
  finishHistory,
  generateHistory,
  HISTORY_ANCHOR_DAY,
  type HistoryBase,
  type HistoryBaseOptions,
  type MarketHistory,
} from '../../../src/domain/market/history';
import { seedOf } from '../../../src/domain/market/prng';
import { UNIVERSE } from '../../../src/domain/market/universe';
import { IN_MEMORY_DATA_DIR } from '../../config';
import { generateHistoryBaseInWorker } from './historyInWorker';
import { decodeHistoryBase, encodeHistoryBase, type EncodedHistoryBase } from './historyTransfer';

/** The file's layout; a change of it, of the generator or of the instruments makes older files ignored. */
const FORMAT = 'paper-trader history base 2';

/**
 * What the cached base was made by, so that a cache written by another version of the generator is never used: the
 * bars of a small reference history made by `generate` (any change to the model, the random streams or the calendar
 * changes them). Four sessions over Thanksgiving 2026 (a weekend, a holiday and an early close), two instruments,
 * every interval, the last session unfinished: a few milliseconds on the main thread, where the key is needed before
 * the file is read.
 */
export function generatorFingerprint(generate: typeof generateHistory = generateHistory): string {
  const reference = generate({
    seed: 'history cache fingerprint',
    now: Date.parse('2026-11-30T19:41:25.500Z'),
    instruments: UNIVERSE.slice(0, 2),
    capacity: { '1m': 30, '5m': 10, '15m': 5, '1h': 3, '1D': 5 },
    anchorDay: dayNumberOf(2026, 11, 24),
  });
  return JSON.stringify(
    reference.symbols.map(({ bars, logPrice }) => [logPrice, INTERVALS.map((i) => bars[i].toArray())]),
  );
}

/**
 * The key a cached base must carry to stand for `options`' base (hex SHA-256); with `finished`, for the history of
 * its session day once that session has closed (the base with the whole session simulated on top, cachedHistory).
 */
export function historyBaseKey(options: HistoryBaseOptions, finished = false): string {
  const instruments = options.instruments ?? UNIVERSE;
  return createHash('sha256')
    .update(
      JSON.stringify({
        format: FORMAT,
        ...(finished ? { session: 'finished' } : {}),
        endianness: endianness(),
        seed: seedOf(options.seed),
        sessionDay: options.sessionDay,
        anchorDay: options.anchorDay ?? HISTORY_ANCHOR_DAY,
        capacity: { ...DEFAULT_CAPACITY, ...options.capacity },
        instruments,
      }),
    )
    .update(generatorFingerprint())
    .digest('hex');
}

interface Header {
  key: string;
  /**
   * CRC-32 of the bars (everything after the header and its padding), not of the header: a damaged header is caught
   * only when it no longer parses, names another key or other bar counts than the file holds.
   */
  crc32: number;
  seed: number;
  sessionDay: number;
  symbols: { symbol: string; logPrice: number; bars: Record<Interval, number> }[];
}

/**
 * This host's part of a temporary file's name: processes of two containers sharing DATA_DIR (both PID 1, say) write
 * and clean up their own temporaries only.
 */
const HOST = encodeURIComponent(hostname());

/** Whether process `pid` runs on this host. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it runs, as another user
  }
}

/** `path`'s temporary file while process `pid` of this host writes it: `<path>.<host>.<pid>.tmp`. */
export function historyTemporaryFile(path: string, pid = process.pid): string {
  return `${path}.${HOST}.${pid}.tmp`;
}

/**
 * How old a temporary file of the format before host names (`<path>.<pid>.tmp`, written by builds up to 2026-11-24)
 * must be to be removed: its writer, on whatever host, is surely gone (a write takes well under a second).
 */
const LEGACY_TEMPORARY_AGE_MS = 10 * 60_000;

/**
 * Removes the temporary files of `path` that processes of this host no longer running left behind (stopped between
 * writing and renaming), which would otherwise pile up in DATA_DIR, one per process id; a running process's file is
 * its write under way, left alone, and another host's (whose processes this one cannot see) too. A file of the
 * earlier format, which names no host, is removed once older than LEGACY_TEMPORARY_AGE_MS.
 */
async function removeTemporaries(path: string): Promise<void> {
  const prefix = `${basename(path)}.${HOST}.`;
  const isLegacy = (name: string) =>
    name.startsWith(`${basename(path)}.`) && /^\d+\.tmp$/.test(name.slice(basename(path).length + 1));
  const names = await readdir(dirname(path));
  const removeIfOld = async (file: string) => {
    const { mtimeMs } = await stat(file);
    if (Date.now() - mtimeMs > LEGACY_TEMPORARY_AGE_MS) await rm(file, { force: true });
  };
  await Promise.all(
    names.flatMap((name) => {
      const file = join(dirname(path), name);
      if (isLegacy(name)) return [removeIfOld(file).catch(() => undefined)];
      if (!name.startsWith(prefix) || !name.endsWith('.tmp')) return [];
      const pid = Number(name.slice(prefix.length, -'.tmp'.length));
      return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)
        ? [rm(file, { force: true })]
        : [];
    }),
  );
}

/**
 * File layout: the header's length (uint32, little-endian), the header (JSON: key, the bars' CRC-32, and each
 * symbol's log price and bar counts), zero padding to a multiple of 8 bytes, then every symbol's rings' bars as
 * float64s in the header's order (BAR_FIELDS numbers a bar, intervals in INTERVALS order). Written whole under
 * another name, flushed to the disk, then renamed over the old file: a reader sees the old file or the new one, and
 * one that a crash left damaged (bars lost or zeroed, its length whole) fails the CRC and is made again. The CRC
 * covers the bars only (most of the file): the header's own numbers (seed, session day, log prices) are not checked.
 */
export async function writeHistoryBase(path: string, key: string, encoded: EncodedHistoryBase): Promise<void> {
  const arrays = encoded.symbols
    .flatMap(({ bars }) => INTERVALS.map((i) => bars[i]))
    .map((array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  const header: Header = {
    key,
    crc32: arrays.reduce((crc, bytes) => crc32(bytes, crc), 0),
    seed: encoded.seed,
    sessionDay: encoded.sessionDay,
    symbols: encoded.symbols.map(({ symbol, logPrice, bars }) => ({
      symbol,
      logPrice,
      bars: Object.fromEntries(INTERVALS.map((i) => [i, bars[i].length / BAR_FIELDS])) as Record<Interval, number>,
    })),
  };
  const json = Buffer.from(JSON.stringify(header));
  const headerBytes = Math.ceil((4 + json.length) / 8) * 8;
  const start = Buffer.alloc(headerBytes);
  start.writeUInt32LE(json.length, 0);
  json.copy(start, 4);
  const temporary = historyTemporaryFile(path);
  await removeTemporaries(path);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writev([start, ...arrays]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file at `path`, or null when there is none (or it cannot be read). */
async function readStored(path: string): Promise<Buffer | null> {
  return readFile(path).catch(() => null);
}

/**
 * The base stored at `path` when it carries `key` and is whole, else null (no file, another key: an older
 * day, seed or generator, or a damaged file).
 */
export async function readHistoryBase(
  path: string,
  key: string,
  options: HistoryBaseOptions,
): Promise<HistoryBase | null> {
  const file = await readStored(path);
  return file && decodeStored(file, key, options);
}

/** The base `file` (a cache file's bytes) holds when it carries `key` and is whole, else null. */
function decodeStored(file: Buffer, key: string, options: HistoryBaseOptions): HistoryBase | null {
  try {
    const encoded = parse(file, key);
    return encoded && decodeHistoryBase(encoded, options.instruments ?? UNIVERSE, options.capacity);
  } catch {
    return null; // a header of another shape, or a symbol the instruments lack: not this key's file after all
  }
}

function parse(file: Buffer, key: string): EncodedHistoryBase | null {
  if (file.length < 4) return null;
  const jsonLength = file.readUInt32LE(0);
  if (4 + jsonLength > file.length) return null;
  let header: Header;
  try {
    header = JSON.parse(file.subarray(4, 4 + jsonLength).toString('utf8')) as Header;
  } catch {
    return null;
  }
  if (header.key !== key || !Array.isArray(header.symbols)) return null;
  const counts = header.symbols.flatMap((symbol) => INTERVALS.map((i) => symbol.bars?.[i]));
  if (!counts.every((count) => Number.isInteger(count) && count! >= 0)) return null;
  const dataStart = Math.ceil((4 + jsonLength) / 8) * 8;
  const numbers = counts.reduce((sum: number, count) => sum + count! * BAR_FIELDS, 0);
  if (file.length !== dataStart + numbers * 8) return null;
  if (crc32(file.subarray(dataStart)) !== header.crc32) return null;
  // A Float64Array needs an offset that is a multiple of 8 in its buffer: copied when the file's buffer has another.
  const offset = file.byteOffset + dataStart;
  const data =
    offset % 8 === 0
      ? new Float64Array(file.buffer, offset, numbers)
      : new Float64Array(file.buffer.slice(offset, offset + numbers * 8));
  let at = 0;
  const symbols = header.symbols.map(({ symbol, logPrice, bars }) => {
    const rings = Object.fromEntries(
      INTERVALS.map((interval) => {
        const length = bars[interval] * BAR_FIELDS;
        const ring = data.subarray(at, at + length);
        at += length;
        return [interval, ring];
      }),
    ) as Record<Interval, Float64Array>;
    return { symbol, logPrice, bars: rings };
  });
  return { seed: header.seed, sessionDay: header.sessionDay, symbols };
}

/** Where DATA_DIR keeps the base (one file: each new session day replaces it); null for `memory://`. */
export function historyCacheFile(dataDir: string): string | null {
  return dataDir === IN_MEMORY_DATA_DIR ? null : join(resolve(dataDir), 'market-history.bin');
}

/**
 * The base for `options`: read from `file` when it holds that base, otherwise generated (on a worker thread in the
 * compiled server) and stored there for the next start. A failure to store it is reported to `onError` only.
 */
export async function cachedHistoryBase(
  options: HistoryBaseOptions,
  file: string | null,
  onError: (error: unknown) => void,
): Promise<HistoryBase> {
  return baseOf(options, file, file ? await readStored(file) : null, onError);
}

/** cachedHistoryBase with the file's bytes `stored` already read (null: none). */
async function baseOf(
  options: HistoryBaseOptions,
  file: string | null,
  stored: Buffer | null,
  onError: (error: unknown) => void,
): Promise<HistoryBase> {
  const key = file ? historyBaseKey(options) : '';
  const cached = stored && decodeStored(stored, key, options);
  if (cached) return cached;
  const encoded = await generateHistoryBaseInWorker(options, (error) =>
    onError(new Error('the history worker failed: history generated on the main thread', { cause: error })),
  );
  if (file) {
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeHistoryBase(file, key, encoded);
    } catch (error) {
      onError(new Error(`cannot store the market history in ${file}`, { cause: error }));
    }
  }
  return decodeHistoryBase(encoded, options.instruments ?? UNIVERSE, options.capacity);
}

/**
 * The history of `options`' session day at `now` (finishHistory of its cached base). Once that session has closed,
 * the history is the same at any later time until the next session opens: it is stored in `file` in the base's place
 * (under the finished key), so that the next starts read it instead of simulating the whole session again. That store
 * is done after this resolves (the process does not need it to run), its failure reported to `onError` only.
 */
export async function cachedHistory(
  options: HistoryBaseOptions,
  now: number,
  file: string | null,
  onError: (error: unknown) => void,
): Promise<MarketHistory> {
  const closed = now >= sessionCloseOf(options.sessionDay);
  const finishedKey = file && closed ? historyBaseKey(options, true) : null;
  // Read once: it holds the finished history, or the base, or neither.
  const stored = file ? await readStored(file) : null;
  const finished = stored && finishedKey ? decodeStored(stored, finishedKey, options) : null;
  if (finished) return { ...finished, now, sessionInProgress: false };
  const history = finishHistory(await baseOf(options, file, stored, onError), now);
  if (file && finishedKey) {
    // Encoded now: the market is handed these very bars and ticks into them in place (MARKET_HOURS=always, a
    // follower's applyTick), so a copy taken later could hold live ticks. Only the write waits.
    const { encoded } = encodeHistoryBase(history);
    setImmediate(() => {
      writeHistoryBase(file, finishedKey, encoded).catch((error: unknown) =>
        onError(new Error(`cannot store the market history in ${file}`, { cause: error })),
      );
    });
  }
  return history;
}
