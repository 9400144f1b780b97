import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SESSION_MAX_AGE_MS } from '../../../src/domain/constants';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken } from './tokens';

/** Opens a session: an opaque random token (only its hash is stored), valid 24 h and while used every 4 h. */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_MS);
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastActivity: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Stores the revocation of the session whose token hashes to `tokenHash` (no-op for an unknown or already
 * revoked one). Callers go through the authenticator's `revoke`, which also forgets the cached session.
 */
export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}
