/**
 * Secrets at rest (issue 14 point 3): broker keys and secrets, OAuth access and refresh tokens are stored only as
 * AES-256-GCM ciphertext.
 *
 * Rules:
 * - A sealed value is one text: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The 12-byte IV is random
 *   for every seal; the 16-byte tag authenticates the ciphertext and the context.
 * - The context (additional authenticated data) binds a sealed value to where it belongs, e.g.
 *   `broker-connection:<userId>:<connectionId>:apiSecret`: a ciphertext copied into another user's row, or into
 *   another field, does not open.
 * - `keyId` is the first 8 hex digits of SHA-256 of the key: a value sealed under another key (CREDENTIALS_KEY
 *   changed) is refused with a message saying so, instead of a bare authentication failure.
 * - Opening never returns partial plaintext: any tampering, a wrong key or a wrong context throws
 *   {@link SecretUnreadableError}, whose message holds no part of the value.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

export interface SecretBox {
  /** The key's id (8 hex digits), written into every sealed value. */
  readonly keyId: string;
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** The id of a key: the first 8 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the credentials key must be ${KEY_BYTES} bytes`);
  const keyId = keyIdOf(key);
  return {
    keyId,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretUnreadableError('not a sealed secret');
      const [, sealedKeyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
      if (sealedKeyId !== keyId) {
        throw new SecretUnreadableError(
          `sealed under another credentials key (${sealedKeyId}, this server has ${keyId}): set CREDENTIALS_KEY to the key it was sealed with, or connect the broker again`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretUnreadableError('the sealed secret does not open (tampered, or sealed for another place)');
      }
    },
  };
}
