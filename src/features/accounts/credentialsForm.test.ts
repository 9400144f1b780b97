import { describe, expect, it } from 'vitest';
import {
  CONNECT_FAILED_TEXT,
  EMPTY_CREDENTIALS,
  canSubmitCredentials,
  credentialsError,
  credentialsInput,
} from './credentialsForm';

describe('credentials dialog', () => {
  it('needs key and secret both (spaces do not count)', () => {
    expect(canSubmitCredentials(EMPTY_CREDENTIALS)).toBe(false);
    expect(canSubmitCredentials({ ...EMPTY_CREDENTIALS, apiKey: 'k' })).toBe(false);
    expect(canSubmitCredentials({ ...EMPTY_CREDENTIALS, apiKey: 'k', apiSecret: '  ' })).toBe(false);
    expect(canSubmitCredentials({ ...EMPTY_CREDENTIALS, apiKey: 'k', apiSecret: 's' })).toBe(true);
    expect(credentialsInput({ ...EMPTY_CREDENTIALS, apiKey: 'k' }, false)).toBeNull();
  });

  it('sends the account ID only for a broker that asks for it', () => {
    const draft = { apiKey: ' k ', apiSecret: 's', accountId: 'U123', environment: 'LIVE' as const };
    expect(credentialsInput(draft, false)).toEqual({ apiKey: 'k', apiSecret: 's', environment: 'LIVE' });
    expect(credentialsInput(draft, true)).toEqual({
      apiKey: 'k',
      apiSecret: 's',
      environment: 'LIVE',
      accountId: 'U123',
    });
    expect(credentialsInput({ ...draft, accountId: ' ' }, true)).toEqual({
      apiKey: 'k',
      apiSecret: 's',
      environment: 'LIVE',
    });
  });

  it("shows the server's message at the field it names, else 'Failed to connect broker'", () => {
    expect(credentialsError('apiKey: Alpaca refused these credentials')).toEqual({
      field: 'apiKey',
      message: 'Alpaca refused these credentials',
    });
    expect(credentialsError('apiSecret: Please provide all required credentials')).toEqual({
      field: 'apiSecret',
      message: 'Please provide all required credentials',
    });
    expect(credentialsError('provider: not yet available')).toEqual({ field: null, message: CONNECT_FAILED_TEXT });
    expect(credentialsError('Alpaca could not be reached; try again.')).toEqual({
      field: null,
      message: CONNECT_FAILED_TEXT,
    });
    expect(credentialsError(undefined)).toEqual({ field: null, message: CONNECT_FAILED_TEXT });
  });

  it('asks a broker whose credentials are one access token for the token only (sent as the key)', () => {
    const draft = { ...EMPTY_CREDENTIALS, apiKey: ' token ', environment: 'PAPER' as const };
    expect(canSubmitCredentials(draft, 'access-token')).toBe(true);
    expect(canSubmitCredentials(draft)).toBe(false);
    expect(canSubmitCredentials(EMPTY_CREDENTIALS, 'access-token')).toBe(false);
    expect(credentialsInput({ ...draft, apiSecret: 'ignored' }, false, 'access-token')).toEqual({
      apiKey: 'token',
      apiSecret: '',
      environment: 'PAPER',
    });
  });
});
