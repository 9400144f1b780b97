import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyIdOf, SecretUnreadableError } from './sealing';

const key = randomBytes(32);
const box = createSecretBox(key);
const SECRET = 'PKTESTSECRET-1234567890';
const HERE = 'broker-connection:user-1:conn-1:apiSecret';

describe('sealed secrets', () => {
  it('opens what it sealed, in the same place', () => {
    const sealed = box.seal(SECRET, HERE);
    expect(box.open(sealed, HERE)).toBe(SECRET);
    expect(box.open(box.seal('', HERE), HERE)).toBe('');
    expect(box.open(box.seal('ünïcødé ✓', HERE), HERE)).toBe('ünïcødé ✓');
  });

  it('never shows the plaintext and seals the same value differently each time', () => {
    const first = box.seal(SECRET, HERE);
    const second = box.seal(SECRET, HERE);
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
    expect(first).not.toContain(Buffer.from(SECRET).toString('base64url'));
    expect(first.split('.').slice(0, 2)).toEqual(['v1', keyIdOf(key)]);
  });

  it('refuses a value moved to another user, row or field', () => {
    const sealed = box.seal(SECRET, HERE);
    for (const elsewhere of [
      'broker-connection:user-2:conn-1:apiSecret',
      'broker-connection:user-1:conn-2:apiSecret',
      'broker-connection:user-1:conn-1:apiKey',
    ]) {
      expect(() => box.open(sealed, elsewhere)).toThrow(SecretUnreadableError);
    }
  });

  it('refuses any tampering, without a word of the value', () => {
    const sealed = box.seal(SECRET, HERE);
    const parts = sealed.split('.');
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const tampered = [...parts.slice(0, index), bytes.toString('base64url'), ...parts.slice(index + 1)].join('.');
      let message = '';
      try {
        box.open(tampered, HERE);
      } catch (error) {
        expect(error).toBeInstanceOf(SecretUnreadableError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/does not open/);
      expect(message).not.toContain(SECRET);
    }
    expect(() => box.open('plain text', HERE)).toThrow(/not a sealed secret/);
    expect(() => box.open(`v2${sealed.slice(2)}`, HERE)).toThrow(/not a sealed secret/);
  });

  it('says when a value was sealed under another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(box.seal(SECRET, HERE), HERE)).toThrow(/another credentials key/);
  });

  it('takes 32-byte keys only', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
