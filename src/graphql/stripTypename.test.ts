import { describe, expect, it } from 'vitest';
import { stripTypename } from './stripTypename';

describe('stripTypename', () => {
  it('removes __typename at every depth, in objects and arrays', () => {
    const input = {
      __typename: 'User',
      id: '1',
      preferences: {
        __typename: 'Preferences',
        theme: 'DARK',
        notifications: { __typename: 'NotificationPreferences', email: true },
      },
      brokers: [{ __typename: 'BrokerInfo', id: 'a', tags: [{ __typename: 'Tag', name: 'x' }] }, 'plain'],
    };
    expect(stripTypename(input)).toEqual({
      id: '1',
      preferences: { theme: 'DARK', notifications: { email: true } },
      brokers: [{ id: 'a', tags: [{ name: 'x' }] }, 'plain'],
    });
  });

  it('does not modify its input', () => {
    const input = { __typename: 'A', nested: { __typename: 'B', value: 1 } };
    stripTypename(input);
    expect(input).toEqual({ __typename: 'A', nested: { __typename: 'B', value: 1 } });
  });

  it('keeps scalars, null, undefined and non-plain objects as they are', () => {
    const date = new Date(0);
    expect(stripTypename(null)).toBeNull();
    expect(stripTypename(undefined)).toBeUndefined();
    expect(stripTypename(3)).toBe(3);
    expect(stripTypename('__typename')).toBe('__typename');
    expect(stripTypename({ at: date }).at).toBe(date);
    expect(stripTypename({ value: null, flag: false })).toEqual({ value: null, flag: false });
  });

  it('handles objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { __typename: 'X', a: 1 });
    expect(stripTypename(bare)).toEqual({ a: 1 });
  });
});
