import { describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../domain/constants';
import { memoryStorage } from '../lib/storage';
import { AUTH_TOKEN_KEY, authorizationHeader, bearerToken, clearAuthToken, storeAuthToken } from './token';

describe('bearer token', () => {
  it('uses the single-user token when none is stored', () => {
    expect(bearerToken(memoryStorage())).toBe(SINGLE_USER_TOKEN);
    expect(bearerToken(memoryStorage({ [AUTH_TOKEN_KEY]: '  ' }))).toBe(SINGLE_USER_TOKEN);
    expect(bearerToken(null)).toBe(SINGLE_USER_TOKEN);
  });

  it('uses the stored token, and falls back again once it is cleared', () => {
    const storage = memoryStorage();
    storeAuthToken('abc', storage);
    expect(authorizationHeader(storage)).toBe('Bearer abc');
    clearAuthToken(storage);
    expect(authorizationHeader(storage)).toBe(`Bearer ${SINGLE_USER_TOKEN}`);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(bearerToken(broken)).toBe(SINGLE_USER_TOKEN);
    expect(() => storeAuthToken('x', broken)).not.toThrow();
    expect(() => clearAuthToken(broken)).not.toThrow();
  });
});
