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

/** A session that was just revoked. */
export interface RevokedSession {
  id: string;
  userId: string;
}

/**
 * Stores the revocation of the session whose token hashes to `tokenHash` and returns it (null for an unknown or
 * already revoked one). Callers go through the authenticator's `revoke`, which also forgets the cached session
 * and closes its sockets.
 */
export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<RevokedSession | null> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return revoked ?? null;
}

/** Stores the revocation of every open session of a user; returns their token hashes. */
export async function revokeUserSessions(db: Database, userId: string, now: Date): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return revoked.map((session) => session.tokenHash);
}
