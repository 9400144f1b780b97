/**
 * Where the credentials key comes from (issue 14 point 3), in this order:
 * 1. `CREDENTIALS_KEY`: 32 bytes as 64 hex digits or as base64 / base64url (44 / 43 characters). Every server
 *    sharing a database must have the same one. Anything else is refused at start, naming the variable.
 * 2. `<DATA_DIR>/credentials.key`: read when it exists; otherwise generated once (32 random bytes, written with
 *    permissions 0600, created exclusively so that two processes starting together end up with the same file),
 *    with a warning at every start in production (a key beside the data it protects, and one per machine).
 * 3. An in-memory DATA_DIR (tests): a random key for this process, with the same warning in production.
 * A key file readable by others (group or world bits) is refused: it would defeat the encryption.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KEY_BYTES } from './sealing';

export const KEY_FILE_NAME = 'credentials.key';

export interface CredentialsKeySource {
  credentialsKey: string | undefined;
  /** DATA_DIR, or undefined when the data lives in memory. */
  dataDir: string | undefined;
  production: boolean;
  warn: (message: string) => void;
}

/** The key in `CREDENTIALS_KEY`, or an error naming the variable. */
export function parseCredentialsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, trimmed.includes('+') || trimmed.includes('/') ? 'base64' : 'base64url')
      : undefined;
  if (!key || key.length !== KEY_BYTES) {
    throw new Error('CREDENTIALS_KEY: expected 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
  }
  return key;
}

async function readKeyFile(path: string): Promise<Buffer> {
  const { mode } = await stat(path);
  if ((mode & 0o077) !== 0) {
    throw new Error(`${path}: the credentials key file must be readable by its owner only (chmod 600)`);
  }
  const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
  if (key.length !== KEY_BYTES) throw new Error(`${path}: not a credentials key (64 hex digits expected)`);
  return key;
}

/** Reads the key file, or creates it exclusively; a file created meanwhile by another process is read. */
async function keyFile(dataDir: string): Promise<{ key: Buffer; created: boolean }> {
  const path = join(dataDir, KEY_FILE_NAME);
  await mkdir(dataDir, { recursive: true });
  try {
    const handle = await open(path, 'wx', 0o600);
    const key = randomBytes(KEY_BYTES);
    try {
      await handle.writeFile(key.toString('hex'), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    return { key, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: await readKeyFile(path), created: false };
  }
}

export async function loadCredentialsKey({
  credentialsKey,
  dataDir,
  production,
  warn,
}: CredentialsKeySource): Promise<Buffer> {
  if (credentialsKey !== undefined && credentialsKey.trim() !== '') return parseCredentialsKey(credentialsKey);
  const advice =
    'set CREDENTIALS_KEY (64 hex digits, the same on every server sharing the database) to keep broker credentials sealed by a key kept apart from the data';
  if (dataDir === undefined) {
    if (production)
      warn(`CREDENTIALS_KEY is not set and the data is in memory: a key for this process only; ${advice}`);
    return randomBytes(KEY_BYTES);
  }
  const { key, created } = await keyFile(dataDir);
  const path = join(dataDir, KEY_FILE_NAME);
  if (production) warn(`CREDENTIALS_KEY is not set: ${created ? 'generated' : 'using'} ${path}; ${advice}`);
  return key;
}
