import { SINGLE_USER_TOKEN } from '../domain/constants';
import type { LocalDb } from './db';

const TOKEN_KEY = 'authToken';
const PERSIST_KEY = 'storagePersisted';

/**
 * Mirrors the page's bearer token into IndexedDB: the service worker cannot read localStorage and sends
 * queued writes with this copy.
 */
export async function mirrorBearerToken(db: LocalDb, token: string): Promise<void> {
  await db.meta.put({ key: TOKEN_KEY, value: token });
}

/** The mirrored token (the single-user default when the page never wrote one). */
export async function mirroredBearerToken(db: LocalDb): Promise<string> {
  const row = await db.meta.get(TOKEN_KEY);
  return typeof row?.value === 'string' && row.value !== '' ? row.value : SINGLE_USER_TOKEN;
}

/**
 * Asks the browser once per device to keep this site's storage (queued writes must not be evicted) and
 * remembers the answer. Returns it, or null where the API is missing.
 */
export async function requestPersistentStorageOnce(
  db: LocalDb,
  storage: { persist(): Promise<boolean> } | undefined,
): Promise<boolean | null> {
  const known = await db.meta.get(PERSIST_KEY);
  if (typeof known?.value === 'boolean') return known.value;
  if (!storage) return null;
  const granted = await storage.persist();
  await db.meta.put({ key: PERSIST_KEY, value: granted });
  return granted;
}
