import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_IDLE_TIMEOUT_MS, SINGLE_USER_TOKEN } from '../../../src/domain/constants';
import type { AuthMode } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { ensureSingleUser } from './singleUser';
import { hashToken } from './tokens';

/** A session's last activity is written at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
}

export interface Authenticator {
  /** The user a bearer token belongs to, or null for no token or an unknown, expired, idle or revoked one. */
  authenticate(token: string | null): Promise<AuthUser | null>;
  /** The single-user mode's user id (AUTH_MODE=single), else undefined. */
  readonly singleUserId: string | undefined;
}

interface AuthenticatorOptions {
  db: Database;
  authMode: AuthMode;
  singleUserEmail: string;
  now: () => Date;
}

/**
 * Resolves bearer tokens to users. AUTH_MODE=single also accepts SINGLE_USER_TOKEN for the default
 * user (created on start); both modes accept session tokens (sessions are created by the sign-in
 * flow of AUTH_MODE=otp, which arrives with its own issue).
 */
export async function createAuthenticator(options: AuthenticatorOptions): Promise<Authenticator> {
  const { db, now } = options;
  const singleUserId = options.authMode === 'single' ? await ensureSingleUser(db, options.singleUserEmail) : undefined;

  return {
    singleUserId,
    async authenticate(token) {
      if (!token) return null;
      if (token === SINGLE_USER_TOKEN) return singleUserId ? { id: singleUserId } : null;
      const at = now();
      const [session] = await db
        .select({ id: sessions.id, userId: sessions.userId, lastActivity: sessions.lastActivity })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)));
      if (!session) return null;
      // 4 hours without a request end the session (spec §4); activity is written at most once a minute.
      const idle = at.getTime() - session.lastActivity.getTime();
      if (idle >= SESSION_IDLE_TIMEOUT_MS) return null;
      if (idle >= ACTIVITY_WRITE_INTERVAL_MS) {
        await db.update(sessions).set({ lastActivity: at }).where(eq(sessions.id, session.id));
      }
      return { id: session.userId };
    },
  };
}
