import { SINGLE_USER_TOKEN } from '../domain/constants';
import { readStored, removeStored, writeStored, type KeyValueStorage } from '../lib/storage';

/** localStorage key of the signed-in user's bearer token. */
export const AUTH_TOKEN_KEY = 'authToken';

export function storedAuthToken(storage?: KeyValueStorage | null): string | null {
  const token = readStored(AUTH_TOKEN_KEY, storage);
  return token && token.trim() !== '' ? token : null;
}

export function storeAuthToken(token: string, storage?: KeyValueStorage | null): void {
  writeStored(AUTH_TOKEN_KEY, token, storage);
}

export function clearAuthToken(storage?: KeyValueStorage | null): void {
  removeStored(AUTH_TOKEN_KEY, storage);
}

/** The token every request carries (spec §6): the stored one, or the single-user default. */
export function bearerToken(storage?: KeyValueStorage | null): string {
  return storedAuthToken(storage) ?? SINGLE_USER_TOKEN;
}

export function authorizationHeader(storage?: KeyValueStorage | null): string {
  return `Bearer ${bearerToken(storage)}`;
}
