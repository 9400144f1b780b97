/**
 * The VAPID key pair this server signs its push requests with (RFC 8292), in this order:
 * 1. `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` (base64url), both or neither; every server sharing a database must
 *    use the same pair, or browsers subscribed through one server refuse the others' messages.
 * 2. `<DATA_DIR>/vapid.json`: read when it exists, else generated once (owner-only, linked into place whole, so
 *    that two processes starting together end up with the same pair).
 * 3. An in-memory DATA_DIR (tests): a pair for this process.
 * The subject is `VAPID_SUBJECT`, else PUBLIC_ORIGIN when it is https, else a mailto: placeholder.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const VAPID_FILE_NAME = 'vapid.json';
export const DEFAULT_VAPID_SUBJECT = 'mailto:webpush@localhost.localdomain';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface VapidSource {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string | undefined;
  publicOrigin: string | undefined;
  /** DATA_DIR, or undefined when the data lives in memory. */
  dataDir: string | undefined;
}

type KeyPair = Pick<VapidKeys, 'publicKey' | 'privateKey'>;

async function readPair(path: string): Promise<KeyPair> {
  const { publicKey, privateKey } = JSON.parse(await readFile(path, 'utf8')) as Partial<KeyPair>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') {
    throw new Error(`${path}: not a VAPID key pair ({ "publicKey", "privateKey" } expected)`);
  }
  return { publicKey, privateKey };
}

/** A new key pair; web-push is loaded here, when a pair is made, not to start a server whose pair is kept. */
async function generatePair(): Promise<KeyPair> {
  const { default: webpush } = await import('web-push');
  return webpush.generateVAPIDKeys();
}

/**
 * Reads the pair file, or creates it: written whole to a file of this process first, then linked into place, so
 * that a process starting at the same moment either links first or reads a complete file (EEXIST).
 */
async function pairFile(dataDir: string): Promise<KeyPair> {
  const path = join(dataDir, VAPID_FILE_NAME);
  await mkdir(dataDir, { recursive: true });
  const draft = `${path}.${process.pid}.${randomUUID()}`;
  await writeFile(draft, JSON.stringify(await generatePair()), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return readPair(path);
}

export async function loadVapidKeys(source: VapidSource): Promise<VapidKeys> {
  const subject =
    source.subject ?? (source.publicOrigin?.startsWith('https:') ? source.publicOrigin : DEFAULT_VAPID_SUBJECT);
  if ((source.publicKey === undefined) !== (source.privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  if (source.publicKey !== undefined && source.privateKey !== undefined) {
    return { publicKey: source.publicKey, privateKey: source.privateKey, subject };
  }
  const pair = source.dataDir === undefined ? await generatePair() : await pairFile(source.dataDir);
  return { ...pair, subject };
}
