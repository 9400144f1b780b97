import { and, eq, gt, isNull } from 'drizzle-orm';
import { SINGLE_USER_TOKEN } from '../../../src/domain/constants';
import type { AuthMode } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { ensureSingleUser } from './singleUser';
import { hashToken } from './tokens';

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
}

export interface Authenticator {
  /** The user a bearer token belongs to, or null for no token or an unknown, expired or revoked one. */
  authenticate(token: string | null): Promise<AuthUser | null>;
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
    async authenticate(token) {
      if (!token) return null;
      if (token === SINGLE_USER_TOKEN) return singleUserId ? { id: singleUserId } : null;
      const [session] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())),
        );
      return session ? { id: session.userId } : null;
    },
  };
}
