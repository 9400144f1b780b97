import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_IDLE_TIMEOUT_MS, SINGLE_USER_TOKEN } from '../../../src/domain/constants';
import type { AuthMode } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { EventBus } from '../../events';
import { TtlCache } from '../cache';
import { revokeSession, revokeUserSessions } from './sessions';
import { ensureSingleUser } from './singleUser';
import { hashToken } from './tokens';

/** A session's last activity is written at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;
/**
 * A session read from the database is trusted this long by this process. Its expiry and idle timeout are
 * checked on every request, and a logout forgets it at once: on this process directly, on the others through
 * the `sessionEnded` notice (across processes with REDIS_URL). Only a revocation written by another process
 * without a shared bus (or by hand) waits for this to be seen.
 */
export const SESSION_CACHE_TTL_MS = 30 * 1000;
/** Sessions kept in memory at most (least recently used dropped first). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
}

/** What a valid bearer token stands for. */
export interface SessionState {
  user: AuthUser;
  /** The session's id; null for the single-user token, which never expires and cannot be revoked. */
  sessionId: string | null;
  /**
   * When the session ends unless a request comes first (epoch ms): the sooner of its 24 h expiry and its
   * 4 h idle timeout, as this process knows its last activity. Null for the single-user token.
   */
  endsAt: number | null;
}

export interface Authenticator {
  /** The user a bearer token belongs to, or null for no token or an unknown, expired, idle or revoked one. */
  authenticate(token: string | null): Promise<AuthUser | null>;
  /**
   * The session of `token` (null as for `authenticate`). It counts as the session's activity unless
   * `countsAsActivity` is false (an open socket re-checking its session is not a request).
   */
  session(token: string | null, options?: { countsAsActivity?: boolean }): Promise<SessionState | null>;
  /**
   * Revokes the session of `token` (stored and forgotten at once; no-op for an unknown or revoked one) and
   * publishes `sessionEnded`, which closes its WebSockets.
   */
  revoke(token: string): Promise<void>;
  /** Revokes every session of a user (sign-out everywhere, account deletion), closing all of its WebSockets. */
  revokeUser(userId: string): Promise<void>;
  /** The single-user mode's user id (AUTH_MODE=single), else undefined. */
  readonly singleUserId: string | undefined;
  /** Stops listening for `sessionEnded` notices (before the event bus is closed). */
  close(): void;
}

interface AuthenticatorOptions {
  db: Database;
  authMode: AuthMode;
  singleUserEmail: string;
  now: () => Date;
  /**
   * Where `sessionEnded` notices are published, and heard: a notice from any process forgets the sessions it names
   * from this one's cache (omitted: nothing is told, e.g. in tools).
   */
  events?: Pick<EventBus, 'publish' | 'subscribe'>;
}

/** A session as this process knows it; times are epoch milliseconds. */
interface KnownSession {
  id: string;
  user: AuthUser;
  expiresAt: number;
  /** The latest request seen (here or, when read, in the database). */
  lastActivity: number;
  /** The last activity the database holds (written at most every ACTIVITY_WRITE_INTERVAL_MS). */
  storedActivity: number;
}

/**
 * Resolves bearer tokens to users. AUTH_MODE=single also accepts SINGLE_USER_TOKEN for the default
 * user (created on start); both modes accept session tokens (created by the one-time-code sign-in).
 *
 * Sessions are cached by token hash (SESSION_CACHE_TTL_MS). Rules kept on every request: a session
 * ends 24 h after sign-in (expiresAt) and after 4 h without a request (spec §4). Activity is kept in
 * memory per request and written at most once a minute, so a session's stored last activity is up to
 * a minute old: after a restart, or on another process, the idle timeout can end it up to a minute early.
 */
export async function createAuthenticator(options: AuthenticatorOptions): Promise<Authenticator> {
  const { db, now } = options;
  const singleUserId = options.authMode === 'single' ? await ensureSingleUser(db, options.singleUserEmail) : undefined;
  const singleUser: AuthUser | null = singleUserId ? { id: singleUserId } : null;
  const known = new TtlCache<string, KnownSession>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
    name: 'sessions',
    now: () => now().getTime(),
  });

  const read = async (tokenHash: string): Promise<KnownSession | null> => {
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        lastActivity: sessions.lastActivity,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())));
    if (!row) return null;
    const lastActivity = row.lastActivity.getTime();
    return {
      id: row.id,
      user: { id: row.userId },
      expiresAt: row.expiresAt.getTime(),
      lastActivity,
      storedActivity: lastActivity,
    };
  };

  const resolve = async (token: string | null, countsAsActivity: boolean): Promise<SessionState | null> => {
    if (!token) return null;
    if (token === SINGLE_USER_TOKEN) return singleUser && { user: singleUser, sessionId: null, endsAt: null };
    const tokenHash = hashToken(token);
    const session = await known.load(tokenHash, () => read(tokenHash));
    if (!session) return null;
    const at = now().getTime();
    if (at >= session.expiresAt || at - session.lastActivity >= SESSION_IDLE_TIMEOUT_MS) {
      known.delete(tokenHash);
      return null;
    }
    if (countsAsActivity) {
      session.lastActivity = Math.max(session.lastActivity, at);
      if (at - session.storedActivity >= ACTIVITY_WRITE_INTERVAL_MS) {
        session.storedActivity = at;
        await db
          .update(sessions)
          .set({ lastActivity: new Date(at) })
          .where(eq(sessions.id, session.id));
      }
    }
    return {
      user: session.user,
      sessionId: session.id,
      endsAt: Math.min(session.expiresAt, session.lastActivity + SESSION_IDLE_TIMEOUT_MS),
    };
  };

  // A session ended on another process (or here: forgetting it twice is harmless) is not trusted from the cache.
  const notices = options.events?.subscribe('sessionEnded');
  if (notices) {
    void (async () => {
      for await (const { userId, sessionId } of notices) {
        known.deleteWhere((session) => session.user.id === userId && (sessionId === null || session.id === sessionId));
      }
    })();
  }

  return {
    singleUserId,
    close() {
      void notices?.return();
    },
    async authenticate(token) {
      return (await resolve(token, true))?.user ?? null;
    },
    session(token, { countsAsActivity = true } = {}) {
      return resolve(token, countsAsActivity);
    },
    async revoke(token) {
      const tokenHash = hashToken(token);
      known.delete(tokenHash);
      const revoked = await revokeSession(db, tokenHash, now());
      // A request that read the session while the revocation was being written must not keep it.
      known.delete(tokenHash);
      if (revoked) options.events?.publish('sessionEnded', { userId: revoked.userId, sessionId: revoked.id });
    },
    async revokeUser(userId) {
      const tokenHashes = await revokeUserSessions(db, userId, now());
      for (const tokenHash of tokenHashes) known.delete(tokenHash);
      options.events?.publish('sessionEnded', { userId, sessionId: null });
    },
  };
}
