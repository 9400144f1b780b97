import { SINGLE_USER_TOKEN } from '../domain/constants';
import { readStored, removeStored, writeStored, type KeyValueStorage } from '../lib/storage';

/** localStorage key of the signed-in user's bearer token. */
export const AUTH_TOKEN_KEY = 'authToken';

export function storedAuthToken(storage?: KeyValueStorage | null): string | null {
  const token = readStored(AUTH_TOKEN_KEY, storage);
  return token && token.trim() !== '' ? token : null;
}

type BearerTokenListener = (token: string) => void;
const bearerTokenListeners = new Set<BearerTokenListener>();

/** Calls `listener` with the new bearer token whenever one is stored or cleared (the outbox mirrors it for the worker). */
export function onBearerTokenChange(listener: BearerTokenListener): () => void {
  bearerTokenListeners.add(listener);
  return () => bearerTokenListeners.delete(listener);
}

function notifyBearerToken(storage?: KeyValueStorage | null): void {
  for (const listener of bearerTokenListeners) listener(bearerToken(storage));
}

export function storeAuthToken(token: string, storage?: KeyValueStorage | null): void {
  writeStored(AUTH_TOKEN_KEY, token, storage);
  notifyBearerToken(storage);
}

export function clearAuthToken(storage?: KeyValueStorage | null): void {
  removeStored(AUTH_TOKEN_KEY, storage);
  notifyBearerToken(storage);
}

/** The token every request carries (spec §6): the stored one, or the single-user default. */
export function bearerToken(storage?: KeyValueStorage | null): string {
  return storedAuthToken(storage) ?? SINGLE_USER_TOKEN;
}

export function authorizationHeader(storage?: KeyValueStorage | null): string {
  return `Bearer ${bearerToken(storage)}`;
}
